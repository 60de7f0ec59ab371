/**
 * The product form's basic data (issue 26): article number, alias (the old address answers with
 * a 301 when it changes), brand, main and further categories, published.
 */
import { categoryTree, type CatalogueChoices } from './catalogue-api.ts';
import { CategoryOptions } from './CategoryOptions.tsx';
import type { DraftProps } from './product-draft.ts';

/** The "Grunduppgifter" fieldset of the product form. */
export function ProductBasics({
  draft,
  update,
  choices,
}: DraftProps & { choices: CatalogueChoices }) {
  const tree = categoryTree(choices.categories);
  return (
    <fieldset className="panel">
      <legend>Grunduppgifter</legend>
      <div className="form form-row">
        <div className="field">
          <label htmlFor="product-article">Artikelnummer</label>
          <input
            id="product-article"
            value={draft.articleNumber}
            onChange={(e) => update({ articleNumber: e.target.value })}
            required
          />
        </div>
        <div className="field">
          <label htmlFor="product-alias">Alias (webbadress)</label>
          <input
            id="product-alias"
            value={draft.alias}
            aria-describedby="product-alias-hint"
            onChange={(e) => update({ alias: e.target.value.toLowerCase() })}
            required
          />
          <span className="hint" id="product-alias-hint">
            Ändras aliaset skickas den gamla adressen vidare (301).
          </span>
        </div>
        <div className="field">
          <label htmlFor="product-brand">Varumärke</label>
          <select
            id="product-brand"
            value={draft.brandId}
            onChange={(e) => update({ brandId: e.target.value })}
          >
            <option value="">Välj …</option>
            {choices.brands.map((b) => (
              <option key={b.id} value={b.id}>
                {b.name}
              </option>
            ))}
          </select>
        </div>
        <div className="field">
          <label htmlFor="product-category">Huvudkategori</label>
          <select
            id="product-category"
            value={draft.primaryCategoryId}
            onChange={(e) => update({ primaryCategoryId: e.target.value })}
          >
            <option value="">Välj …</option>
            <CategoryOptions tree={tree} />
          </select>
        </div>
        <div className="field">
          <label htmlFor="product-categories">Fler kategorier</label>
          <select
            id="product-categories"
            multiple
            size={4}
            value={draft.categoryIds.map(String)}
            onChange={(e) =>
              update({
                categoryIds: [...e.target.selectedOptions].map((o) => Number(o.value)),
              })
            }
          >
            <CategoryOptions tree={tree} />
          </select>
        </div>
        <div className="field field-check">
          <input
            id="product-published"
            type="checkbox"
            checked={draft.published}
            onChange={(e) => update({ published: e.target.checked })}
          />
          <label htmlFor="product-published">Publicerad i butiken</label>
        </div>
      </div>
    </fieldset>
  );
}
