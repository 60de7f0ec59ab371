/**
 * Setup of the facet-postings tests (facet-postings-*.test.ts): the seed catalogue of 90
 * products on a fresh database of `kind`, list cache off, postings built, a client per
 * `ProductSearch` (postings-backed and rows only) and the comparison helpers.
 */
import { afterAll, beforeAll, expect } from 'vitest';
import { type DbHandle } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { buildFacetPostings } from '../src/modules/catalog/facet-postings.ts';
import { facetPostingsSettled } from '../src/modules/catalog/facet-postings-settled.ts';
import { setListCacheEnabled } from '../src/modules/catalog/list-cache.ts';
import { createTestClient, searchConfig, type TestClient } from './api-client.ts';
import { openTestDb } from './test-db.ts';

export const LIST = `query list($categoryAlias: String, $brandAlias: String, $url: String, $filter: FilterInputType, $marketId: String, $skip: Int, $take: Int = 3) {
  products(categoryAlias: $categoryAlias, brandAlias: $brandAlias, url: $url, skip: $skip, take: $take, filter: $filter, marketId: $marketId) {
    count
    products { productId }
    filters {
      price { lowest highest }
      facets { filterId type group label order values { facetId parentId label order count hidden } }
    }
  }
}`;

export interface Facets {
  count: number;
  products: Array<{ productId: number }>;
  filters: { facets: Array<{ type: string; values: Array<{ facetId: string; count: number }> }> };
}

/** Registers the hooks of a facet-postings suite and returns its handle, clients and helpers. */
export function useFacetPostingsApi(kind: 'pglite' | 'postgres') {
  let handle: DbHandle;
  let client: TestClient;
  /** The same API answered by each `ProductSearch`: postings-backed and rows only. */
  let clients: Record<'postings' | 'rows', TestClient>;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 90 });
    setListCacheEnabled(handle.db, false);
    // No shared category tree: both paths read the catalogue as the tests last wrote it (a
    // cached tree of one client and a fresh one of the other differed after a category rename).
    client = createTestClient(handle, searchConfig('postings', { referenceDataTtlMs: 0 }));
    clients = {
      postings: client,
      rows: createTestClient(handle, searchConfig('rows', { referenceDataTtlMs: 0 })),
    };
    expect(await buildFacetPostings(handle.db)).toBe('full');
  });
  afterAll(async () => {
    if (handle) await facetPostingsSettled(handle.db);
    await handle?.close();
  });

  async function list(variables: Record<string, unknown>, postings: boolean) {
    const client = clients[postings ? 'postings' : 'rows'];
    const { data, errors } = await client.query(LIST, { marketId: 'se', ...variables });
    expect(errors).toBeUndefined();
    return data!.products as Facets;
  }

  /** `count` alone (no filters asked for), from postings or from rows. */
  async function countOnly(variables: Record<string, unknown>, postings: boolean) {
    const client = clients[postings ? 'postings' : 'rows'];
    const { data, errors } = await client.query(
      `query count($filter: FilterInputType, $categoryAlias: String) {
      products(categoryAlias: $categoryAlias, take: 1, filter: $filter, marketId: "se") { count }
    }`,
      variables,
    );
    expect(errors).toBeUndefined();
    return (data!.products as { count: number }).count;
  }

  /** The same list counted from postings and from rows. */
  async function expectSameAsRows(variables: Record<string, unknown>) {
    const rows = await list(variables, false);
    const postings = await list(variables, true);
    expect(postings).toEqual(rows);
    return postings;
  }

  /** First facet id of each type of a list (what a shopper would tick). */
  async function firstIds(variables: Record<string, unknown>) {
    const base = await list(variables, false);
    const ids = new Map<string, string[]>();
    for (const facet of base.filters.facets) {
      ids.set(
        facet.type === 'Parameter'
          ? `Parameter:${facet.values[0]?.facetId.split('_')[1]}`
          : facet.type,
        facet.values.map((v) => v.facetId),
      );
    }
    return ids;
  }

  async function postingVersions() {
    const rows = await handle.db
      .selectDistinct({ version: schema.facetPostings.catalogueVersion })
      .from(schema.facetPostings);
    return rows.map((r) => r.version);
  }
  return {
    get handle() {
      return handle;
    },
    get client() {
      return client;
    },
    get clients() {
      return clients;
    },
    list,
    countOnly,
    expectSameAsRows,
    firstIds,
    postingVersions,
  };
}
