/**
 * The colours of a product's model (issue 25; GEINS-API §4.3): each level 1 node of the
 * product's variant group is a colour, i.e. another product with its own page. The colour picker
 * links to them and carries the chosen size along (`?storlek=`) when the other colour has it.
 */
import type { ProductPageQuery } from '../../graphql/generated';
import { present } from './card-product';

/** The query parameter that carries a chosen size between colours, e.g. `?storlek=M`. */
export const SIZE_PARAM = 'storlek';

/** One colour of the model. */
export interface ColourOption {
  productId: number;
  /** The colour's name, e.g. "Marinblå". */
  name: string;
  /** The colour's product page (its canonical URL). */
  url: string;
  /** The swatch colour, e.g. "#1f2f57"; null when the API gives none. */
  hex: string | null;
  /** Whether this is the product shown. */
  current: boolean;
  /** Whether none of its sizes can be bought. */
  soldOut: boolean;
  /** The names of its sizes, e.g. ["S", "M"]. */
  sizes: string[];
}

type ApiVariantGroup = NonNullable<ProductPageQuery['product']>['variantGroup'];

/**
 * The colours of the group, in the group's order; empty when the product has no other colour
 * (a product on its own is a group of one: nothing to choose).
 */
export function toColourOptions(group: ApiVariantGroup, productId: number): ColourOption[] {
  const nodes = present(group?.variants).filter((node) => node.level === 1 && node.value);
  if (nodes.length < 2) return [];
  return nodes.map((node) => ({
    productId: node.productId,
    name: node.label || node.value || '',
    url: node.canonicalUrl || `/p/${encodeURIComponent(node.alias ?? '')}`,
    hex: present(node.attributes).find((a) => a.key === 'hex')?.value ?? null,
    current: node.productId === productId,
    soldOut: (node.stock?.totalStock ?? 0) <= 0,
    sizes: present(node.variants)
      .map((sku) => sku.value)
      .filter((value): value is string => Boolean(value)),
  }));
}

/**
 * The link to a colour: its page, with `?storlek=` when a size is chosen and the colour has a
 * size of that name (else the shopper chooses again there).
 */
export function colourHref(option: ColourOption, size: string | null): string {
  if (!size || !option.sizes.includes(size)) return option.url;
  return `${option.url}?${new URLSearchParams({ [SIZE_PARAM]: size }).toString()}`;
}
