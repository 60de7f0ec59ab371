/**
 * The input of the back office's catalogue writes (issue 26 "Catalogue and stock"), as zod
 * schemas with Swedish messages for staff: a product with its texts per language, categories,
 * brand, parameters, SKUs (size, EAN) and prices per market; categories and brands. The admin
 * API parses its arguments with these, and the CSV import builds the same objects, so both go
 * through one validation (catalog-admin.service.ts).
 */
import { z } from 'zod';
import { swedishInputError, swedishNotFound } from '../../errors.ts';

/** An alias (URL part): lower-case a–z, 0–9 and single hyphens, e.g. `cykel-hjalm-2`. */
export const ALIAS_PATTERN = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;

/** An alias, trimmed and lower-cased, 1–120 characters of {@link ALIAS_PATTERN}. */
export const aliasSchema = z
  .string()
  .trim()
  .toLowerCase()
  .min(1, 'Ange ett alias')
  .max(120, 'Aliaset får vara högst 120 tecken')
  .regex(ALIAS_PATTERN, 'Aliaset får bara innehålla a–z, 0–9 och bindestreck');

/** A positive integer id. */
const idSchema = z.number().int().positive();

/**
 * True when `ean` (8, 12, 13 or 14 digits: EAN-8, UPC-A, EAN-13, GTIN-14) has a correct GS1
 * check digit (the last one).
 */
export function isValidGtin(ean: string): boolean {
  if (!/^(?:\d{8}|\d{12,14})$/.test(ean)) return false;
  const digits = [...ean].map(Number);
  const check = digits.pop()!;
  let sum = 0;
  // From the right, excluding the check digit: weights 3, 1, 3, 1, …
  digits.reverse().forEach((digit, index) => (sum += digit * (index % 2 === 0 ? 3 : 1)));
  return (10 - (sum % 10)) % 10 === check;
}

/** A product's name and texts in one language of the shop (`languageId` such as `sv-SE`). */
export const productTextSchema = z.object({
  languageId: z.string().trim().min(2).max(20),
  name: z.string().trim().min(1, 'Ange ett namn').max(200, 'Namnet får vara högst 200 tecken'),
  /** The short text (`text2`), shown beside the price. */
  shortText: z.string().trim().max(2000).default(''),
  /** The main description (`text1`). */
  description: z.string().trim().max(20_000).default(''),
  /** The extra text (`text3`). */
  extraText: z.string().trim().max(20_000).default(''),
});

/** Most grams a SKU may weigh: 1 000 kg (a cargo bike on a pallet is far below). */
export const MAX_SKU_WEIGHT_GRAMS = 1_000_000;

/** Most millimetres a SKU's packed length, width or height may be: 5 m. */
export const MAX_SKU_DIMENSION_MM = 5_000;

/** Grams, a whole number 0–{@link MAX_SKU_WEIGHT_GRAMS}; 0 (the default) = unknown. */
const gramsSchema = z
  .number({ error: 'Ange vikten i gram' })
  .int('Ange vikten i hela gram')
  .min(0, 'Vikten kan inte vara negativ')
  .max(MAX_SKU_WEIGHT_GRAMS, 'Vikten får vara högst 1 000 000 g (1 000 kg)')
  .default(0);

/** Millimetres, a whole number 0–{@link MAX_SKU_DIMENSION_MM}; 0 (the default) = unknown. */
const millimetresSchema = z
  .number({ error: 'Ange måttet i millimeter' })
  .int('Ange måttet i hela millimeter')
  .min(0, 'Måttet kan inte vara negativt')
  .max(MAX_SKU_DIMENSION_MM, 'Måttet får vara högst 5 000 mm (5 m)')
  .default(0);

/**
 * One SKU: `size` the label of the size picker (e.g. `M`, `54 cm`, `Onesize`), `ean` a GTIN with
 * a correct check digit or empty, `weight` in grams, `lengthMm`, `widthMm`, `heightMm` the
 * packed size in millimetres (issue 43; each 0 = unknown, the default). An SKU of an existing
 * product is matched by `id` when given, else by its article number.
 */
