/**
 * Product discovery through the API (issue 5; GEINS-API §5), part 2: sorting and paging, search
 * (Swedish stemming, typos, ranking), suggestions, popular searches and bad input, against the
 * fixed catalogue of discovery-fixture.ts, on every database kind and product search.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { prefixQuery } from '../src/modules/search/search-text.ts';
import { testSearchMatrix } from './test-db.ts';
import { LIST, useDiscoveryApi } from './discovery-fixture.ts';

describe.each(testSearchMatrix())('product discovery API on %s, %s search', (kind, search) => {
  const api = useDiscoveryApi(kind, search);
  const { list, ids, sorted } = api;

  describe('sorting and paging', () => {
    const scope = { categoryAlias: 'cyklar' };
    it.each([
      ['LATEST', [105, 102, 103, 101]],
      ['PRICE', [101, 105, 102, 103]],
      ['PRICE_DESC', [103, 102, 105, 101]],
      ['ALPHABETICAL', [105, 102, 101, 103]],
      ['ALPHABETICAL_DESC', [103, 101, 102, 105]],
      ['MOST_SOLD', [102, 103, 101, 105]],
      ['CUSTOM_1', [102, 105, 103, 101]],
    ])('%s', async (sort, expected) => {
      expect(await ids({ ...scope, filter: { sort } })).toEqual(expected);
    });
    it('skip and take page through the same order', async () => {
      expect(await ids({ ...scope, skip: 1, take: 2, filter: { sort: 'PRICE' } })).toEqual([
        105, 102,
      ]);
      const { count } = await list({ ...scope, skip: 3, take: 5 });
      expect(count).toBe(4);
    });
  });

  describe('search', () => {
    it('Swedish stemming: "hjälmar" finds helmets (category and text), "cyklar" the bikes', async () => {
      expect(sorted(await ids({ filter: { searchText: 'hjälmar' } }))).toEqual([104, 106]);
      expect(sorted(await ids({ filter: { searchText: 'hjälm' } }))).toEqual([104, 106]);
      expect(sorted(await ids({ filter: { searchText: 'cyklar' } }))).toEqual([101, 102, 103, 105]);
    });
    it('"cykel" finds the bikes of "Cyklar" and "cyklar" finds "cykel" (Swedish drops the e: cykel – cyklar)', async () => {
      expect(sorted(await ids({ filter: { searchText: 'cykel' } }))).toEqual([101, 102, 103, 105]);
      const matches = async (text: string, word: string) => {
        const { rows } = (await api.handle.db.execute(
          sql`select search_fold(to_tsvector('swedish', ${text})) @@ ${prefixQuery(word)} as ok`,
        )) as unknown as { rows: Array<{ ok: boolean }> };
        return rows[0]!.ok;
      };
      for (const [text, word] of [
        ['En trygg cykel', 'cyklar'],
        ['Cyklar för stan', 'cykel'],
        ['Sadlar', 'sadel'],
        ['Ny sadel', 'sadlar'],
        ['Växlar och kedjor', 'växel'],
        ['Filtret', 'filter'],
        ['Elcyklar', 'elcykel'],
        ['Monark', 'mon'],
      ] as const) {
        expect(await matches(text, word), `${word} in "${text}"`).toBe(true);
      }
      // Only after a consonant, only l and r, and only as a prefix of the same word.
      for (const [text, word] of [
        ['Baren', 'barn'],
        ['Pedalen', 'pedl'],
        ['Hjälm', 'cykel'],
      ] as const) {
        expect(await matches(text, word), `${word} in "${text}"`).toBe(false);
      }
    });
    it('folds å, ä, ö, é and ü: "hjalm" finds and ranks what "hjälm" finds; suggestions too (issue 14)', async () => {
      for (const [plain, accented] of [
        ['hjalm', 'hjälm'],
        ['hjalmar', 'hjälmar'],
        ['latt hjalm', 'lätt hjälm'],
        ['POC HJALM', 'poc hjälm'],
      ] as const) {
        const expected = await ids({ filter: { searchText: accented } });
        expect(expected.length, accented).toBeGreaterThan(0);
        expect(await ids({ filter: { searchText: plain } }), plain).toEqual(expected);
      }
      // Accents typed where the text has none, and é/ü folded like å/ä/ö.
      for (const [typed, plain] of [
        ['mönark', 'monark'],
        ['crëscént', 'crescent'],
        ['spëcialïzed', 'specialized'],
      ] as const) {
        const expected = await ids({ filter: { searchText: plain } });
        expect(expected.length, plain).toBeGreaterThan(0);
        expect(await ids({ filter: { searchText: typed } }), typed).toEqual(expected);
      }
      const q = `query s($prefix: String!) { searchSuggestions(prefix: $prefix) { categories { alias } brands { alias } } }`;
      const hja = await api.client.query(q, { prefix: 'hja' });
      expect(hja.data!.searchSuggestions.categories).toEqual([{ alias: 'hjalmar' }]);
      const hjalmar = await api.client.query(q, { prefix: 'hjalmar' });
      expect(hjalmar.data!.searchSuggestions.categories).toEqual([{ alias: 'hjalmar' }]);
    });
    it('typos: "specialised" finds Specialized, "monrk" finds Monark', async () => {
      expect(sorted(await ids({ filter: { searchText: 'specialised' } }))).toEqual([103, 106]);
      expect(sorted(await ids({ filter: { searchText: 'monrk' } }))).toEqual([101, 102]);
    });
    it('ranks name > brand > category > description (RELEVANCE is the default with searchText)', async () => {
      expect(await ids({ filter: { searchText: 'lyx' } })).toEqual([201, 205, 202, 203, 204]);
    });
    it('skip and take page through the RELEVANCE order (pages of 1, 2 and 3, past the end)', async () => {
      for (const searchText of ['lyx', 'cyklar', 'monrk', 'karin']) {
        const all = await ids({ filter: { searchText } });
        expect(all.length).toBeGreaterThan(1);
        for (const take of [1, 2, 3]) {
          const pages: number[] = [];
          for (let skip = 0; skip < all.length; skip += take) {
            pages.push(...(await ids({ skip, take, filter: { searchText } })));
          }
          expect(pages).toEqual(all);
        }
        expect(await ids({ skip: all.length, take: 2, filter: { searchText } })).toEqual([]);
      }
    });
    it('every word must match somewhere; search combines with scope and facets', async () => {
      expect(await ids({ filter: { searchText: 'monark karin' } })).toEqual(
        expect.arrayContaining([101, 102]),
      );
      expect(await ids({ filter: { searchText: 'poc hjälm' } })).toEqual([104]);
      expect(await ids({ categoryAlias: 'elcyklar', filter: { searchText: 'karin' } })).toEqual([
        102,
      ]);
    });
    it('SQL and HTML in the search text are just words', async () => {
      expect(await ids({ filter: { searchText: "'; drop table products; --" } })).toEqual([]);
      expect(await ids({ filter: { searchText: '<script>alert(1)</script>' } })).toEqual([]);
      expect(await ids({ filter: { searchText: '!!! ???' } })).toHaveLength(11);
    });
    it('suggestions: categories and brands for a prefix, with typos', async () => {
      const q = `query s($prefix: String!) { searchSuggestions(prefix: $prefix) { categories { alias } brands { alias } } }`;
      const hj = await api.client.query(q, { prefix: 'hjä' });
      expect(hj.data!.searchSuggestions.categories).toEqual([{ alias: 'hjalmar' }]);
      const monrk = await api.client.query(q, { prefix: 'monrk' });
      expect(monrk.data!.searchSuggestions.brands).toEqual([{ alias: 'monark' }]);
      const empty = await api.client.query(q, { prefix: '  ' });
      expect(empty.data!.searchSuggestions).toEqual({ categories: [], brands: [] });
    });
    it('popular searches count recorded searches with hits, most searched first', async () => {
      const record = `mutation r($term: String!, $hits: Int!) { recordSearch(term: $term, hits: $hits) }`;
      expect(
        (await api.client.query(record, { term: '  Hjälm  ', hits: 2 })).data!.recordSearch,
      ).toBe('hjälm');
      await api.client.query(record, { term: 'hjälm', hits: 2 });
      await api.client.query(record, { term: 'monark', hits: 2 });
      await api.client.query(record, { term: 'zzzz', hits: 0 });
      expect(
        (await api.client.query(record, { term: '<>', hits: 1 })).data!.recordSearch,
      ).toBeNull();
      const { data } = await api.client.query(`{ popularSearches(take: 5) { term count } }`);
      expect(data!.popularSearches).toEqual([
        { term: 'hjälm', count: 2 },
        { term: 'monark', count: 1 },
      ]);
    });
  });

  describe('bad input is a typed BAD_USER_INPUT error', () => {
    it.each([
      ['a reversed price range', { filter: { price: { lowest: 500, highest: 100 } } }],
      ['a negative price', { filter: { price: { lowest: -1 } } }],
      ['a 10 000-character search text', { filter: { searchText: 'a'.repeat(10_000) } }],
      ['a negative skip', { skip: -1 }],
      ['a huge skip', { skip: 1_000_000 }],
      ['too many facets', { filter: { facets: Array.from({ length: 201 }, (_, i) => `b_${i}`) } }],
    ])('%s', async (_name, variables) => {
      const { errors } = await api.client.query(LIST, variables);
      expect(errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    });
  });
});
