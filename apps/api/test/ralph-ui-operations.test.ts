/**
 * The real ralph storefront's GraphQL operations against our schema (issue 25; GEINS-API §2):
 * every operation in the `.graphql` files of `@geins/ralph-ui@23.2.0` (vendored unchanged in
 * fixtures/ralph-ui-23.2.0, re-extract with `npx tsx scripts/extract-ralph-ui-operations.ts`),
 * with its `#import`s inlined as ralph's build does (graphql-tag's loader: the operation plus the
 * fragments it uses), validated with graphql-js's standard rules against apps/api/schema.graphql
 * (printed by `npm run schema:print`; schema.test.ts fails when that file is stale).
 *
 * {@link VALIDATING} is the set that validates today. The test fails when one of them stops
 * validating (a regression) and when another one starts to (add it to the set: the set grows as
 * the missing parts of the contract land). The run prints the count and the errors of the rest.
 */
import { buildSchema } from 'graphql/index.js';
import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import {
  ralphUiOperation,
  ralphUiSource as source,
  validateRalphUiOperations,
} from './ralph-ui.ts';
import { openTestDb } from './test-db.ts';

const schema = buildSchema(
  readFileSync(fileURLToPath(new URL('../schema.graphql', import.meta.url)), 'utf8'),
);

/**
 * The operations (`file#operationName`) that validate against our schema today. Grows as other
 * issues land (product variants and price log, menus, widgets, reviews, ...).
 */
const VALIDATING: readonly string[] = [
  'brands/brands-by-products.graphql#products',
  'brands/brands.graphql#brands',
  'cart/add.graphql#addToCart',
  'cart/complete.graphql#completeCart',
  'cart/confirm.graphql#getCart',
  'cart/get.graphql#getCart',
  'cart/promo-code.graphql#setCartPromoCode',
  'cart/update.graphql#updateCartItem',
  'checkout/checkout-confirm.graphql#checkout',
  'checkout/create-or-update.graphql#createOrUpdateCheckout',
  'checkout/get-checkout-and-order.graphql#getCheckoutAndOrder',
  'checkout/get-checkout.graphql#getCheckout',
  'checkout/place-order.graphql#placeOrder',
  'checkout/set-cart-shipping-fee.graphql#setCartShippingFee',
  'global/categories.graphql#categories',
  'global/list-page-info.graphql#listPageInfo',
  'global/markets.graphql#channel',
  'global/menu.graphql#getMenuAtLocation',
  'global/newsletter.graphql#subscribeToNewsletter',
  'global/search.graphql#products',
  'global/widget-area.graphql#widgetArea',
  'product/monitor-availability.graphql#monitorProductAvailability',
  'product/post-product-review.graphql#postProductReview',
  'product/product-price-history.graphql#productPriceHistory',
  'product/product.graphql#product',
  'product/related-products.graphql#relatedProducts',
  'product/reviews.graphql#queryReviews',
  'productlist/brand-page.graphql#listPageInfo',
  'productlist/category-page.graphql#listPageInfo',
  'productlist/discountCampaign-page.graphql#listPageInfo',
  'productlist/list-filters.graphql#products',
  'productlist/list-page.graphql#listPageInfo',
  'productlist/products.graphql#products',
  'user/delete.graphql#deleteUser',
  'user/get.graphql#getUser',
  'user/orders.graphql#getOrders',
  'user/pw-reset-commit.graphql#commitReset',
  'user/pw-reset-request.graphql#requestPasswordReset',
  'user/register.graphql#updateUser',
  'user/update.graphql#updateUser',
  // All 40 validate (November 2026).
];

describe(`${source.package}@${source.version} operations against schema.graphql`, () => {
  const results = validateRalphUiOperations(schema);
  const valid = results.filter((r) => r.errors.length === 0).map((r) => r.key);

  it('reads every vendored file, with each #import found', () => {
    expect(source.files.length).toBeGreaterThan(50);
    expect(results).toHaveLength(40);
  });

  it('validates exactly the expected set (regressions fail; newly valid ones join VALIDATING)', () => {
    const report = [
      `${valid.length} of ${results.length} ralph-ui operations validate against schema.graphql:`,
      ...valid.map((key) => `  ok   ${key}`),
      ...results
        .filter((r) => r.errors.length > 0)
        .map((r) => `  FAIL ${r.key}: ${r.errors.slice(0, 3).join(' | ')}`),
    ].join('\n');
    console.info(report);
    expect(valid.sort()).toEqual([...VALIDATING].sort());
  });
});

describe('the validating ralph-ui operations on the running API', () => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb('pglite');
    client = createTestClient(handle);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("pass the server's own validation and query limits (depth, aliases, cost, tokens)", async () => {
    const refused: string[] = [];
    for (const key of VALIDATING) {
      const [file, name] = key.split('#') as [string, string];
      // Variables as ralph's Apollo middleware adds them; required ones may be missing: their
      // error comes after validation and the limits, which is what is checked here.
      const response = await client.post({
        operationName: name,
        query: ralphUiOperation(file, name),
        variables: { channelId: '1|se', languageId: 'sv-SE', marketId: 'se' },
      });
      const body = (await response.json()) as {
        errors?: Array<{ message: string; extensions?: { code?: string } }>;
      };
      const blocking = (body.errors ?? []).filter((error) =>
        ['GRAPHQL_VALIDATION_FAILED', 'QUERY_LIMIT_EXCEEDED', 'GRAPHQL_PARSE_FAILED'].includes(
          error.extensions?.code ?? '',
        ),
      );
      if (blocking.length > 0) refused.push(`${key}: ${blocking[0]!.message}`);
    }
    expect(refused).toEqual([]);
  });
});
