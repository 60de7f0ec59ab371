/**
 * Hardening of /graphql (issue 13 §18, §20, §21): resource limits (tokens, depth, aliases, cost,
 * root mutations, cart creations) refuse a request with HTTP 400 and QUERY_LIMIT_EXCEEDED before
 * it runs, while every operation of our storefront still passes; introspection follows
 * GRAPHQL_INTROSPECTION; NUL characters and lone surrogates are refused with HTTP 400 and
 * BAD_USER_INPUT instead of a masked INTERNAL_SERVER_ERROR. Each request is the one of the
 * finding.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { count } from 'drizzle-orm';
import {
  getNamedType,
  isLeafType,
  isNonNullType,
  isObjectType,
  Kind,
  parse,
  type GraphQLObjectType,
  type OperationDefinitionNode,
} from 'graphql/index.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { carts } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { QUERY_LIMITS } from '../src/graphql/limits.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

type Body = {
  data?: unknown;
  errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
};

const OPERATIONS_DIR = new URL('../../storefront/app/graphql/operations/', import.meta.url);

describe.each(testDatabaseKinds())('GraphQL hardening on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  const post = async (body: unknown): Promise<{ status: number; body: Body }> => {
    const response = await client.post(body);
    return { status: response.status, body: (await response.json()) as Body };
  };
  const cartCount = async () => (await handle.db.select({ n: count() }).from(carts))[0]!.n;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    client = createTestClient(handle);
  });

  afterAll(async () => {
    await handle?.close();
  });

  describe('resource limits (§18)', () => {
    const refused = (result: { status: number; body: Body }, limit?: string) => {
      expect(result.status).toBe(400);
      expect(result.body.data ?? null).toBeNull();
      expect(result.body.errors?.[0]?.extensions).toMatchObject({
        code: 'QUERY_LIMIT_EXCEEDED',
        ...(limit ? { limit } : {}),
      });
    };

    it('refuses 3 000 nested levels with 400 (no parser stack overflow)', async () => {
      const query = `{ ${'channel { '.repeat(3000)}id${' }'.repeat(3000)} }`;
      refused(await post({ query }), 'nesting');
    });

    it('refuses a document nested deeper than the limit', async () => {
      const depth = QUERY_LIMITS.depth + 1;
      const query = `{ ${'a { '.repeat(depth)}b${' }'.repeat(depth)} }`;
      refused(await post({ query }), 'depth');
    });

    it('refuses 300 and 1 000 aliases of an expensive field', async () => {
      for (const n of [300, 1000]) {
        const fields = Array.from(
          { length: n },
          (_, i) =>
            `a${i}: products(take: 200) { products { name skus { stock { totalStock } } } }`,
        );
        const started = Date.now();
        refused(await post({ query: `{ ${fields.join(' ')} }` }));
        expect(Date.now() - started).toBeLessThan(2000);
      }
    });

    it('refuses more aliases than the limit in a small query', async () => {
      const fields = Array.from(
        { length: QUERY_LIMITS.aliases + 1 },
        (_, i) => `a${i}: products(take: 1) { count }`,
      );
      refused(await post({ query: `{ ${fields.join(' ')} }` }), 'aliases');
    });

    it('refuses 200 getCart(id: "") aliases and creates no cart', async () => {
      const before = await cartCount();
      const fields = Array.from({ length: 200 }, (_, i) => `c${i}: getCart(id: "") { id }`);
      const result = await post({ query: `{ ${fields.join(' ')} }` });
      expect(result.status).toBe(400);
      expect(result.body.errors?.map((e) => e.extensions?.code)).toContain('QUERY_LIMIT_EXCEEDED');
      expect(await cartCount()).toBe(before);
    });

    it('creates at most one cart per request', async () => {
      const before = await cartCount();
      const two = await post({ query: '{ a: getCart(id: "") { id } b: getCart(id: "") { id } }' });
      expect(two.status).toBe(400);
      expect(two.body.errors?.[0]?.extensions).toMatchObject({
        code: 'QUERY_LIMIT_EXCEEDED',
        limit: 'cartCreations',
      });
      expect(await cartCount()).toBe(before + 1);
      // Reading existing carts is not limited.
      const { id } =
        (two.body.data as { a: { id: string } | null; b: { id: string } | null }).a ??
        (two.body.data as { b: { id: string } }).b;
      const read = await post({
        query: `{ a: getCart(id: "${id}") { id } b: getCart(id: "${id}") { id } }`,
      });
      expect(read.status).toBe(200);
      expect(await cartCount()).toBe(before + 1);
    });

    it('refuses more than one root mutation', async () => {
      const result = await post({
        query: `mutation { a: recordSearch(term: "cykel", hits: 1) b: recordSearch(term: "hjälm", hits: 1) }`,
      });
      refused(result, 'mutations');
    });

    it('refuses a query above the cost limit (within the token, depth and alias limits)', async () => {
      // Every field of ProductsResultType three levels down (~800 in GraphQL Armor's cost), 7 times.
      const selection = (type: GraphQLObjectType, depth: number): string =>
        Object.values(type.getFields())
          .filter((field) => !field.args.some((arg) => isNonNullType(arg.type)))
          .map((field) => {
            const named = getNamedType(field.type);
            if (isLeafType(named)) return field.name;
            return isObjectType(named) && depth > 0
              ? `${field.name} { ${selection(named, depth - 1)} }`
              : '';
          })
          .join(' ');
      const products = client.api.schema.getQueryType()!.getFields().products!;
      const all = selection(getNamedType(products.type) as GraphQLObjectType, 3);
      const fields = Array.from({ length: 7 }, (_, i) => `p${i}: products(take: 1) { ${all} }`);
      refused(await post({ query: `{ ${fields.join(' ')} }` }), 'cost');
      const one = await post({ query: `{ products(take: 1) { ${all} } }` });
      expect(one.status).toBe(200);
    });

    it('lets every operation of the storefront through (no limit refuses it)', async () => {
      let checked = 0;
      for (const file of readdirSync(OPERATIONS_DIR)) {
        const text = readFileSync(new URL(file, OPERATIONS_DIR), 'utf8');
        for (const definition of parse(text).definitions) {
          if (definition.kind !== Kind.OPERATION_DEFINITION) continue;
          const operationName = (definition as OperationDefinitionNode).name!.value;
          const result = await post({ query: text, operationName, variables: {} });
          const codes = (result.body.errors ?? []).map((e) => e.extensions?.code);
          expect(codes, `${file} ${operationName}`).not.toContain('QUERY_LIMIT_EXCEEDED');
          expect(codes, `${file} ${operationName}`).not.toContain('GRAPHQL_PARSE_FAILED');
          checked++;
        }
      }
      expect(checked).toBeGreaterThan(20);
    });
  });

  describe('introspection (§20)', () => {
    const schemaQuery = { query: '{ __schema { queryType { name } } }' };

    it('is refused when GRAPHQL_INTROSPECTION is off (production default), GraphiQL too', async () => {
      const off = createTestClient(handle, testConfig({ graphql: { introspection: false } }));
      const response = await off.post(schemaQuery);
      const body = (await response.json()) as Body;
      expect(body.data ?? null).toBeNull();
      expect(body.errors?.[0]?.extensions?.code).toBe('GRAPHQL_VALIDATION_FAILED');
      const typeQuery = await off.post({ query: '{ __type(name: "CartType") { name } }' });
      expect(((await typeQuery.json()) as Body).data ?? null).toBeNull();
      const typename = await off.post({ query: '{ __typename }' });
      expect(await typename.json()).toEqual({ data: { __typename: 'GeinsMerchantApiQuery' } });
      const page = await off.api.fetch(
        new Request('http://localhost/graphql', { headers: { accept: 'text/html' } }),
      );
      expect(page.headers.get('content-type') ?? '').not.toMatch(/text\/html/);
    });

    it('is answered when GRAPHQL_INTROSPECTION is on', async () => {
      const on = createTestClient(handle, testConfig({ graphql: { introspection: true } }));
      const body = (await (await on.post(schemaQuery)).json()) as Body;
      expect(body).toEqual({
        data: { __schema: { queryType: { name: 'GeinsMerchantApiQuery' } } },
      });
    });
  });

  describe('NUL characters and lone surrogates (§21)', () => {
    const badUserInput = (result: { status: number; body: Body }) => {
      expect(result.status).toBe(400);
      expect(result.body.errors?.[0]?.extensions?.code).toBe('BAD_USER_INPUT');
    };
    let cartId: string;

    beforeAll(async () => {
      const { data } = await client.query<{ getCart: { id: string } }>(
        '{ getCart(id: "") { id } }',
      );
      cartId = data!.getCart.id;
      await client.query(
        'mutation($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }',
        { id: cartId, item: { skuId: F.tube.skuId, quantity: 1 } },
      );
    });

    it('product(alias) with a NUL in a variable or a literal', async () => {
      badUserInput(
        await post({
          query: 'query($alias: String) { product(alias: $alias) { productId } }',
          variables: { alias: 'a\u0000b' },
        }),
      );
      badUserInput(await post({ query: '{ product(alias: "a\\u0000b") { productId } }' }));
    });

    it('setCartPromoCode with a NUL', async () => {
      badUserInput(
        await post({
          query:
            'mutation($id: String!, $code: String!) { setCartPromoCode(id: $id, promoCode: $code) { id } }',
          variables: { id: cartId, code: 'SOMMAR\u0000' },
        }),
      );
    });

    it('recordSearch with a NUL or a lone surrogate', async () => {
      for (const term of ['cyk\u0000el', 'cyk\ud800el', 'cykel\udc00']) {
        badUserInput(
          await post({
            query: 'mutation($term: String!) { recordSearch(term: $term, hits: 1) }',
            variables: { term },
          }),
        );
      }
      // A real emoji (a surrogate pair) is fine.
      const ok = await post({
        query: 'mutation($term: String!) { recordSearch(term: $term, hits: 1) }',
        variables: { term: 'cykel 🚲' },
      });
      expect(ok.status).toBe(200);
      expect(ok.body.errors).toBeUndefined();
    });

    it('createOrUpdateCheckout with a NUL deep in the input', async () => {
      badUserInput(
        await post({
          query:
            'mutation($cartId: String!, $checkout: CheckoutInputType) { createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) { email } }',
          variables: {
            cartId,
            checkout: { email: 'a@example.se', shippingAddress: { zip: '123\u000045' } },
          },
        }),
      );
    });
  });
});
