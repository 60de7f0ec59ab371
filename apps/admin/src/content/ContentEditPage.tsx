/**
 * The editor of a draft page or widget area (issue 27 "Moderation and content"; content:write):
 * the heading and meta texts, and each widget's texts (the string fields of its configuration and
 * of its `image`, in the shape the API serves: ralph-ui's, issue 44 §1; other widgets as their
 * JSON document). "Förhandsgranska" saves and gives a link to
 * `/preview-widgets` with a staff token; "Publicera" saves and replaces the published version;
 * "Förkasta utkastet" drops a draft copy (the published version stays).
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AdminApiError, adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import '../moderation/moderation.css';

interface Detail {
  page: {
    id: number;
    alias: string | null;
    name: string;
    family: string;
    areaName: string;
    title: string | null;
    metaTitle: string | null;
    metaDescription: string | null;
    published: boolean;
    draftOf: number | null;
    previewPath: string | null;
  };
  widgets: Array<{ id: number; containerName: string; name: string; configuration: string }>;
}

const FIELDS = `page { id alias name family areaName title metaTitle metaDescription published
  draftOf previewPath } widgets { id containerName name configuration }`;
const LOAD = `query($id: Int!) { contentPage(id: $id) { ${FIELDS} } }`;
const SAVE = `mutation($input: ContentDraftInput!) { updateContentDraft(input: $input) { ${FIELDS} } }`;
const LINK = 'mutation($id: Int!) { contentPreviewLink(id: $id) }';
const PUBLISH = 'mutation($id: Int!) { publishContentDraft(id: $id) { id } }';
const DISCARD = 'mutation($id: Int!) { discardContentDraft(id: $id) { id } }';

/**
 * The seller's placeholders the shop API fills from the settings (issue 40 §2;
 * api modules/content/seller-placeholders.ts), named beside every long text.
 */
const SELLER_PLACEHOLDER_HINT =
  '{{företagsnamn}}, {{organisationsnummer}}, {{momsregistreringsnummer}}, {{adress}}, ' +
  '{{e-post}} och {{telefon}} (till exempel <a href="tel:{{telefon}}">{{telefon}}</a>)';

/**
 * Swedish labels of the configuration fields editors change most (ralph-ui's names; api
 * modules/content/widget-configuration.ts), `image.` for the fields of a widget's image.
 */
const FIELD_NAMES: Record<string, string> = {
  title: 'Rubrik',
  subtitle: 'Underrubrik',
  text: 'Text (HTML)',
  html: 'HTML',
  css: 'CSS',
  json: 'JSON (egen widget)',
  text1: 'Rubrik',
  text2: 'Text',
  eyebrow: 'Överrubrik',
  buttonText: 'Knapptext',
  classNames: 'Klassnamn',
  videoId: 'Video-id',
  'image.href': 'Länk',
  'image.altText': 'Alternativtext för bilden',
  'image.filename': 'Bildfil',
  'image.filenameForMobileDevice': 'Bildfil för mobil',
};

/** Fields edited in a text area. */
const LONG_FIELDS = new Set(['text', 'html', 'css', 'json']);

/** The object fields whose own string fields are edited too (`image.href`, ...). */
const NESTED_FIELDS = ['image'];

/** A configuration's editable string fields: top-level ones, then those of its image. */
function stringFields(values: Record<string, unknown>): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const [key, value] of Object.entries(values)) {
    if (typeof value === 'string') fields.push([key, value]);
  }
  for (const key of NESTED_FIELDS) {
    const nested = values[key];
    if (nested && typeof nested === 'object' && !Array.isArray(nested)) {
      for (const [inner, value] of Object.entries(nested as Record<string, unknown>)) {
        if (typeof value === 'string') fields.push([`${key}.${inner}`, value]);
      }
    }
  }
  return fields;
}

/** The configuration with one field (`key` or `object.key`) set. */
function withField(
  values: Record<string, unknown>,
  key: string,
  value: string,
): Record<string, unknown> {
  const [outer, inner] = key.split('.', 2) as [string, string | undefined];
  if (inner === undefined) return { ...values, [outer]: value };
  const nested = (values[outer] ?? {}) as Record<string, unknown>;
  return { ...values, [outer]: { ...nested, [inner]: value } };
}

