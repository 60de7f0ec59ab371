/**
 * The product's specification (issue 26): parameter values, one row per parameter, added and
 * removed on the form. The fieldset takes focus for an API error about the parameters.
 */
import type { CatalogueChoices } from './catalogue-api.ts';
import type { DraftProps } from './product-draft.ts';

/** The "Specifikation" fieldset of the product form. */
export function ProductParameters({
  draft,
  update,
  choices,
}: DraftProps & { choices: CatalogueChoices }) {
  return (
    <fieldset className="panel" id="parameters" tabIndex={-1}>
      <legend>Specifikation</legend>
      {draft.parameters.map((parameter, index) => (
        <div className="form form-row" key={index}>
          <div className="field">
            <label htmlFor={`parameter-${index}`}>Egenskap</label>
            <select
              id={`parameter-${index}`}
              value={parameter.parameterId}
              onChange={(e) =>
                update({
                  parameters: draft.parameters.map((p, i) =>
                    i === index ? { ...p, parameterId: e.target.value } : p,
                  ),
                })
              }
            >
              <option value="">Välj …</option>
              {choices.parameters.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={`parameter-${index}-value`}>Värde</label>
            <input
              id={`parameter-${index}-value`}
              value={parameter.value}
              onChange={(e) =>
                update({
                  parameters: draft.parameters.map((p, i) =>
                    i === index ? { ...p, value: e.target.value } : p,
                  ),
                })
              }
            />
          </div>
          <button
            type="button"
            className="button button-secondary"
            onClick={() => update({ parameters: draft.parameters.filter((_, i) => i !== index) })}
          >
            Ta bort<span className="visually-hidden"> egenskap {index + 1}</span>
          </button>
        </div>
      ))}
      <button
        type="button"
        className="button button-secondary"
        onClick={() =>
          update({ parameters: [...draft.parameters, { parameterId: '', value: '' }] })
        }
      >
        Lägg till egenskap
      </button>
    </fieldset>
  );
}