export const skuInputSchema = z.object({
  id: idSchema.optional(),
  articleNumber: z.string().trim().min(1, 'Ange ett artikelnummer').max(64),
  size: z.string().trim().min(1, 'Ange en storlek').max(60),
  ean: z
    .string()
    .trim()
    .max(14)
    .nullish()
    .transform((value) => (value ? value : null))
    .refine((value) => value === null || isValidGtin(value), {
      message: 'EAN-koden är inte giltig (8, 12, 13 eller 14 siffror med rätt kontrollsiffra)',
    }),
  weight: gramsSchema,
  lengthMm: millimetresSchema,
  widthMm: millimetresSchema,
  heightMm: millimetresSchema,
});

/**
 * A price in one market: `amount` in minor units (öre), including VAT (`vatMode` `incVat`, the
 * default) or excluding it (`exVat`); `vatRateBasisPoints` the product's VAT rate there (2500 =
 * 25 %), the market's standard rate when omitted.
 */
export const marketPriceInputSchema = z.object({
  marketId: z.string().trim().min(1).max(40),
  amount: z
    .number()
    .int('Ange priset i hela ören')
    .min(0, 'Priset kan inte vara negativt')
    .max(100_000_000, 'Priset är orimligt högt'),
  vatMode: z.enum(['incVat', 'exVat']).default('incVat'),
  vatRateBasisPoints: z.number().int().min(0).max(10_000).optional(),
});

/** A product's value of a parameter (specification row), e.g. Färg = Svart. */
export const parameterValueInputSchema = z.object({
  parameterId: idSchema,
  value: z.string().trim().min(1, 'Ange ett värde').max(200),
});

/**
 * A whole product as the back office and the CSV import write it. `texts` must hold the
 * channel's default language (its texts are the shop's own); `categoryIds` are further
 * categories besides `primaryCategoryId`; `published` makes it visible in the shop. `prices`
 * omitted leaves the stored prices as they are (an update); given, it replaces them (markets not
 * listed lose their price).
 */
export const productInputSchema = z.object({
  articleNumber: z.string().trim().min(1, 'Ange ett artikelnummer').max(64),
  alias: aliasSchema,
  brandId: idSchema,
  primaryCategoryId: idSchema,
  categoryIds: z.array(idSchema).max(50).default([]),
  published: z.boolean().default(false),
  leasable: z.boolean().default(false),
  /** Grams. */
  weight: z.number().int().min(0).max(1_000_000).default(0),
  metaTitle: z.string().trim().max(200).nullish(),
  metaDescription: z.string().trim().max(500).nullish(),
  texts: z.array(productTextSchema).min(1, 'Ange namnet på minst ett språk').max(20),
  parameters: z.array(parameterValueInputSchema).max(200).default([]),
  skus: z.array(skuInputSchema).min(1, 'Lägg till minst en storlek (SKU)').max(200),
  prices: z.array(marketPriceInputSchema).max(50).optional(),
});

/** A product as callers hand it in (defaults may be left out). */
export type ProductInput = z.input<typeof productInputSchema>;
/** A product after parsing (defaults filled, strings trimmed). */
export type ParsedProductInput = z.output<typeof productInputSchema>;
/** One price as callers hand it in. */
export type MarketPriceInput = z.input<typeof marketPriceInputSchema>;

/** A category: `parentId` null for a root; `sortOrder` among its siblings (low first). */
export const categoryInputSchema = z.object({
  name: z.string().trim().min(1, 'Ange ett namn').max(120),
  alias: aliasSchema,
  parentId: idSchema.nullable().default(null),
  sortOrder: z.number().int().min(-1_000_000).max(1_000_000).default(0),
  description: z.string().trim().max(20_000).default(''),
  hidden: z.boolean().default(false),
});

/** A category as callers hand it in. */
export type CategoryInput = z.input<typeof categoryInputSchema>;

/** A brand. */
export const brandInputSchema = z.object({
  name: z.string().trim().min(1, 'Ange ett namn').max(120),
  alias: aliasSchema,
  description: z.string().trim().max(20_000).default(''),
});

/** A brand as callers hand it in. */
export type BrandInput = z.input<typeof brandInputSchema>;

/**
 * BAD_USER_INPUT with a Swedish `message` for staff (issue 26: Swedish messages for staff):
 * `extensions.locale` is `sv`, so the back office shows the message as it is; `argument` names
 * the bad field (e.g. `skus.1.ean`). The one rule is errors.ts's {@link swedishInputError}.
 */
export const staffInputError = swedishInputError;

/** NOT_FOUND with a Swedish message for staff (`extensions.locale` `sv`). */
export const staffNotFound = swedishNotFound;
