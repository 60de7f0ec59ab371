/**
 * The product form's state (issue 26): the draft as typed, made from a product and the choices,
 * checked before sending (the same checks the API makes, in Swedish with the field to focus), and
 * turned into the API's `ProductInput`.
 */
import {
  kronorText,
  parseKronor,
  type CatalogueChoices,
  type Product,
  type ProductText,
  type Sku,
} from './catalogue-api.ts';
import type { FormError } from '../ErrorSummary.tsx';
import type { PriceDraft } from './PriceRows.tsx';

/** The SKU measures of the form: grams and millimetres (issue 43). */
export const SKU_MEASURES = ['weight', 'lengthMm', 'widthMm', 'heightMm'] as const;
/** One of {@link SKU_MEASURES}. */
export type SkuMeasure = (typeof SKU_MEASURES)[number];

/** Each measure's label (with its unit), largest allowed value and its name in a message. */
export const SKU_MEASURE_RULES: Record<SkuMeasure, { label: string; max: number; name: string }> = {
  weight: { label: 'Vikt (g)', max: 1_000_000, name: 'Vikten' },
  lengthMm: { label: 'Längd (mm)', max: 5_000, name: 'Längden' },
  widthMm: { label: 'Bredd (mm)', max: 5_000, name: 'Bredden' },
  heightMm: { label: 'Höjd (mm)', max: 5_000, name: 'Höjden' },
};

/** One SKU as typed: the measures as text ('' or '0': unknown). */
export type SkuDraft = Omit<Sku, SkuMeasure> & Record<SkuMeasure, string>;

/** A new, empty size. */
export function emptySku(): SkuDraft {
  return {
    articleNumber: '',
    size: '',
    ean: '',
    weight: '',
    lengthMm: '',
    widthMm: '',
    heightMm: '',
  };
}

/** A stored measure as field text: 0 (unknown) as an empty field. */
function measureText(value: number): string {
  return value > 0 ? String(value) : '';
}

/** A measure field's value: '' → 0 (unknown), whole digits → the number, anything else → null. */
export function parseMeasure(text: string): number | null {
  const value = text.replace(/[\s\u00a0\u202f]/g, '');
  if (value === '') return 0;
  return /^\d{1,9}$/.test(value) ? Number(value) : null;
}

/** The product form as typed (strings where the user types). */
export interface Draft {
  articleNumber: string;
  alias: string;
  brandId: string;
  primaryCategoryId: string;
  categoryIds: number[];
  published: boolean;
  texts: Record<string, ProductText>;
  parameters: Array<{ parameterId: string; value: string }>;
  skus: SkuDraft[];
  prices: Record<string, PriceDraft>;
  /** What the form does not edit, sent back unchanged (a new product: the API's defaults). */
  kept: Pick<Product, 'leasable' | 'weight' | 'metaTitle' | 'metaDescription'>;
}

function emptyText(languageId: string): ProductText {
  return { languageId, name: '', shortText: '', description: '', extraText: '' };
}

/** The form of `product` (null: a new product with one empty size). */
export function draftOf(product: Product | null, choices: CatalogueChoices): Draft {
  const texts = Object.fromEntries(choices.languages.map((l) => [l.id, emptyText(l.id)]));
  for (const text of product?.texts ?? []) texts[text.languageId] = text;
  const prices: Record<string, PriceDraft> = {};
  for (const market of choices.markets) {
    const stored = product?.prices?.find((p) => p.marketId === market.id);
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
    skus: product?.skus.map((s) => ({
      ...s,
      weight: measureText(s.weight),
      lengthMm: measureText(s.lengthMm),
      widthMm: measureText(s.widthMm),
      heightMm: measureText(s.heightMm),
    })) ?? [emptySku()],
    prices,
    kept: {
      leasable: product?.leasable ?? false,
      weight: product?.weight ?? 0,
      metaTitle: product?.metaTitle ?? null,
      metaDescription: product?.metaDescription ?? null,
    },
  };
}

/** The form field an API error's `argument` is about. */
export function fieldOfArgument(
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

/** Props of a section of the product form: the draft and how to change it. */
export interface DraftProps {
  draft: Draft;
  /** Merges `change` into the draft. */
  update: (change: Partial<Draft>) => void;
}

/**
 * The problems of `draft` before it is sent, each with the id of its field (empty: none). Prices
 * are checked only for staff who may set them (`canPrices`).
 */
export function validateDraft(
  draft: Draft,
  choices: CatalogueChoices,
  defaultLanguage: string,
  canPrices: boolean,
): FormError[] {
  const found: FormError[] = [];
  if (!draft.texts[defaultLanguage]?.name.trim())
    found.push({ message: 'Ange produktens namn.', fieldId: `text-${defaultLanguage}-name` });
  if (!draft.articleNumber.trim())
    found.push({ message: 'Ange ett artikelnummer.', fieldId: 'product-article' });
  if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(draft.alias))
    found.push({
      message: 'Aliaset får bara innehålla a–z, 0–9 och bindestreck.',
      fieldId: 'product-alias',
    });
  if (!draft.brandId) found.push({ message: 'Välj ett varumärke.', fieldId: 'product-brand' });
  if (!draft.primaryCategoryId)
    found.push({ message: 'Välj en huvudkategori.', fieldId: 'product-category' });
  draft.skus.forEach((sku, index) => {
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
    for (const measure of SKU_MEASURES) {
      const rule = SKU_MEASURE_RULES[measure];
      const value = parseMeasure(sku[measure]);
      if (value === null || value > rule.max)
        found.push({
          message: `${rule.name} för storlek ${index + 1} ska vara ett heltal från 0 till ${rule.max.toLocaleString('sv-SE')}.`,
          fieldId: `sku-${index}-${measure}`,
        });
    }
  });
  if (canPrices) {
    for (const market of choices.markets) {
      const text = draft.prices[market.id]?.text.trim() ?? '';
      if (text && parseKronor(text) === null)
        found.push({
          message: `Priset för ${market.name} är inte ett belopp (t.ex. 1299 eller 1299,50).`,
          fieldId: `price-${market.id}`,
        });
    }
  }
  return found;
}

/**
 * The API's `ProductInput` of a checked draft: trimmed, texts of other languages only when
 * named, prices (amounts in öre, as typed incl. or excl. VAT) only for staff who may set them.
 */
export function productInputOf(
  current: Draft,
  choices: CatalogueChoices,
  defaultLanguage: string,
  canPrices: boolean,
) {
  return {
    articleNumber: current.articleNumber.trim(),
    alias: current.alias,
    brandId: Number(current.brandId),
    primaryCategoryId: Number(current.primaryCategoryId),
    categoryIds: current.categoryIds,
    published: current.published,
    ...current.kept,
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
      weight: parseMeasure(s.weight) ?? 0,
      lengthMm: parseMeasure(s.lengthMm) ?? 0,
      widthMm: parseMeasure(s.widthMm) ?? 0,
      heightMm: parseMeasure(s.heightMm) ?? 0,
    })),
    ...(canPrices
      ? {
          prices: choices.markets
            .filter((m) => current.prices[m.id]?.text.trim())
            .map((m) => ({
              marketId: m.id,
              amount: parseKronor(current.prices[m.id]!.text)!,
              vatMode: current.prices[m.id]!.vatMode,
            })),
        }
      : {}),
  };
}
