/**
 * Creating and editing a product (issue 26 "Catalogue and stock"): basic data (article number,
 * alias, brand, categories, published), name and texts per language of the shop, parameters,
 * sizes (SKUs with EAN), prices per market entered incl. or excl. VAT with the VAT shown (the
 * API's `vatBreakdown`, the shop's one VAT rule), and images (upload, order, remove). A refused
 * form puts focus on its error summary.
 */
import { useEffect, useState, type FormEvent } from 'react';
import { useNavigate, useParams } from 'react-router';
import { AdminApiError, adminRequest, type Me } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import {
  aliasOf,
  categoryTree,
  kronorText,
  loadChoices,
  parseKronor,
  PRODUCT_FIELDS,
  type CatalogueChoices,
  type Product,
  type ProductText,
  type Sku,
} from './catalogue-api.ts';
import { ProductImages } from './ProductImages.tsx';
import { PriceRows, type PriceDraft } from './PriceRows.tsx';

interface Draft {
  articleNumber: string;
  alias: string;
  brandId: string;
  primaryCategoryId: string;
  categoryIds: number[];
  published: boolean;
  texts: Record<string, ProductText>;
  parameters: Array<{ parameterId: string; value: string }>;
  skus: Sku[];
  prices: Record<string, PriceDraft>;
}

function emptyText(languageId: string): ProductText {
  return { languageId, name: '', shortText: '', description: '', extraText: '' };
}

function draftOf(product: Product | null, choices: CatalogueChoices): Draft {
  const texts = Object.fromEntries(choices.languages.map((l) => [l.id, emptyText(l.id)]));
  for (const text of product?.texts ?? []) texts[text.languageId] = text;
  const prices: Record<string, PriceDraft> = {};
  for (const market of choices.markets) {
    const stored = product?.prices.find((p) => p.marketId === market.id);
    prices[market.id] = {
      text: stored ? kronorText(stored.priceIncVat) : '',
      vatMode: 'incVat',
      stored: stored ?? null,
    };
  }
  return {
    articleNumber: product?.articleNumber ?? '',
    alias: product?.alias ?? '',
    brandId: product ? String(product.brandId) : '',
    primaryCategoryId: product ? String(product.primaryCategoryId) : '',
    categoryIds: product?.categoryIds.filter((id) => id !== product.primaryCategoryId) ?? [],
    published: product?.published ?? true,
    texts,
    parameters: (product?.parameters ?? []).map((p) => ({
      parameterId: String(p.parameterId),
      value: p.value,
    })),
    skus: product?.skus.map((s) => ({ ...s })) ?? [{ articleNumber: '', size: '', ean: '' }],
    prices,
  };
}

/** The form field an API error's `argument` is about. */
function fieldOfArgument(
  argument: string | undefined,
  defaultLanguage: string,
): string | undefined {
  if (!argument) return undefined;
  const [head, index, leaf] = argument.split('.');
  if (head === 'skus' && index !== undefined) return `sku-${index}-${leaf ?? 'articleNumber'}`;
  if (head === 'skus') return 'sku-0-articleNumber';
  if (head === 'texts') return `text-${defaultLanguage}-name`;
  if (head === 'prices') return 'prices';
  return (
    {
      alias: 'product-alias',
      articleNumber: 'product-article',
      brandId: 'product-brand',
      primaryCategoryId: 'product-category',
      categoryIds: 'product-category',
      parameters: 'parameters',
    } as Record<string, string>
  )[head ?? ''];
}

