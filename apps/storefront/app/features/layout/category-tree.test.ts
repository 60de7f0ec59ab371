import { describe, expect, it } from 'vitest';
import { buildCategoryTree, categoryTrail } from './category-tree';

describe('buildCategoryTree', () => {
  it('nests children under their roots in the given order', () => {
    const tree = buildCategoryTree([
      { categoryId: 1, parentCategoryId: 0, name: 'Cyklar', canonicalUrl: '/c/cyklar' },
      { categoryId: 2, parentCategoryId: 1, name: 'Elcyklar', canonicalUrl: '/c/cyklar/elcyklar' },
      { categoryId: 3, parentCategoryId: 0, name: 'Tillbehör', canonicalUrl: '/c/tillbehor' },
      { categoryId: 4, parentCategoryId: 1, name: 'Barncyklar', canonicalUrl: '/c/cyklar/barn' },
    ]);
    expect(tree.map((node) => node.name)).toEqual(['Cyklar', 'Tillbehör']);
    expect(tree[0]!.children.map((node) => node.url)).toEqual([
      '/c/cyklar/elcyklar',
      '/c/cyklar/barn',
    ]);
  });

  it('drops categories whose parent is missing', () => {
    const tree = buildCategoryTree([
      { categoryId: 2, parentCategoryId: 9, name: 'Orphan', canonicalUrl: '/c/x/orphan' },
    ]);
    expect(tree).toEqual([]);
  });
});

describe('categoryTrail', () => {
  const tree = buildCategoryTree([
    { categoryId: 1, parentCategoryId: 0, name: 'Cyklar', canonicalUrl: '/c/cyklar' },
    { categoryId: 2, parentCategoryId: 1, name: 'Elcyklar', canonicalUrl: '/c/cyklar/elcyklar' },
  ]);

  it('walks from the root to the category', () => {
    expect(categoryTrail(tree, '/c/cyklar/elcyklar')).toEqual([
      { name: 'Cyklar', url: '/c/cyklar' },
      { name: 'Elcyklar', url: '/c/cyklar/elcyklar' },
    ]);
  });

  it('is empty for unknown urls', () => {
    expect(categoryTrail(tree, '/c/okand')).toEqual([]);
  });
});
