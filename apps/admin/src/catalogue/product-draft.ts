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
  skus: Sku[];
  prices: Record<string, PriceDraft>;
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
    skus: product?.skus.map((s) => ({ ...s })) ?? [{ articleNumber: '', size: '', ean: '' }],
    prices,
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