/** A widget's editable form: its string fields, or the whole document when it is not an object. */
type WidgetForm =
  { kind: 'fields'; values: Record<string, unknown> } | { kind: 'json'; text: string };

function formOf(configuration: string): WidgetForm {
  try {
    const value: unknown = JSON.parse(configuration);
    if (value && typeof value === 'object' && !Array.isArray(value)) {
      const record = value as Record<string, unknown>;
      if (stringFields(record).length > 0) {
        return { kind: 'fields', values: record };
      }
    }
  } catch {
    // Shown as its text.
  }
  return { kind: 'json', text: configuration };
}

function configurationOf(form: WidgetForm): string {
  return form.kind === 'fields' ? JSON.stringify(form.values) : form.text;
}

/** The draft editor. */
export function ContentEditPage() {
  const { id } = useParams();
  const navigate = useNavigate();
  const [detail, setDetail] = useState<Detail | null>(null);
  const [texts, setTexts] = useState({ title: '', metaTitle: '', metaDescription: '' });
  const [forms, setForms] = useState<Record<number, WidgetForm>>({});
  const [errors, setErrors] = useState<FormError[]>([]);
  const [message, setMessage] = useState('');
  const [previewLink, setPreviewLink] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);

  function show(data: Detail) {
    setDetail(data);
    setTexts({
      title: data.page.title ?? '',
      metaTitle: data.page.metaTitle ?? '',
      metaDescription: data.page.metaDescription ?? '',
    });
    setForms(Object.fromEntries(data.widgets.map((w) => [w.id, formOf(w.configuration)])));
  }

  useEffect(() => {
    adminRequest<{ contentPage: Detail | null }>(LOAD, { id: Number(id) })
      .then((data) => {
        if (data.contentPage) show(data.contentPage);
        else setErrors([{ message: 'Sidan finns inte.' }]);
      })
      .catch((error: unknown) => setErrors([{ message: errorMessage(error) }]));
  }, [id]);

  /** Saves the draft; false (with the errors shown) when the API refused it. */
  async function save(): Promise<boolean> {
    if (!detail) return false;
    setErrors([]);
    try {
      const data = await adminRequest<{ updateContentDraft: Detail }>(SAVE, {
        input: {
          pageId: detail.page.id,
          ...texts,
          widgets: detail.widgets.map((w) => ({
            id: w.id,
            configuration: configurationOf(forms[w.id]!),
          })),
        },
      });
      show(data.updateContentDraft);
      return true;
    } catch (error) {
      const text = errorMessage(error);
      const index = /^widgets\.(\d+)/.exec(
        error instanceof AdminApiError ? (error.argument ?? '') : '',
      )?.[1];
      const widget = index === undefined ? undefined : detail.widgets[Number(index)];
      setErrors([{ message: text, fieldId: widget ? `widget-${widget.id}-json` : undefined }]);
      return false;
    }
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy(true);
    if (await save()) setMessage('Utkastet är sparat.');
    setBusy(false);
  }

  async function preview() {
    if (!detail) return;
    setBusy(true);
    if (await save()) {
      try {
        const data = await adminRequest<{ contentPreviewLink: string | null }>(LINK, {
          id: detail.page.id,
        });
        setPreviewLink(data.contentPreviewLink);
        setMessage(
          data.contentPreviewLink
            ? 'Utkastet är sparat. Länken till förhandsgranskningen gäller i en timme.'
            : 'Utkastet är sparat. Den här ytan förhandsgranskas på sin sida i butiken.',
        );
      } catch (error) {
        setErrors([{ message: errorMessage(error) }]);
      }
    }
    setBusy(false);
  }

  async function publish() {
    if (!detail) return;
    setBusy(true);
    if (await save()) {
      try {
        await adminRequest(PUBLISH, { id: detail.page.id });
        await navigate('/innehall');
        return;
      } catch (error) {
        setErrors([{ message: errorMessage(error) }]);
      }
    }
    setBusy(false);
  }

  async function discard() {
    if (!detail) return;
    setBusy(true);
    try {
      await adminRequest(DISCARD, { id: detail.page.id });
      await navigate('/innehall');
      return;
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    }
    setBusy(false);
  }

  function setField(widgetId: number, key: string, value: string) {
    setForms((all) => {
      const form = all[widgetId]!;
      if (form.kind !== 'fields') return all;
      return {
        ...all,
        [widgetId]: { kind: 'fields', values: withField(form.values, key, value) },
      };
    });
  }

  if (!detail) {
    return (
      <>
        <h1>Redigera innehåll</h1>
        <ErrorSummary errors={errors} />
        {errors.length === 0 ? <p className="loading">Laddar …</p> : null}
      </>
    );
  }
  const place = detail.page.alias
    ? `/${detail.page.alias}`
    : `${detail.page.family} – ${detail.page.areaName}`;
  return (
    <>
      <h1>Redigera: {detail.page.name}</h1>
      <ErrorSummary errors={errors} />
      <p>
        {place} ·{' '}
        {detail.page.published
          ? 'Publicerad'
          : detail.page.draftOf
            ? 'Utkast med ändringar av den publicerade sidan'
            : 'Utkast, inte publicerat'}
      </p>
      <p className="status" role="status">
        {message}
      </p>
      {previewLink ? (
        <p>
          <a href={previewLink} target="_blank" rel="noreferrer">
            Öppna förhandsgranskningen (nytt fönster)
          </a>
        </p>
      ) : null}
      <form onSubmit={(event) => void submit(event)} noValidate className="form">
        <section className="panel widget-fields" aria-labelledby="content-texts-title">
          <h2 id="content-texts-title">Texter</h2>
          <div className="field">
            <label htmlFor="content-title">Rubrik</label>
            <input
              id="content-title"
              value={texts.title}
              onChange={(event) => setTexts({ ...texts, title: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="content-meta-title">Metatitel</label>
            <input
              id="content-meta-title"
              value={texts.metaTitle}
              onChange={(event) => setTexts({ ...texts, metaTitle: event.target.value })}
            />
          </div>
          <div className="field">
            <label htmlFor="content-meta-description">Metabeskrivning</label>
            <textarea
              id="content-meta-description"
              rows={2}
              value={texts.metaDescription}
              onChange={(event) => setTexts({ ...texts, metaDescription: event.target.value })}
            />
          </div>
        </section>
        {detail.widgets.map((widget, index) => {
          const form = forms[widget.id];
          if (!form) return null;
          return (
            <fieldset key={widget.id} className="panel widget-fields">
              <legend>
                Widget {index + 1}: {widget.name} ({widget.containerName})
              </legend>
              {form.kind === 'fields' ? (
                stringFields(form.values).map(([key, value]) => {
                  const fieldId = `widget-${widget.id}-${key.replace('.', '-')}`;
                  const long = LONG_FIELDS.has(key);
                  return (
                    <div className="field" key={key}>
                      <label htmlFor={fieldId}>{FIELD_NAMES[key] ?? key}</label>
                      {long ? (
                        <span className="hint" id={`${fieldId}-hint`}>
                          Butikens uppgifter fylls i där texten har {SELLER_PLACEHOLDER_HINT}.
                        </span>
                      ) : null}
                      {long ? (
                        <textarea
                          id={fieldId}
                          aria-describedby={`${fieldId}-hint`}
                          rows={6}
                          value={value}
                          onChange={(event) => setField(widget.id, key, event.target.value)}
                        />
                      ) : (
                        <input
                          id={fieldId}
                          value={value}
                          onChange={(event) => setField(widget.id, key, event.target.value)}
                        />
                      )}
                    </div>
                  );
                })
              ) : (
                <div className="field">
                  <label htmlFor={`widget-${widget.id}-json`}>Inställningar (JSON)</label>
                  <textarea
                    id={`widget-${widget.id}-json`}
                    rows={6}
                    className="change"
                    value={form.text}
                    onChange={(event) =>
                      setForms({
                        ...forms,
                        [widget.id]: { kind: 'json', text: event.target.value },
                      })
                    }
                  />
                </div>
              )}
            </fieldset>
          );
        })}
        <div className="dialog-actions">
          <button type="submit" className="button" disabled={busy}>
            Spara utkast
          </button>
          <button
            type="button"
            className="button button-secondary"
            disabled={busy}
            onClick={() => void preview()}
          >
            Förhandsgranska
          </button>
          {!detail.page.published ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void publish()}
            >
              Publicera
            </button>
          ) : null}
          {detail.page.draftOf ? (
            <button
              type="button"
              className="button button-secondary"
              disabled={busy}
              onClick={() => void discard()}
            >
              Förkasta utkastet
            </button>
          ) : null}
        </div>
      </form>
    </>
  );
}
