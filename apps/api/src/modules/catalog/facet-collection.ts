/**
 * The facets of a list (GEINS-API §5.4 `FilterCollectionType`) from its facet rows
 * `(t, k, n, label, grp, o1, o2)`, whichever statement counted them (rows: facet-statement.ts;
 * postings: postings-statements.ts): Swedish labels, shopper order of sizes, price bucket labels.
 */
import type { PricedShopContext } from '../channel/channel.service.ts';
import { minorToDecimal } from '../pricing/money.ts';
import type { CategoryTree } from './catalog.service.ts';
import { DISCOUNT_BUCKETS, PRICE_BUCKETS, encodeFacetText, facetIdOf } from './facet-ids.ts';
import type { Facet, FacetValue, FilterCollection } from './product-list.types.ts';

/** Swedish names of the facet types. */
const FACET_LABELS = {
  Category: 'Kategori',
  Brand: 'Varumärke',
  Sku: 'Storlek',
  Price: 'Pris',
  Discount: 'Rabatt',
} as const;

/**
 * One row of a facet statement: `t` the type (Category, Brand, Sku, Parameter, Price, Discount,
 * Range, Count; the postings statement adds Ready, Usable, PriceReady), `k` the value's key
 * (category or brand id, size, `<parameter>_<value>`, bucket index), `n` the number of products,
 * `label`/`grp` the brand name or parameter value and label, `o1`/`o2` sort orders (Range: the
 * lowest and highest selling price in minor units).
 */
export interface FacetRow {
  t: string;
  k: string;
  n: number;
  label: string | null;
  grp: string | null;
  o1: number | null;
  o2: number | null;
}

const SIZE_ORDER = ['XXS', 'XS', 'S', 'M', 'L', 'XL', 'XXL', 'XXXL'];

/** Size labels in a shopper's order: XS < S < M < … then numbers ascending, then the rest. */
export function compareSizes(a: string, b: string): number {
  const rank = (s: string) => {
    const letter = SIZE_ORDER.indexOf(s.split(' ')[0]!.toUpperCase());
    if (letter >= 0) return [0, letter];
    const number = Number.parseFloat(s.replace(',', '.'));
    if (Number.isFinite(number)) return [1, number];
    return [2, 0];
  };
  const [ga, va] = rank(a);
  const [gb, vb] = rank(b);
  return ga! - gb! || va! - vb! || a.localeCompare(b, 'sv');
}

const kronor = new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 0 });

function formatKronor(amount: number): string {
  return kronor.format(amount);
}

/** The label of a price bucket, e.g. "500–999 kr", "Under 500 kr", "Över 40 000 kr". */
export function priceBucketLabel(bucket: { from: number; to: number | null }): string {
  if (bucket.from === 0 && bucket.to !== null) return `Under ${formatKronor(bucket.to)} kr`;
  if (bucket.to === null) return `Över ${formatKronor(bucket.from)} kr`;
  return `${formatKronor(bucket.from)}–${formatKronor(bucket.to - 1)} kr`;
}

/** The `FilterCollectionType` of a list from its facet rows (see {@link FacetRow}). */
export function buildFacets(
  tree: CategoryTree,
  shop: PricedShopContext,
  rows: FacetRow[],
): FilterCollection {
  const of = (type: string) => rows.filter((r) => r.t === type && r.k !== null && r.n > 0);
  const code = shop.currency.code;
  const facets: Facet[] = [];

  const categoryValues: FacetValue[] = of('Category')
    .map((r) => tree.byId.get(Number(r.k)))
    .filter((c) => c !== undefined)
    .map((c) => {
      const row = rows.find((r) => r.t === 'Category' && r.k === String(c.id))!;
      return {
        facetId: facetIdOf({ kind: 'category', id: c.id }),
        parentId: c.parentId === null ? null : facetIdOf({ kind: 'category', id: c.parentId }),
        label: c.name,
        url: null,
        order: tree.all.indexOf(c),
        count: row.n,
        hidden: tree.pathOf(c.id).some((a) => a.isHidden),
      };
    })
    .sort((a, b) => a.order - b.order);
  facets.push({
    filterId: 'Category',
    type: 'Category',
    group: null,
    label: FACET_LABELS.Category,
    order: 1,
    values: categoryValues,
  });

  facets.push({
    filterId: 'Brand',
    type: 'Brand',
    group: null,
    label: FACET_LABELS.Brand,
    order: 2,
    values: of('Brand')
      .sort((a, b) => (a.label ?? '').localeCompare(b.label ?? '', 'sv'))
      .map((r, i) => ({
        facetId: facetIdOf({ kind: 'brand', id: Number(r.k) }),
        parentId: null,
        label: r.label,
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  facets.push({
    filterId: 'Sku',
    type: 'Sku',
    group: null,
    label: FACET_LABELS.Sku,
    order: 3,
    values: of('Sku')
      .sort((a, b) => compareSizes(a.k, b.k))
      .map((r, i) => ({
        facetId: `s_${encodeFacetText(r.k)}`,
        parentId: null,
        label: r.k,
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  facets.push({
    filterId: 'Price',
    type: 'Price',
    group: null,
    label: FACET_LABELS.Price,
    order: 4,
    values: of('Price')
      .map((r) => ({ r, bucket: PRICE_BUCKETS[Number(r.k)]! }))
      .sort((a, b) => a.bucket.from - b.bucket.from)
      .map(({ r, bucket }, i) => ({
        facetId: facetIdOf({ kind: 'price', ...bucket }),
        parentId: null,
        label: priceBucketLabel(bucket),
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  facets.push({
    filterId: 'Discount',
    type: 'Discount',
    group: null,
    label: FACET_LABELS.Discount,
    order: 5,
    values: of('Discount')
      .map((r) => ({ r, bucket: DISCOUNT_BUCKETS[Number(r.k)]! }))
      .sort((a, b) => a.bucket.from - b.bucket.from)
      .map(({ r, bucket }, i) => ({
        facetId: facetIdOf({ kind: 'discount', ...bucket }),
        parentId: null,
        label: `${bucket.from}–${bucket.to} %`,
        url: null,
        order: i,
        count: r.n,
        hidden: false,
      })),
  });

  const byParameter = new Map<string, FacetRow[]>();
  for (const row of of('Parameter')) {
    const parameterId = row.k.split('_')[0]!;
    byParameter.set(parameterId, [...(byParameter.get(parameterId) ?? []), row]);
  }
  for (const [parameterId, values] of byParameter) {
    const first = values[0]!;
    facets.push({
      filterId: `Parameter-${parameterId}`,
      type: 'Parameter',
      group: first.grp,
      label: first.grp ?? '',
      order: 10 + (first.o1 ?? 0),
      values: values
        .sort((a, b) => (a.o2 ?? 0) - (b.o2 ?? 0) || (a.label ?? '').localeCompare(b.label ?? ''))
        .map((r, i) => {
          const [pid, vid] = r.k.split('_');
          return {
            facetId: facetIdOf({
              kind: 'parameter',
              parameterId: Number(pid),
              valueId: Number(vid),
            }),
            parentId: null,
            label: r.label,
            url: null,
            order: i,
            count: r.n,
            hidden: false,
          };
        }),
    });
  }
  facets.sort((a, b) => a.order - b.order);

  const range = rows.find((r) => r.t === 'Range');
  const price =
    range && range.o1 !== null && range.o2 !== null
      ? { lowest: minorToDecimal(range.o1, code), highest: minorToDecimal(range.o2, code) }
      : null;
  return { price, facets };
}
