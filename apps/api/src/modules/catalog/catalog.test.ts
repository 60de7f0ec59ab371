import { describe, expect, it } from 'vitest';
import {
  breadcrumbsOf,
  categoryCanonicalUrl,
  listCategories,
  productCanonicalUrl,
  type CategoryRecord,
  type CategoryTree,
} from './catalog.service.ts';
import { parseListUrl } from './list-pages.service.ts';

function category(
  id: number,
  parentId: number | null,
  alias: string,
  extra: Partial<CategoryRecord> = {},
): CategoryRecord {
  return {
    id,
    parentId,
    alias,
    name: alias[0]!.toUpperCase() + alias.slice(1),
    description: '',
    secondaryDescription: '',
    sortOrder: id,
    isHidden: false,
    metaTitle: null,
    metaDescription: null,
    ...extra,
  };
}

/** The same shape loadCategoryTree builds, from rows in memory. */
function treeOf(rows: CategoryRecord[]): CategoryTree {
  const byId = new Map(rows.map((c) => [c.id, c]));
  const childrenOf = (parentId: number | null) => rows.filter((c) => c.parentId === parentId);
  return {
    all: rows,
    byId,
    byAlias: new Map(rows.map((c) => [c.alias, c])),
    childrenOf,
    pathOf(id) {
      const path: CategoryRecord[] = [];
      for (let c = byId.get(id); c; c = c.parentId === null ? undefined : byId.get(c.parentId)) {
        path.unshift(c);
      }
      return path;
    },
    descendantIds(id) {
      return [id, ...childrenOf(id).flatMap((c) => this.descendantIds(c.id))];
    },
  };
}

const tree = treeOf([
  category(1, null, 'cyklar'),
  category(11, 1, 'elcyklar'),
  category(12, 1, 'hybridcyklar'),
  category(2, null, 'dolt', { isHidden: true }),
  category(21, 2, 'under-dolt'),
]);

describe('canonical URLs (GEINS-API §0.7)', () => {
  it('builds /c/, /p/ paths from the category path', () => {
    expect(categoryCanonicalUrl(tree, 1)).toBe('/c/cyklar');
    expect(categoryCanonicalUrl(tree, 11)).toBe('/c/cyklar/elcyklar');
    expect(productCanonicalUrl(tree, { alias: 'trek-fx-2', primaryCategoryId: 11 })).toBe(
      '/p/cyklar/elcyklar/trek-fx-2',
    );
  });

  it('builds breadcrumbs from the root down', () => {
    expect(breadcrumbsOf(tree, 11)).toEqual([
      { categoryId: 1, parentCategoryId: 0, name: 'Cyklar', url: '/c/cyklar' },
      { categoryId: 11, parentCategoryId: 1, name: 'Elcyklar', url: '/c/cyklar/elcyklar' },
    ]);
  });
});

describe('listCategories', () => {
  it('lists visible categories parents first; hidden ones and their children on request', () => {
    expect(listCategories(tree, {}).map((c) => c.alias)).toEqual([
      'cyklar',
      'elcyklar',
      'hybridcyklar',
    ]);
    expect(listCategories(tree, { includeHidden: true }).map((c) => c.alias)).toEqual([
      'cyklar',
      'elcyklar',
      'hybridcyklar',
      'dolt',
      'under-dolt',
    ]);
    expect(listCategories(tree, { parentCategoryId: 0 }).map((c) => c.alias)).toEqual(['cyklar']);
    expect(listCategories(tree, { parentCategoryId: 1 }).map((c) => c.alias)).toEqual([
      'elcyklar',
      'hybridcyklar',
    ]);
  });
});

describe('parseListUrl', () => {
  it('parses category, brand, campaign and list paths', () => {
    expect(parseListUrl('/c/cyklar/elcyklar')).toEqual({
      kind: 'category',
      aliases: ['cyklar', 'elcyklar'],
    });
    expect(parseListUrl('/b/trek/')).toEqual({ kind: 'brand', aliases: ['trek'] });
    expect(parseListUrl('/dc/varrea?page=2')).toEqual({ kind: 'campaign', aliases: ['varrea'] });
    expect(parseListUrl('/l/nyheter')).toEqual({ kind: 'list', aliases: ['nyheter'] });
  });

  it('ignores a market/language prefix and decodes', () => {
    expect(parseListUrl('/se/sv/c/cyklar')).toEqual({ kind: 'category', aliases: ['cyklar'] });
    expect(parseListUrl('/c/cykelv%C3%A4skor')).toEqual({
      kind: 'category',
      aliases: ['cykelväskor'],
    });
  });

  it('rejects anything else', () => {
    expect(parseListUrl('/c/')).toBeNull();
    expect(parseListUrl('/om-oss')).toBeNull();
    expect(parseListUrl('/x/y/z/c/cyklar')).toBeNull();
    expect(parseListUrl('/c/%E0%A4%A')).toBeNull();
  });
});
