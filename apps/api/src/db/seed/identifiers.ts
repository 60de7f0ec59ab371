/**
 * Aliases, article numbers and GTINs for the seed catalogue.
 */

/**
 * Lowercase ASCII URL slug: å/ä → a, ö → o, other accents dropped, `"` → nothing,
 * anything else that is not a letter or digit becomes one dash.
 * @example slugify('Lådcyklar') === 'ladcyklar'; slugify('Crescent Elina 7-vxl Dam') === 'crescent-elina-7-vxl-dam'
 */
export function slugify(text: string): string {
  return text
    .toLowerCase()
    .replace(/[åä]/g, 'a')
    .replace(/ö/g, 'o')
    .replace(/æ/g, 'ae')
    .replace(/ø/g, 'o')
    .replace(/ü/g, 'u')
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .replace(/[+]/g, '-plus')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
}

/** The EAN-13 check digit of 12 digits. */
export function ean13CheckDigit(first12: string): number {
  if (!/^\d{12}$/.test(first12)) throw new RangeError(`need 12 digits, got ${first12}`);
  let sum = 0;
  for (let i = 0; i < 12; i += 1) sum += Number(first12[i]) * (i % 2 === 0 ? 1 : 3);
  return (10 - (sum % 10)) % 10;
}

/**
 * A valid, unique 13-digit GTIN (EAN-13) for a SKU id: GS1 Sweden prefix 73, a fictitious
 * company number `50`, the SKU id in 8 digits and the check digit.
 */
export function gtinForSku(skuId: number): string {
  const body = `7350${String(skuId).padStart(8, '0')}`;
  if (body.length !== 12) throw new RangeError(`SKU id ${skuId} too large for a GTIN`);
  return `${body}${ean13CheckDigit(body)}`;
}

/** Product article number, e.g. `TR-101042`: brand prefix and 100000 + product id. */
export function productArticleNumber(brandPrefix: string, productId: number): string {
  return `${brandPrefix}-${100000 + productId}`;
}

/** SKU article number: the product's plus the SKU's position, e.g. `TR-101042-2`. */
export function skuArticleNumber(productArticle: string, position: number): string {
  return `${productArticle}-${position}`;
}

/** Grams as a Swedish kilogram text with one decimal: 14200 → "14,2 kg"; under 1 kg "290 g". */
export function formatWeight(grams: number): string {
  if (grams < 1000) return `${Math.round(grams / 5) * 5} g`;
  return `${(grams / 1000).toFixed(1).replace('.', ',')} kg`;
}
