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
  loadChoices,
  PRODUCT_FIELDS,
  type CatalogueChoices,
  type Product,
  type ProductText,
} from './catalogue-api.ts';
import { ProductBasics } from './ProductBasics.tsx';
import { ProductImages } from './ProductImages.tsx';
import { ProductParameters } from './ProductParameters.tsx';
import { ProductTexts } from './ProductTexts.tsx';
import { PriceRows } from './PriceRows.tsx';
import { SkuRows } from './SkuRows.tsx';
import {
  draftOf,
  fieldOfArgument,
  productInputOf,
  validateDraft,
  type Draft,
} from './product-draft.ts';

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

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const found = validateDraft(draft!, choices!, defaultLanguage, canPrices);
    setErrors(found);
    setStatus('');
    if (found.length > 0) return;
    const input = productInputOf(draft!, choices!, defaultLanguage, canPrices);
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

  return (
    <>
      <h1>{id === null ? 'Ny produkt' : (product?.texts[0]?.name ?? 'Produkt')}</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      <form className="form" noValidate onSubmit={(event) => void save(event)}>
        <ProductBasics draft={draft} update={update} choices={choices} />
        <ProductTexts
          draft={draft}
          languages={choices.languages}
          defaultLanguage={defaultLanguage}
          setText={setText}
        />
        <ProductParameters draft={draft} update={update} choices={choices} />
        <SkuRows draft={draft} update={update} />

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
