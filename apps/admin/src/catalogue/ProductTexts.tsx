/**
 * The product's name and texts per language of the shop (issue 26): the main language first,
 * required; the other languages fold away (open when they have a name).
 */
import type { Choice, ProductText } from './catalogue-api.ts';
import type { Draft } from './product-draft.ts';

/** The text fieldsets of the product form, one per language. */
export function ProductTexts({
  draft,
  languages,
  defaultLanguage,
  setText,
}: {
  draft: Draft;
  /** The shop's languages, the main language first. */
  languages: Choice[];
  defaultLanguage: string;
  /** Sets one text field of one language (the page also derives the alias from the name). */
  setText: (languageId: string, field: keyof ProductText, value: string) => void;
}) {
  return (
    <>
      {languages.map((language) => {
        const fields = (
          <fieldset className="panel" key={language.id}>
            <legend>
              Texter: {language.name}
              {language.id === defaultLanguage ? ' (huvudspråk)' : ''}
            </legend>
            <div className="form">
              <div className="field">
                <label htmlFor={`text-${language.id}-name`}>Namn</label>
                <input
                  id={`text-${language.id}-name`}
                  value={draft.texts[language.id]?.name ?? ''}
                  onChange={(e) => setText(language.id, 'name', e.target.value)}
                  required={language.id === defaultLanguage}
                />
              </div>
              <div className="field">
                <label htmlFor={`text-${language.id}-short`}>Kort text</label>
                <input
                  id={`text-${language.id}-short`}
                  value={draft.texts[language.id]?.shortText ?? ''}
                  onChange={(e) => setText(language.id, 'shortText', e.target.value)}
                />
              </div>
              <div className="field">
                <label htmlFor={`text-${language.id}-description`}>Beskrivning</label>
                <textarea
                  id={`text-${language.id}-description`}
                  rows={4}
                  value={draft.texts[language.id]?.description ?? ''}
                  onChange={(e) => setText(language.id, 'description', e.target.value)}
                />
              </div>
            </div>
          </fieldset>
        );
        if (language.id === defaultLanguage) return fields;
        // The other languages fold away (open when they have a name).
        return (
          <details
            className="translation"
            key={language.id}
            open={Boolean(draft.texts[language.id]?.name)}
          >
            <summary>Översättning: {language.name}</summary>
            {fields}
          </details>
        );
      })}
    </>
  );
}
