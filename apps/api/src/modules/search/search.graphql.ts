/**
 * Search extensions of the API (issue 5). NOT part of the Geins contract: clearly separated
 * root fields that Geins clients never call and can ignore.
 * - `searchSuggestions(prefix)`: categories and brands matching what a shopper types (the
 *   products come from the Geins field `products(filter: {searchText})`).
 * - `popularSearches(take)`: the most searched terms (counted on the server).
 * - mutation `recordSearch(term, hits)`: counts a search from the search page.
 */
import { contextArgs } from '../../graphql/args.ts';
import { builder } from '../../graphql/builder.ts';
import { BrandRef, CategoryRef } from '../catalog/catalog.graphql.ts';
import { popularSearches, recordSearch, type NameSuggestions } from './search.service.ts';

/** `SearchSuggestionsType`. */
const SearchSuggestionsRef = builder.objectRef<NameSuggestions>('SearchSuggestionsType').implement({
  description: 'Categories and brands for a search prefix (extension, not in the Geins contract).',
  fields: (t) => ({
    categories: t.field({
      type: [CategoryRef],
      nullable: false,
      description: 'Visible categories whose names match, best first.',
      resolve: (s) => s.categories,
    }),
    brands: t.field({
      type: [BrandRef],
      nullable: false,
      description: 'Brands whose names match (typos allowed), best first.',
      resolve: (s) => s.brands,
    }),
  }),
});

/** `PopularSearchType`. */
const PopularSearchRef = builder
  .objectRef<{ term: string; count: number }>('PopularSearchType')
  .implement({
    description: 'A search term and how often it was searched (extension).',
    fields: (t) => ({
      term: t.exposeString('term', {
        nullable: false,
        description: 'The normalised term (lower case, single spaces).',
      }),
      count: t.exposeInt('count', { nullable: false, description: 'Times searched.' }),
    }),
  });

builder.queryFields((t) => ({
  searchSuggestions: t.field({
    type: SearchSuggestionsRef,
    nullable: false,
    description:
      'Extension (not Geins): categories and brands matching a search prefix, at most `take` (1..10, default 5) of each. Products: use products(filter: {searchText}).',
    args: {
      ...contextArgs,
      prefix: t.arg.string({ required: true, description: 'What the shopper typed.' }),
      take: t.arg.int({ description: 'Most suggestions of each kind, 1..10 (default 5).' }),
    },
    resolve: async (_root, args, ctx) =>
      ctx.productSearch.suggestions(
        { db: ctx.db, tree: await ctx.categoryTree() },
        args.prefix,
        args.take ?? 5,
      ),
  }),
  popularSearches: t.field({
    type: [PopularSearchRef],
    nullable: false,
    description:
      'Extension (not Geins): the most searched terms that gave hits, at most `take` (1..20, default 8).',
    args: {
      ...contextArgs,
      take: t.arg.int({ description: 'How many, 1..20 (default 8).' }),
    },
    resolve: (_root, args, ctx) => popularSearches(ctx.db, args.take ?? 8),
  }),
}));

builder.mutationFields((t) => ({
  recordSearch: t.field({
    type: 'String',
    description:
      'Extension (not Geins): counts one search of `term` with its number of hits, for popularSearches. Returns the normalised term, or null when the term has no letters or digits.',
    args: {
      ...contextArgs,
      term: t.arg.string({ required: true, description: 'The search text (max 256 characters).' }),
      hits: t.arg.int({ required: true, description: 'Number of products found.' }),
    },
    resolve: (_root, args, ctx) =>
      recordSearch(ctx.db, args.term.slice(0, 256), args.hits, ctx.now),
  }),
}));
