/**
 * The Swedish names of the catalogue input's fields (issue 40 point 5: "field-level Swedish
 * messages"), so an error of the back office's product form or the CSV import reads
 * "EAN för storlek M: EAN-koden är inte giltig …" instead of "skus.0.ean: …". The field stays
 * machine-readable in the error's `extensions.argument` (`skus.0.ean`), which the form uses to
 * focus the field.
 */

const PRODUCT_FIELDS: Record<string, string> = {
  articleNumber: 'Artikelnummer',
  alias: 'Alias',
  brandId: 'Varumärke',
  primaryCategoryId: 'Huvudkategori',
  categoryIds: 'Kategorier',
  published: 'Publicerad',
  leasable: 'Förmånscykel',
  weight: 'Vikt',
  metaTitle: 'Sidtitel',
  metaDescription: 'Metabeskrivning',
  texts: 'Texter',
  parameters: 'Specifikation',
  skus: 'Storlekar',
  prices: 'Priser',
  name: 'Namn',
  parentId: 'Överordnad kategori',
  sortOrder: 'Sorteringsordning',
  description: 'Beskrivning',
  hidden: 'Dold',
};

const SKU_FIELDS: Record<string, string> = {
  articleNumber: 'Artikelnummer',
  size: 'Storleken',
  ean: 'EAN',
  weight: 'Vikten',
  lengthMm: 'Längden',
  widthMm: 'Bredden',
  heightMm: 'Höjden',
};

const TEXT_FIELDS: Record<string, string> = {
  languageId: 'Språket',
  name: 'Namnet',
  shortText: 'Den korta texten',
  description: 'Beskrivningen',
  extraText: 'Extratexten',
};

const PRICE_FIELDS: Record<string, string> = {
  marketId: 'Marknaden',
  amount: 'Priset',
  vatMode: 'Inkl./exkl. moms',
  vatRateBasisPoints: 'Momssatsen',
};

/** `value[key]` when `value` is an object, else undefined. */
function child(value: unknown, key: PropertyKey): unknown {
  return value !== null && typeof value === 'object'
    ? (value as Record<PropertyKey, unknown>)[key]
    : undefined;
}

/** A non-empty trimmed string field of `value`, or null. */
function text(value: unknown, key: string): string | null {
  const found = child(value, key);
  return typeof found === 'string' && found.trim() ? found.trim() : null;
}

/**
 * The Swedish name of the field at `path` of a product, category or brand input `input` (the
 * value as handed in): `skus.0.ean` → "EAN för storlek M" (the SKU's size, or its number when
 * it has none), `texts.1.name` → "Namnet (en-US)", `prices.0.amount` → "Priset, prisrad 1",
 * `alias` → "Alias". An unknown path gives null (the caller shows the message alone).
 */
export function catalogueFieldName(path: readonly PropertyKey[], input: unknown): string | null {
  const [top, index, field] = path;
  if (typeof top !== 'string') return null;
  if (path.length === 1) return PRODUCT_FIELDS[top] ?? null;
  if (typeof index !== 'number') return null;
  const item = child(child(input, top), index);
  if (top === 'skus') {
    const size = text(item, 'size');
    const which = size ? `storlek ${size}` : `storlek ${index + 1}`;
    if (typeof field !== 'string') return `Storlek ${size ?? index + 1}`;
    const name = SKU_FIELDS[field];
    return name ? `${name} för ${which}` : null;
  }
  if (top === 'texts') {
    const language = text(item, 'languageId');
    const name = typeof field === 'string' ? TEXT_FIELDS[field] : 'Texten';
    return name ? `${name}${language ? ` (${language})` : ''}` : null;
  }
  if (top === 'prices') {
    const name = typeof field === 'string' ? PRICE_FIELDS[field] : 'Priset';
    return name ? `${name}, prisrad ${index + 1}` : null;
  }
  if (top === 'parameters') return `Specifikationen, rad ${index + 1}`;
  if (top === 'categoryIds') return `Kategori ${index + 1}`;
  return null;
}
