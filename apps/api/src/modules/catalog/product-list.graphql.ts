/**
 * GraphQL of product lists (GEINS-API §3.1 products, §5 filtering, sorting, paging and facets):
 * `FilterInputType`, `SortType`, the facet types, `ProductsResultType` and the `products` root
 * field, answered by the request's `ProductSearch` (search/product-search.ts).
 */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';
import { contextArgs } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { ProductRef } from './catalog-types.graphql.ts';
import type { Facet, FacetValue, FilterCollection, ProductPage } from './product-list.types.ts';

// ---------------------------------------------------------------------------------------------
// Product lists: filters and results

/** `SortType` (GEINS-API §5.3). */
export const SortTypeEnum = builder.enumType('SortType', {
  description:
    'Product list ordering (GEINS-API §5.3). Default LATEST, RELEVANCE when searchText is set. CUSTOM_2..5 sort as LATEST (no custom orders yet).',
  values: {
    NONE: { description: 'No particular order (product id).' },
    PRICE: { description: 'Selling price, lowest first.' },
    PRICE_DESC: { description: 'Selling price, highest first.' },
    MOST_SOLD: { description: 'Most sold first.' },
    VOTES: {
      description:
        'Highest average rating of published reviews first, then most reviews; products without reviews last, as LATEST.',
    },
    BRAND: { description: 'By brand name, then product name.' },
    LATEST: { description: 'Newest first (firstAvailableOn desc, productId desc). The default.' },
    RELEVANCE: {
      description:
        'Search relevance: name > brand > category > description, then LATEST; without searchText as LATEST.',
    },
    FACET_ORDER: { description: 'Keep the order of the given productIds or `a_<alias>` facets.' },
    ALPHABETICAL: { description: 'By name, A-Ö.' },
    ALPHABETICAL_DESC: { description: 'By name, Ö-A.' },
    CUSTOM_1: {
      description: 'Campaign order: highest discount percentage first, then LATEST.',
    },
    CUSTOM_2: { description: 'Custom order 2 (not yet: as LATEST).' },
    CUSTOM_3: { description: 'Custom order 3 (not yet: as LATEST).' },
    CUSTOM_4: { description: 'Custom order 4 (not yet: as LATEST).' },
    CUSTOM_5: { description: 'Custom order 5 (not yet: as LATEST).' },
    AVAILABLE_STOCK: { description: 'Units in stock, fewest first.' },
    AVAILABLE_STOCK_DESC: { description: 'Units in stock, most first.' },
    TOTAL_STOCK: { description: 'Units in stock incl. oversellable and static, fewest first.' },
    TOTAL_STOCK_DESC: { description: 'Units in stock incl. oversellable and static, most first.' },
  } as const,
});

/** `IncludeMode`. */
export const IncludeModeEnum = builder.enumType('IncludeMode', {
  description: 'How `include` facet ids combine (GEINS-API §5.2).',
  values: {
    INTERSECT: { description: 'A value from every group must match (default).' },
    UNION: { description: 'At least one value must match.' },
  } as const,
});

/** `FilterMode`. */
export const FilterModeEnum = builder.enumType('FilterMode', {
  description: 'How facet counts are computed (GEINS-API §5.2). Default BY_GROUP.',
  values: {
    BY_GROUP: { description: 'Counts ignore the selection within their own group.' },
    CURRENT: { description: 'Counts for the current result.' },
  } as const,
});

/** `PriceFilterInputType`. */
export const PriceFilterInput = builder.inputType('PriceFilterInputType', {
  description: 'Selling-price range incl. VAT in kronor (GEINS-API §5.2).',
  fields: (t) => ({
    lowest: t.float({ description: 'Lowest price to include, kronor.' }),
    highest: t.float({ description: 'Highest price to include, kronor.' }),
  }),
});

const optional = { list: false, items: false } as const;

