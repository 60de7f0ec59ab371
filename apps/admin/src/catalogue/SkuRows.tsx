/**
 * The product's sizes (issue 26): one group per SKU with its size, article number and EAN, and
 * its weight and packed size (issue 43: "Vikt (g)", "Längd (mm)", "Bredd (mm)", "Höjd (mm)",
 * whole numbers, empty = unknown) for the shipping price; at least one size stays. Every field
 * has its own label (the size's number is read out, not shown), in tab order row by row.
 */
import {
  emptySku,
  SKU_MEASURE_RULES,
  SKU_MEASURES,
  type DraftProps,
  type SkuDraft,
} from './product-draft.ts';

/** The "Storlekar (SKU)" fieldset of the product form. */
export function SkuRows({ draft, update }: DraftProps) {
  const setSku = (index: number, change: Partial<SkuDraft>) =>
    update({ skus: draft.skus.map((s, i) => (i === index ? { ...s, ...change } : s)) });
  return (
    <fieldset className="panel">
      <legend>Storlekar (SKU)</legend>
      <p className="hint" id="sku-measures-hint">
        Vikt i gram och mått i millimeter för förpackad vara, i hela tal. Lämna tomt om det inte är
        känt.
      </p>
      {draft.skus.map((sku, index) => (
        <div className="form sku-group" key={index}>
          <div className="form form-row">
            <div className="field">
              <label htmlFor={`sku-${index}-size`}>Storlek {index + 1}</label>
              <input
                id={`sku-${index}-size`}
                value={sku.size}
                onChange={(e) => setSku(index, { size: e.target.value })}
              />
            </div>
            <div className="field">
              <label htmlFor={`sku-${index}-articleNumber`}>
                Artikelnummer, storlek {index + 1}
              </label>
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
          <div className="form form-row">
            {SKU_MEASURES.map((measure) => (
              <div className="field" key={measure}>
                <label htmlFor={`sku-${index}-${measure}`}>
                  {SKU_MEASURE_RULES[measure].label}
                  <span className="visually-hidden">, storlek {index + 1}</span>
                </label>
                <input
                  id={`sku-${index}-${measure}`}
                  inputMode="numeric"
                  autoComplete="off"
                  aria-describedby="sku-measures-hint"
                  value={sku[measure]}
                  onChange={(e) => setSku(index, { [measure]: e.target.value })}
                />
              </div>
            ))}
          </div>
        </div>
      ))}
      <button
        type="button"
        className="button button-secondary"
        onClick={() => update({ skus: [...draft.skus, emptySku()] })}
      >
        Lägg till storlek
      </button>
    </fieldset>
  );
}
