/**
 * The product's sizes (issue 26): one row per SKU with its size, article number and EAN; at
 * least one row stays.
 */
import type { Sku } from './catalogue-api.ts';
import type { DraftProps } from './product-draft.ts';

/** The "Storlekar (SKU)" fieldset of the product form. */
export function SkuRows({ draft, update }: DraftProps) {
  const setSku = (index: number, change: Partial<Sku>) =>
    update({ skus: draft.skus.map((s, i) => (i === index ? { ...s, ...change } : s)) });
  return (
    <fieldset className="panel">
      <legend>Storlekar (SKU)</legend>
      {draft.skus.map((sku, index) => (
        <div className="form form-row" key={index}>
          <div className="field">
            <label htmlFor={`sku-${index}-size`}>Storlek {index + 1}</label>
            <input
              id={`sku-${index}-size`}
              value={sku.size}
              onChange={(e) => setSku(index, { size: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`sku-${index}-articleNumber`}>Artikelnummer, storlek {index + 1}</label>
            <input
              id={`sku-${index}-articleNumber`}
              value={sku.articleNumber}
              onChange={(e) => setSku(index, { articleNumber: e.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor={`sku-${index}-ean`}>EAN, storlek {index + 1}</label>
            <input
              id={`sku-${index}-ean`}
              inputMode="numeric"
              value={sku.ean ?? ''}
              onChange={(e) => setSku(index, { ean: e.target.value })}
            />
          </div>
          <button
            type="button"
            className="button button-secondary"
            disabled={draft.skus.length === 1}
            onClick={() => update({ skus: draft.skus.filter((_, i) => i !== index) })}
          >
            Ta bort<span className="visually-hidden"> storlek {index + 1}</span>
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => update({ skus: [...draft.skus, { articleNumber: '', size: '', ean: '' }] })}
      >
        Lägg till storlek
      </button>
    </fieldset>
  );
}