/** The product page: `/sortiment/ny` or `/sortiment/{id}`. */
export function ProductEditPage({ me }: { me: Me }) {
  const params = useParams();
  const navigate = useNavigate();
  const id = params.id === 'ny' ? null : Number(params.id);
  const [choices, setChoices] = useState<CatalogueChoices | null>(null);
  const [product, setProduct] = useState<Product | null>(null);
  const [draft, setDraft] = useState<Draft | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [saving, setSaving] = useState(false);
  const canPrices = me.permissions.includes('prices:write');
  const canWrite = me.permissions.includes('catalogue:write');

  useEffect(() => {
    let current = true;
    void (async () => {
      try {
        const loaded = await loadChoices();
        let found: Product | null = null;
        if (id !== null) {
          const data = await adminRequest<{ adminProduct: Product | null }>(
            `query($id: Int!) { adminProduct(id: $id) { ${PRODUCT_FIELDS} } }`,
            { id },
          );
          found = data.adminProduct;
          if (!found) throw new AdminApiError('NOT_FOUND', 'Produkten finns inte.');
        }
        if (!current) return;
        setChoices(loaded);
        setProduct(found);
        setDraft(draftOf(found, loaded));
      } catch (error) {
        if (current) setErrors([{ message: (error as Error).message }]);
      }
    })();
    return () => {
      current = false;
    };
  }, [id]);

  if (!choices || !draft) {
    return (
      <>
        <h1>{id === null ? 'Ny produkt' : 'Produkt'}</h1>
        <ErrorSummary errors={errors} />
        {errors.length === 0 ? <p>Hämtar …</p> : null}
      </>
    );
  }
  const defaultLanguage = choices.languages[0]?.id ?? 'sv-SE';
  const update = (change: Partial<Draft>) => setDraft({ ...draft, ...change });
  const setText = (languageId: string, field: keyof ProductText, value: string) => {
    const texts = { ...draft.texts, [languageId]: { ...draft.texts[languageId]!, [field]: value } };
    const change: Partial<Draft> = { texts };
    if (id === null && field === 'name' && languageId === defaultLanguage) {
      const previous = aliasOf(draft.texts[languageId]?.name ?? '');
      if (draft.alias === '' || draft.alias === previous) change.alias = aliasOf(value);
    }
    update(change);
  };
  const setSku = (index: number, change: Partial<Sku>) =>
    update({ skus: draft.skus.map((s, i) => (i === index ? { ...s, ...change } : s)) });

  function validate(): FormError[] {
    const found: FormError[] = [];
    if (!draft!.texts[defaultLanguage]?.name.trim())
      found.push({ message: 'Ange produktens namn.', fieldId: `text-${defaultLanguage}-name` });
    if (!draft!.articleNumber.trim())
      found.push({ message: 'Ange ett artikelnummer.', fieldId: 'product-article' });
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(draft!.alias))
      found.push({
        message: 'Aliaset får bara innehålla a–z, 0–9 och bindestreck.',
        fieldId: 'product-alias',
      });
    if (!draft!.brandId) found.push({ message: 'Välj ett varumärke.', fieldId: 'product-brand' });
    if (!draft!.primaryCategoryId)
      found.push({ message: 'Välj en huvudkategori.', fieldId: 'product-category' });
    draft!.skus.forEach((sku, index) => {
      if (!sku.articleNumber.trim())
        found.push({
          message: `Ange artikelnummer för storlek ${index + 1}.`,
          fieldId: `sku-${index}-articleNumber`,
        });
      if (!sku.size.trim())
        found.push({ message: `Ange storlek ${index + 1}.`, fieldId: `sku-${index}-size` });
      if (sku.ean && !/^(?:\d{8}|\d{12,14})$/.test(sku.ean.trim()))
        found.push({
          message: `EAN för storlek ${index + 1} ska vara 8, 12, 13 eller 14 siffror.`,
          fieldId: `sku-${index}-ean`,
        });
    });
    if (canPrices) {
      for (const market of choices!.markets) {
        const text = draft!.prices[market.id]?.text.trim() ?? '';
        if (text && parseKronor(text) === null)
          found.push({
            message: `Priset för ${market.name} är inte ett belopp (t.ex. 1299 eller 1299,50).`,
            fieldId: `price-${market.id}`,
          });
      }
    }
    return found;
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validate();
    setErrors(found);
    setStatus('');
    if (found.length > 0) return;
    const current = draft!;
    const input = {
      articleNumber: current.articleNumber.trim(),
      alias: current.alias,
      brandId: Number(current.brandId),
      primaryCategoryId: Number(current.primaryCategoryId),
      categoryIds: current.categoryIds,
      published: current.published,
      texts: Object.values(current.texts).filter(
        (t) => t.languageId === defaultLanguage || t.name.trim(),
      ),
      parameters: current.parameters
        .filter((p) => p.parameterId && p.value.trim())
        .map((p) => ({ parameterId: Number(p.parameterId), value: p.value.trim() })),
      skus: current.skus.map((s) => ({
        ...(s.id ? { id: s.id } : {}),
        articleNumber: s.articleNumber.trim(),
        size: s.size.trim(),
        ean: s.ean?.trim() || null,
      })),
      ...(canPrices
        ? {
            prices: choices!.markets
              .filter((m) => current.prices[m.id]?.text.trim())
              .map((m) => ({
                marketId: m.id,
                amount: parseKronor(current.prices[m.id]!.text)!,
                vatMode: current.prices[m.id]!.vatMode,
              })),
          }
        : {}),
    };
    setSaving(true);
    try {
      const data = await adminRequest<{ createProduct?: Product; updateProduct?: Product }>(
        id === null
          ? `mutation($input: ProductInput!) { createProduct(input: $input) { ${PRODUCT_FIELDS} } }`
          : `mutation($id: Int!, $input: ProductInput!) { updateProduct(id: $id, input: $input) { ${PRODUCT_FIELDS} } }`,
        id === null ? { input } : { id, input },
      );
      const saved = (data.createProduct ?? data.updateProduct)!;
      setProduct(saved);
      setDraft(draftOf(saved, choices!));
      setStatus(id === null ? 'Produkten är skapad.' : 'Ändringarna är sparade.');
      if (id === null) void navigate(`/sortiment/${saved.id}`, { replace: true });
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors([
          { message: error.message, fieldId: fieldOfArgument(error.argument, defaultLanguage) },
        ]);
    } finally {
      setSaving(false);
    }
  }

  const tree = categoryTree(choices.categories);
  return (
    <>
      <h1>{id === null ? 'Ny produkt' : (product?.texts[0]?.name ?? 'Produkt')}</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      <form className="form" noValidate onSubmit={(event) => void save(event)}>
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
                {tree.map((c) => (
                  <option key={c.id} value={c.id}>
                    {'\u2003'.repeat(c.depth)}
                    {c.name}
                  </option>
                ))}
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
                {tree.map((c) => (
                  <option key={c.id} value={c.id}>
                    {'\u2003'.repeat(c.depth)}
                    {c.name}
                  </option>
                ))}
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

        {choices.languages.map((language) => {
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
                onClick={() =>
                  update({ parameters: draft.parameters.filter((_, i) => i !== index) })
                }
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
          ))}
          <button
            type="button"
            className="button button-secondary"
            onClick={() =>
              update({ skus: [...draft.skus, { articleNumber: '', size: '', ean: '' }] })
            }
          >
            Lägg till storlek
          </button>
        </fieldset>

        {canPrices ? (
          <PriceRows
            markets={choices.markets}
            prices={draft.prices}
            onChange={(marketId, price) =>
              update({ prices: { ...draft.prices, [marketId]: price } })
            }
          />
        ) : null}

        {canWrite ? (
          <p>
            <button type="submit" className="button" disabled={saving}>
              {id === null ? 'Skapa produkt' : 'Spara ändringar'}
            </button>
          </p>
        ) : null}
      </form>
      {product && canWrite ? (
        <ProductImages
          product={product}
          onChange={(saved) => setProduct({ ...product, images: saved.images })}
        />
      ) : null}
    </>
  );
}