/** `FilterInputType` (GEINS-API §5.2). */
export const FilterInput = builder.inputType('FilterInputType', {
  description:
    'Product list filter (GEINS-API §5.2). Facet ids: c_<categoryId>, b_<brandId>, s_<size>, pr_<from>_<to> (kronor), d_<from>_<to> (percent), p_<parameterId>_<valueId>, a_<productAlias>; OR within a group, AND across groups; unknown ids are ignored. Accepted but without effect: includeCollapsed, priceListIdentifier.',
  fields: (t) => ({
    searchText: t.string({
      description:
        'Free text, at most 256 characters: Swedish full-text search (stemming) over name, brand, categories and texts, with typo tolerance; ranked by RELEVANCE.',
    }),
    facets: t.stringList({
      required: optional,
      description:
        'Facet ids products must match (OR within a group, AND across groups); `a_<productAlias>` selects products (favorites).',
    }),
    excludeFacets: t.stringList({
      required: optional,
      description: 'Products having any of these facets are left out.',
    }),
    include: t.stringList({
      required: optional,
      description: 'Legacy include list of facet ids, combined by includeMode.',
    }),
    includeMode: t.field({
      type: IncludeModeEnum,
      description: 'How include combines (default INTERSECT).',
    }),
    exclude: t.stringList({
      required: optional,
      description: 'Legacy exclude list of facet ids (as excludeFacets).',
    }),
    sort: t.field({
      type: SortTypeEnum,
      description: 'Ordering; default LATEST (RELEVANCE with searchText).',
    }),
    price: t.field({
      type: PriceFilterInput,
      description: 'Selling-price range incl. VAT, kronor.',
    }),
    filterMode: t.field({
      type: FilterModeEnum,
      description: 'Facet count mode: BY_GROUP (default) or CURRENT.',
    }),
    productIds: t.intList({
      required: optional,
      description: 'At most 600 ids: every other filter is ignored and this order is kept.',
    }),
    articleNumbers: t.stringList({
      required: optional,
      description: 'At most 600 article numbers, like productIds with lower priority.',
    }),
    categoryIds: t.intList({
      required: optional,
      description: 'Only products in these categories (with subcategories).',
    }),
    brandIds: t.intList({ required: optional, description: 'Only products of these brands.' }),
    discountCampaignIds: t.intList({
      required: optional,
      description: 'Only products whose price these campaigns lower now.',
    }),
    excludeCategoryIds: t.intList({
      required: optional,
      description: 'Leave out products in these categories.',
    }),
    excludeBrandIds: t.intList({
      required: optional,
      description: 'Leave out products of these brands.',
    }),
    excludeDiscountCampaignIds: t.intList({
      required: optional,
      description: 'Leave out products in these campaigns.',
    }),
    includeCollapsed: t.boolean({ description: 'Include collapsed variants (not applied yet).' }),
    priceListIdentifier: t.string({ description: 'Price list (not applied yet).' }),
  }),
});

/** `PriceFilterType`. */
export const PriceFilterRef = builder
  .objectRef<{ lowest: number; highest: number }>('PriceFilterType')
  .implement({
    description: 'Lowest and highest selling price in a result, kronor (GEINS-API §5.4).',
    fields: (t) => ({
      lowest: t.exposeFloat('lowest', { nullable: false, description: 'Lowest price, kronor.' }),
      highest: t.exposeFloat('highest', { nullable: false, description: 'Highest price, kronor.' }),
    }),
  });

/** `FilterValueType`. */
export const FilterValueRef = builder.objectRef<FacetValue>('FilterValueType').implement({
  description: 'One facet value with its hit count (GEINS-API §5.4).',
  fields: (t) => ({
    _id: t.string({
      nullable: false,
      description: 'Cache key "{facetId}_{count}" (GEINS-API §0.6).',
      resolve: (v) => `${v.facetId}_${v.count}`,
    }),
    facetId: t.exposeString('facetId', {
      description: 'Opaque facet id; pass it in filter.facets.',
    }),
    parentId: t.exposeString('parentId', { description: 'Parent facet (category tree).' }),
    label: t.exposeString('label', { description: 'Display label.' }),
    url: t.exposeString('url', { description: 'Router path of the facet.' }),
    order: t.exposeInt('order', { nullable: false, description: 'Display order.' }),
    count: t.field({
      type: 'Long',
      nullable: false,
      description: 'Hits with this value.',
      resolve: (v) => v.count,
    }),
    hidden: t.exposeBoolean('hidden', { nullable: false, description: 'Hidden in filter lists.' }),
  }),
});

