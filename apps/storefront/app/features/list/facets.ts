/**
 * The filter panel's view of the API facets (GEINS-API §5.4): ralph's approach of a base list of
 * values (the list without the selection) whose counts come from the current result (a value
 * missing there counts 0), plus selected values the API no longer returns (kept from the URL
 * label so they can be unticked). Pure.
 */
import type { ListFiltersFragment } from '../../graphql/generated';
import { KEY_OF_TYPE, parameterKey, type FacetKey, type ListSelection } from './list-selection';

/** One checkbox of the panel. */
export interface FacetOption {
  facetId: string;
  label: string;
  count: number;
  selected: boolean;
  /** Indentation level in the category tree (0 = top). */
  depth: number;
}

/** One group of the panel (a fieldset). */
export interface FacetGroup {
  /** The URL key (`brands`, `p-Färg`, …): the checkboxes' name. */
  key: FacetKey;
  /** API type: Category, Brand, Sku, Price, Discount or Parameter. */
  type: string;
  label: string;
  options: FacetOption[];
}

type ApiFacet = NonNullable<NonNullable<ListFiltersFragment['facets']>[number]>;
type ApiValue = NonNullable<NonNullable<ApiFacet['values']>[number]>;

/** Values in tree order: each parent followed by its children (categories); others unchanged. */
function treeOrder(values: ApiValue[]): ApiValue[] {
  const ids = new Set(values.map((v) => v.facetId));
  const children = new Map<string | null, ApiValue[]>();
  for (const value of values) {
    const parent = value.parentId && ids.has(value.parentId) ? value.parentId : null;
    children.set(parent, [...(children.get(parent) ?? []), value]);
  }
  const ordered: ApiValue[] = [];
  const walk = (parent: string | null, depth: number) => {
    if (depth > 10) return;
    for (const child of children.get(parent) ?? []) {
      ordered.push(child);
      walk(child.facetId!, depth + 1);
    }
  };
  walk(null, 0);
  return ordered;
}

/** The URL key of an API facet; null for types the panel does not show. */
export function keyOfFacet(facet: Pick<ApiFacet, 'type' | 'group'>): FacetKey | null {
  if (facet.type === 'Parameter') return facet.group ? parameterKey(facet.group) : null;
  return KEY_OF_TYPE[facet.type ?? ''] ?? null;
}

/**
 * Builds the panel's groups from the base facets (without the selection; null when nothing is
 * selected) and the current facets, leaving out the types in `hide` (e.g. Brand on a brand page).
 */
export function facetGroups(
  base: ListFiltersFragment | null | undefined,
  current: ListFiltersFragment | null | undefined,
  selection: ListSelection,
  hide: ReadonlyArray<string> = [],
): FacetGroup[] {
  const source = base ?? current;
  const counts = new Map<string, number>();
  for (const facet of current?.facets ?? []) {
    for (const value of facet?.values ?? []) {
      if (value?.facetId) counts.set(value.facetId, Number(value.count));
    }
  }
  const selected = new Set(selection.facets.map((f) => f.facetId));
  const groups: FacetGroup[] = [];
  const facets = [...(source?.facets ?? [])]
    .filter((f): f is ApiFacet => f !== null)
    .sort((a, b) => a.order - b.order);
  for (const facet of facets) {
    const key = keyOfFacet(facet);
    if (!key || hide.includes(facet.type ?? '')) continue;
    const values = treeOrder(
      (facet.values ?? []).filter((v): v is ApiValue => v !== null && !!v.facetId && !v.hidden),
    );
    const depthOf = (id: string | null | undefined, guard = 0): number => {
      const parent = values.find((v) => v.facetId === id);
      return parent && guard < 10 ? 1 + depthOf(parent.parentId, guard + 1) : 0;
    };
    const options: FacetOption[] = values.map((v) => ({
      facetId: v.facetId!,
      label: v.label ?? v.facetId!,
      count: counts.get(v.facetId!) ?? 0,
      selected: selected.has(v.facetId!),
      depth: facet.type === 'Category' ? depthOf(v.parentId) : 0,
    }));
    for (const chosen of selection.facets) {
      if (chosen.key === key && !options.some((o) => o.facetId === chosen.facetId)) {
        options.push({
          facetId: chosen.facetId,
          label: chosen.label,
          count: 0,
          selected: true,
          depth: 0,
        });
      }
    }
    if (options.length === 0) continue;
    groups.push({ key, type: facet.type ?? '', label: facet.label ?? key, options });
  }
  return groups;
}
