/**
 * The category tree of the header menu, footer and start page, built from the flat
 * `categories` list of the API (parentCategoryId 0 = root).
 */

/** A category as the API lists it. */
export interface FlatCategory {
  categoryId: number;
  parentCategoryId: number;
  name: string;
  alias?: string | null;
  canonicalUrl: string;
}

/** A category with its children, in the API's order. */
export interface CategoryNode {
  id: number;
  name: string;
  url: string;
  children: CategoryNode[];
}

/**
 * Nests the flat list: roots first, each with its children (any depth). Categories whose parent
 * is missing are dropped (hidden parents hide their subtree).
 */
export function buildCategoryTree(categories: readonly FlatCategory[]): CategoryNode[] {
  const nodes = new Map<number, CategoryNode>();
  for (const category of categories) {
    nodes.set(category.categoryId, {
      id: category.categoryId,
      name: category.name,
      url: category.canonicalUrl,
      children: [],
    });
  }
  const roots: CategoryNode[] = [];
  for (const category of categories) {
    const node = nodes.get(category.categoryId)!;
    if (!category.parentCategoryId) roots.push(node);
    else nodes.get(category.parentCategoryId)?.children.push(node);
  }
  return roots;
}

/** A step of a breadcrumb trail. */
export interface TrailStep {
  name: string;
  url: string;
}

/**
 * The trail of categories from a root down to the category at `url` (inclusive); empty when the
 * url is not in the tree.
 */
export function categoryTrail(tree: readonly CategoryNode[], url: string): TrailStep[] {
  for (const node of tree) {
    if (node.url === url) return [{ name: node.name, url: node.url }];
    const below = categoryTrail(node.children, url);
    if (below.length > 0) return [{ name: node.name, url: node.url }, ...below];
  }
  return [];
}
