/**
 * Product reviews with moderation (issue 17; GEINS-API §3 reviews, postProductReview; SPEC §4-§5):
 * anonymous refused, the errors (unknown alias, rating out of range, missing fields, lengths),
 * one review per customer and product, the rate limit, pending until published, newest first
 * with paging, and ProductType.rating from published reviews only. On every database kind.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { productReviews } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  moderateReview,
  REVIEWS_PER_HOUR,
  reviewsInState,
} from '../src/modules/engagement/reviews.service.ts';
import { createTestClient, testConfig, type TestClient } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addCartFixture, CART_FIXTURE as F, personCheckout } from './cart-fixture.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const POST = `mutation ($alias: String!, $rating: Int, $comment: String, $author: String!) {
  postProductReview(alias: $alias, rating: $rating, comment: $comment, author: $author) }`;
const LIST = `query ($alias: String, $skip: Int, $take: Int) {
  reviews(alias: $alias, skip: $skip, take: $take) {
    count averageRating reviews { rating comment author reviewDate verifiedPurchase } } }`;
const RATING = `query ($alias: String!) { product(alias: $alias) { rating { score voteCount } } }`;

const HELMET = `cart-test-${F.helmet.productId}`;
const LOCK = `cart-test-${F.lock.productId}`;

describe.each(testDatabaseKinds())('product reviews on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;
  const config = testConfig();

  /** Posts as the customer with that Bearer token. */
  async function post(token: string | null, variables: Record<string, unknown>) {
    const response = await client.post(
      { query: POST, variables },
      token ? { authorization: `Bearer ${token}` } : {},
    );
    return (await response.json()) as {
      data?: { postProductReview: boolean } | null;
      errors?: Array<{ message: string; extensions?: Record<string, unknown> }>;
    };
  }
  const review = (overrides: Record<string, unknown> = {}) => ({
    alias: HELMET,
    rating: 4,
    comment: 'Sitter bra och <b>känns</b> trygg.',
    author: 'Anna',
    ...overrides,
  });

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    client = createTestClient(handle, config);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('refuses anonymous visitors', async () => {
    const result = await post(null, review());
    expect(result.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
    expect(await handle.db.select().from(productReviews)).toHaveLength(0);
  });

  it('refuses an unknown alias, a rating out of range and missing or too long fields', async () => {
    const { token } = await customerSession(handle.db, config, 'fel@example.com');
    const code = async (overrides: Record<string, unknown>) =>
      (await post(token, review(overrides))).errors?.[0]?.extensions;
    expect(await code({ alias: 'finns-inte' })).toMatchObject({ code: 'NOT_FOUND' });
    expect(await code({ alias: `cart-test-${F.gone.productId}` })).toMatchObject({
      code: 'NOT_FOUND',
    });
    for (const rating of [0, 6, -1, null]) {
      expect(await code({ rating })).toMatchObject({ code: 'BAD_USER_INPUT', argument: 'rating' });
    }
    expect(await code({ author: '   ' })).toMatchObject({ argument: 'author' });
    expect(await code({ author: 'x'.repeat(61) })).toMatchObject({ argument: 'author' });
    expect(await code({ comment: null })).toMatchObject({ argument: 'comment' });
    expect(await code({ comment: 'x'.repeat(2001) })).toMatchObject({ argument: 'comment' });
    const list = await client.query(LIST, { alias: 'finns-inte' });
    expect(list.errors?.[0]?.extensions?.code).toBe('NOT_FOUND');
    const take = await client.query(LIST, { alias: HELMET, take: 101 });
    expect(take.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      argument: 'take',
    });
    expect(await handle.db.select().from(productReviews)).toHaveLength(0);
  });

  it('keeps a review pending until it is published, then counts it', async () => {
    const anna = await customerSession(handle.db, config, 'anna@example.com');
    const bo = await customerSession(handle.db, config, 'bo@example.com');
    expect((await post(anna.token, review())).data?.postProductReview).toBe(true);
    // One review per customer and product.
    const again = await post(anna.token, review({ rating: 1 }));
    expect(again.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      reason: 'already-reviewed',
    });
    expect(
      (await post(bo.token, review({ rating: 5, author: 'Bo', comment: 'Bäst!' }))).data
        ?.postProductReview,
    ).toBe(true);

    // Pending: not listed, no rating.
    let list = await client.query(LIST, { alias: HELMET });
    expect(list.data?.reviews).toEqual({ count: 0, averageRating: 0, reviews: [] });
    expect((await client.query(RATING, { alias: HELMET })).data?.product.rating).toBeNull();

    const pending = await reviewsInState(handle.db);
    expect(pending.map((r) => r.author)).toEqual(['Anna', 'Bo']);
    await moderateReview(handle.db, pending[0]!.id, 'published', new Date());
    list = await client.query(LIST, { alias: HELMET });
    expect(list.data?.reviews.count).toBe(1);
    expect(list.data?.reviews.reviews[0]).toMatchObject({
      rating: 4,
      author: 'Anna',
      // Stored as typed; the storefront escapes it.
      comment: 'Sitter bra och <b>känns</b> trygg.',
      verifiedPurchase: false,
    });
    expect((await client.query(RATING, { alias: HELMET })).data?.product.rating).toEqual({
      score: 4,
      voteCount: 1,
    });

    // A rejected review never shows; a published one updates the average.
    await moderateReview(handle.db, pending[1]!.id, 'published', new Date());
    expect((await client.query(RATING, { alias: HELMET })).data?.product.rating).toEqual({
      score: 4.5,
      voteCount: 2,
    });
    const carl = await customerSession(handle.db, config, 'carl@example.com');
    await post(carl.token, review({ rating: 1, author: 'Carl' }));
    const [carls] = await reviewsInState(handle.db);
    await moderateReview(handle.db, carls!.id, 'rejected', new Date());
    list = await client.query(LIST, { alias: HELMET, skip: 0, take: 1 });
    expect(list.data?.reviews.count).toBe(2);
    expect(list.data?.reviews.averageRating).toBe(4.5);
    // Newest first, paged.
    expect(list.data?.reviews.reviews.map((r: { author: string }) => r.author)).toEqual(['Bo']);
    list = await client.query(LIST, { alias: HELMET, skip: 1, take: 1 });
    expect(list.data?.reviews.reviews.map((r: { author: string }) => r.author)).toEqual(['Anna']);
  });

  it('rate-limits reviews per customer', async () => {
    const { token } = await customerSession(handle.db, config, 'flitig@example.com');
    const aliases = (
      await client.query(`{ products(take: 10) { products { alias } } }`)
    ).data?.products.products.map((p: { alias: string }) => p.alias) as string[];
    const targets = [LOCK, ...aliases.filter((a) => a !== HELMET && a !== LOCK)];
    for (let i = 0; i < REVIEWS_PER_HOUR; i += 1) {
      expect((await post(token, review({ alias: targets[i] }))).data?.postProductReview).toBe(true);
    }
    const refused = await post(token, review({ alias: targets[REVIEWS_PER_HOUR] }));
    expect(refused.errors?.[0]?.extensions?.code).toBe('RATE_LIMITED');
  });

  it('marks the review of a customer who bought the product "Verifierat köp", not of one who did not', async () => {
    const buyer = await customerSession(handle.db, config, 'kopare@example.com');
    const auth = { authorization: `Bearer ${buyer.token}` };
    const gql = async (query: string, variables: Record<string, unknown>) => {
      const answer = (await (await client.post({ query, variables }, auth)).json()) as {
        data?: Record<string, { id?: string; orderId?: string }>;
        errors?: unknown[];
      };
      expect(answer.errors).toBeUndefined();
      return answer.data!;
    };
    const cartId = (await gql(`query { getCart(id: "") { id } }`, {})).getCart!.id!;
    await gql(
      `mutation ($id: String!, $item: CartItemInputType!) { addToCart(id: $id, item: $item) { id } }`,
      { id: cartId, item: { skuId: F.lock.skuId, quantity: 1 } },
    );
    const placed = await gql(
      `mutation ($cartId: String!, $checkout: CheckoutInputType!) {
        placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`,
      { cartId, checkout: personCheckout({ email: 'kopare@example.com' }) },
    );
    expect(placed.placeOrder!.orderId).toBeTruthy();

    const other = await customerSession(handle.db, config, 'tittare@example.com');
    const text = { alias: LOCK, comment: 'Stadigt lås.' };
    expect((await post(buyer.token, review({ ...text, author: 'Köpare' }))).errors).toBeUndefined();
    expect(
      (await post(other.token, review({ ...text, author: 'Tittare' }))).errors,
    ).toBeUndefined();
    for (const pending of await reviewsInState(handle.db)) {
      await moderateReview(handle.db, pending.id, 'published', new Date());
    }
    const list = await client.query(LIST, { alias: LOCK });
    const verified = Object.fromEntries(
      list.data?.reviews.reviews.map((r: { author: string; verifiedPurchase: boolean }) => [
        r.author,
        r.verifiedPurchase,
      ]),
    );
    expect(verified).toMatchObject({ Köpare: true, Tittare: false });
  });
});
