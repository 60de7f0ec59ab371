/**
 * Product image URLs (GEINS-API §1): `/img/product/{folder}/{urlencoded fileName}`, served by
 * the shop's own server (no other hosts).
 */

/** Size folders the storefront uses: 400x400 for cards, 800x800 for the product gallery. */
export type ImageFolder = '400x400' | '800x800';

/** The URL of a product image file in a size folder. */
export function productImageUrl(fileName: string, folder: ImageFolder): string {
  return `/img/product/${folder}/${encodeURIComponent(fileName)}`;
}