/** `FilterType`. */
export const FilterRef = builder.objectRef<Facet>('FilterType').implement({
  description:
    'A facet group: Category, Brand, Sku, Price, Discount or Parameter (GEINS-API §5.4).',
  fields: (t) => ({
    filterId: t.exposeString('filterId', { nullable: false, description: 'Facet group id.' }),
    type: t.exposeString('type', {
      description: 'Category, Brand, Sku, Price, Discount or Parameter.',
    }),
    group: t.exposeString('group', { description: 'Parameter group name.' }),
    label: t.exposeString('label', { description: 'Display label.' }),
    order: t.exposeInt('order', { nullable: false, description: 'Display order.' }),
    values: t.field({
      type: [FilterValueRef],
      description: 'Values with counts.',
      resolve: (f) => f.values,
    }),
  }),
});

/** `FilterCollectionType`. */
export const FilterCollectionRef = builder
  .objectRef<FilterCollection>('FilterCollectionType')
  .implement({
    description:
      'Facets of a product list (GEINS-API §5.4): price range and facet groups with counts, computed in SQL.',
    fields: (t) => ({
      price: t.field({
        type: PriceFilterRef,
        description: 'Price range of the result.',
        resolve: (f) => f.price,
      }),
      facets: t.field({
        type: [FilterRef],
        description: 'Facet groups.',
        resolve: (f) => f.facets,
      }),
    }),
  });

/**
 * True when the field being resolved selects `name` directly on its result (through inline
 * fragments and fragment spreads too; directives such as @skip are not evaluated, so a skipped
 * field counts as selected).
 */
export function selectsField(info: GraphQLResolveInfo, name: string): boolean {
  const seen = new Set<string>();
  const inSet = (set: SelectionSetNode | undefined): boolean =>
    (set?.selections ?? []).some((selection) => {
      if (selection.kind === Kind.FIELD) return selection.name.value === name;
      if (selection.kind === Kind.INLINE_FRAGMENT) return inSet(selection.selectionSet);
      const fragmentName = selection.name.value;
      if (seen.has(fragmentName)) return false;
      seen.add(fragmentName);
      return inSet(info.fragments[fragmentName]?.selectionSet);
    });
  return info.fieldNodes.some((node) => inSet(node.selectionSet));
}

/** `ProductsResultType`. */
export const ProductsResultRef = builder.objectRef<ProductPage>('ProductsResultType').implement({
  description: 'One page of a product list (GEINS-API §4.4, §5.1).',
  fields: (t) => ({
    count: t.field({
      type: 'Long',
      nullable: false,
      description: 'Total number of hits, for paging.',
      resolve: (r) => r.count,
    }),
    products: t.field({
      type: [ProductRef],
      description: 'The page of products.',
      resolve: (r) => r.products,
    }),
    filters: t.field({
      type: FilterCollectionRef,
      description:
        'Facets of the result (one extra SQL statement, only when selected). BY_GROUP counts of a group ignore the selection within the group.',
      resolve: (r) => r.filters(),
    }),
  }),
});

builder.queryFields((t) => ({
  products: t.field({
    type: ProductsResultRef,
    description:
      'A page of products (GEINS-API §3.1, §5). Scope by categoryAlias (with subcategories), brandAlias, discountCampaignAlias or url; no scope = the whole catalogue. Default order LATEST.',
    args: {
      ...contextArgs,
      skip: t.arg.int({ description: 'Products to skip, 0..6000 (default 0).' }),
      take: t.arg.int({ description: 'Products to return, 0..200 (default and maximum 200).' }),
      brandAlias: t.arg.string({ description: 'Only products of this brand.' }),
      categoryAlias: t.arg.string({
        description: 'Only products in this category or its subcategories.',
      }),
      discountCampaignAlias: t.arg.string({
        description: 'Only products whose price this campaign lowers now.',
      }),
      url: t.arg.string({
        description:
          'A list page path: /c/…, /b/…, /dc/… or /l/{nyheter, rea, i-lager, mest-salda}.',
      }),
      filter: t.arg({ type: FilterInput, description: 'Filters and sort.' }),
    },
    resolve: async (_root, args, ctx, info) =>
      ctx.productSearch.products(
        {
          db: ctx.db,
          tree: await ctx.categoryTree(),
          shop: await ctx.pricedShop(args),
          now: ctx.now,
        },
        args,
        {
          withFilters: selectsField(info, 'filters'),
          newsWindowDays: ctx.config.catalog.newsWindowDays,
        },
      ),
  }),
}));
