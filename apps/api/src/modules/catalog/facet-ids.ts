/**
 * Facet ids of product lists (GEINS-API §5.4): opaque strings chosen by the server, passed back
 * in `filter.facets` / `filter.excludeFacets`. Pure: parsing and building, and the SQL of the
 * price and discount buckets.
 *
 * | Facet     | id                       | group (OR within, AND across) |
 * |-----------|--------------------------|-------------------------------|
 * | Category  | `c_<categoryId>`         | category                      |
 * | Brand     | `b_<brandId>`            | brand                         |
 * | Sku       | `s_<base64url(sku name)>`| sku                           |
 * | Price     | `pr_<from>_<to>` (kronor, `to` empty = no upper bound) | price |
 * | Discount  | `d_<from>_<to>` (percent) | discount                     |
 * | Parameter | `p_<parameterId>_<parameterValueId>` | one per parameter |
 * | Product   | `a_<productAlias>` (the one id clients build themselves) | alias |
 *
 * Anything else is not a facet id and is ignored.
 */
import { sql, type SQL } from 'drizzle-orm';

/** A parsed facet id. */
export type FacetSelection =
  | { kind: 'category'; id: number }
  | { kind: 'brand'; id: number }
  | { kind: 'sku'; name: string }
  | { kind: 'price'; from: number; to: number | null }
  | { kind: 'discount'; from: number; to: number }
  | { kind: 'parameter'; parameterId: number; valueId: number }
  | { kind: 'alias'; alias: string };

/** Price buckets of the Price facet, kronor: [from, to) with the last open-ended. */
export const PRICE_BUCKETS: ReadonlyArray<{ from: number; to: number | null }> = [
  { from: 0, to: 500 },
  { from: 500, to: 1000 },
  { from: 1000, to: 2500 },
  { from: 2500, to: 5000 },
  { from: 5000, to: 10000 },
  { from: 10000, to: 20000 },
  { from: 20000, to: 40000 },
  { from: 40000, to: null },
];

/**
 * Discount buckets in whole percent, inclusive (SPEC §9: 0-5, 6-10, 11-15, 16-20, 21-30, …,
 * 81-100). Only discounted products (at least 1 %) are counted.
 */
export const DISCOUNT_BUCKETS: ReadonlyArray<{ from: number; to: number }> = [
  { from: 0, to: 5 },
  { from: 6, to: 10 },
  { from: 11, to: 15 },
  { from: 16, to: 20 },
  { from: 21, to: 30 },
  { from: 31, to: 40 },
  { from: 41, to: 50 },
  { from: 51, to: 60 },
  { from: 61, to: 70 },
  { from: 71, to: 80 },
  { from: 81, to: 100 },
];

const MAX_INT = 2_147_483_647;

function int(text: string | undefined): number | null {
  if (text === undefined || !/^\d{1,10}$/.test(text)) return null;
  const value = Number(text);
  return value <= MAX_INT ? value : null;
}

/** base64url of a UTF-8 string (SKU names in facet ids). */
export function encodeFacetText(text: string): string {
  return Buffer.from(text, 'utf8').toString('base64url');
}

function decodeFacetText(text: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,200}$/.test(text)) return null;
  const decoded = Buffer.from(text, 'base64url').toString('utf8');
  return decoded !== '' && encodeFacetText(decoded) === text ? decoded : null;
}

/** Parses one facet id; null for anything that is not one (it is then ignored). */
export function parseFacetId(raw: string): FacetSelection | null {
  const id = raw.trim();
  if (id.length > 300) return null;
  const underscore = id.indexOf('_');
  if (underscore < 1) return null;
  const prefix = id.slice(0, underscore);
  const rest = id.slice(underscore + 1);
  const parts = rest.split('_');
  switch (prefix) {
    case 'c': {
      const value = parts.length === 1 ? int(parts[0]) : null;
      return value === null ? null : { kind: 'category', id: value };
    }
    case 'b': {
      const value = parts.length === 1 ? int(parts[0]) : null;
      return value === null ? null : { kind: 'brand', id: value };
    }
    case 's': {
      const name = decodeFacetText(rest);
      return name === null ? null : { kind: 'sku', name };
    }
    case 'pr': {
      if (parts.length !== 2) return null;
      const from = int(parts[0]);
      const to = parts[1] === '' ? null : int(parts[1]);
      if (from === null || (parts[1] !== '' && to === null)) return null;
      if (to !== null && to <= from) return null;
      return { kind: 'price', from, to };
    }
    case 'd': {
      if (parts.length !== 2) return null;
      const from = int(parts[0]);
      const to = int(parts[1]);
      if (from === null || to === null || to < from || to > 100) return null;
      return { kind: 'discount', from, to };
    }
    case 'p': {
      if (parts.length !== 2) return null;
      const parameterId = int(parts[0]);
      const valueId = int(parts[1]);
      if (parameterId === null || valueId === null) return null;
      return { kind: 'parameter', parameterId, valueId };
    }
    case 'a': {
      const alias = rest.trim().toLowerCase();
      return alias === '' || alias.length > 200 ? null : { kind: 'alias', alias };
    }
    default:
      return null;
  }
}

/** The facet id of a selection (inverse of {@link parseFacetId}). */
export function facetIdOf(selection: FacetSelection): string {
  switch (selection.kind) {
    case 'category':
      return `c_${selection.id}`;
    case 'brand':
      return `b_${selection.id}`;
    case 'sku':
      return `s_${encodeFacetText(selection.name)}`;
    case 'price':
      return `pr_${selection.from}_${selection.to ?? ''}`;
    case 'discount':
      return `d_${selection.from}_${selection.to}`;
    case 'parameter':
      return `p_${selection.parameterId}_${selection.valueId}`;
    case 'alias':
      return `a_${selection.alias}`;
  }
}

/** The group a selection belongs to: values of one group are OR-ed, groups AND-ed. */
export function facetGroupOf(selection: FacetSelection): string {
  return selection.kind === 'parameter' ? `parameter:${selection.parameterId}` : selection.kind;
}

/** Groups facet ids by {@link facetGroupOf}, dropping ids that do not parse and duplicates. */
export function groupFacets(
  ids: ReadonlyArray<string | null | undefined> | null | undefined,
): Map<string, FacetSelection[]> {
  const groups = new Map<string, FacetSelection[]>();
  const seen = new Set<string>();
  for (const raw of ids ?? []) {
    if (typeof raw !== 'string') continue;
    const selection = parseFacetId(raw);
    if (!selection) continue;
    const key = facetIdOf(selection);
    if (seen.has(key)) continue;
    seen.add(key);
    const group = facetGroupOf(selection);
    groups.set(group, [...(groups.get(group) ?? []), selection]);
  }
  return groups;
}

/** The index in PRICE_BUCKETS of a selling price in minor units (null when in none). */
export function priceBucketSql(selling: SQL): SQL {
  return sql`(case ${sql.join(
    PRICE_BUCKETS.map(
      (b, i) =>
        sql`when ${selling} >= ${b.from * 100}${b.to === null ? sql`` : sql` and ${selling} < ${b.to * 100}`} then ${i}`,
    ),
    sql` `,
  )} end)`;
}

/** The index in DISCOUNT_BUCKETS of a whole-percent discount (null below 1 %). */
export function discountBucketSql(discount: SQL): SQL {
  return sql`(case ${sql.join(
    DISCOUNT_BUCKETS.map(
      (b, i) =>
        sql`when ${discount} >= ${Math.max(1, b.from)} and ${discount} <= ${b.to} then ${i}`,
    ),
    sql` `,
  )} end)`;
}
