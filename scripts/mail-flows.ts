/**
 * What a shop's first customers do that sends e-mail (issue 40 §1), over HTTP against a running
 * shop as its users reach it: an order (confirmation with its totals), a password reset of a
 * registered account, a newsletter sign-up (double opt-in) and a watched size restocked in the
 * back office (back-in-stock mail). Each mail is then looked for in the shop's outbox as an
 * `.eml` file. Used by scripts/mail-processes.test.ts on `npm start` and on the `dist/` bundles.
 */
import { expect } from 'vitest';
import { DEFAULT_PASSWORD_SALT } from '../apps/api/src/config.ts';
import { readOutbox } from '../apps/api/src/modules/mail/mail.service.ts';
import { authClient } from '../apps/api/test/auth-client.ts';
import { personCheckout } from '../apps/api/test/cart-fixture.ts';

/** A started shop. */
export interface RunningShop {
  /** Base URL, e.g. `http://127.0.0.1:39123`. */
  url: string;
  /** Its PUBLIC_URL, the base of the links in its mail (default `http://localhost:$PORT`). */
  publicUrl: string;
  /** The shop's API key (X-ApiKey). */
  apiKey: string;
  /** Its MAIL_OUTBOX_DIR. */
  outbox: string;
  /** Its first administrator (ADMIN_EMAIL, ADMIN_PASSWORD). */
  admin: { email: string; password: string };
}

type GraphQLAnswer = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fields the query asked for
  data?: Record<string, any> | null;
  errors?: Array<{ message: string }>;
};

/** Whitespace (also no-break spaces of `Intl`) as single spaces. */
function spaced(text: string): string {
  return text.replace(/[\s\u00a0\u202f]+/g, ' ');
}

/** Waits until the outbox holds `count` messages to `to` (at most 60 s); returns them. */
export async function mailsTo(outbox: string, to: string, count = 1): Promise<string[]> {
  const deadline = Date.now() + 60_000;
  for (;;) {
    const mails = await readOutbox(outbox, to);
    if (mails.length >= count || Date.now() > deadline) return mails.map(spaced);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

/** Places an order, resets a password, subscribes and restocks; asserts each mail. */
export async function exerciseMail(shop: RunningShop, tag: string): Promise<void> {
  const gql = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${shop.url}/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-apikey': shop.apiKey },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as GraphQLAnswer;
    expect(body.errors, query).toBeUndefined();
    return body.data!;
  };
  let cookie = '';
  const admin = async (query: string, variables: Record<string, unknown> = {}) => {
    const response = await fetch(`${shop.url}/admin/graphql`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'x-trampa-admin': '1', cookie },
      body: JSON.stringify({ query, variables }),
    });
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    const body = (await response.json()) as GraphQLAnswer;
    expect(body.errors, query).toBeUndefined();
    return body.data!;
  };
  await admin('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { id } }', {
    e: shop.admin.email,
    p: shop.admin.password,
  });
  const found = await gql(
    '{ products(take: 30) { products { name skus { skuId stock { inStock } } } } }',
  );
  const skus = (
    found.products.products as Array<{
      name: string;
      skus: Array<{ skuId: number; stock: { inStock: number } }>;
    }>
  )
    .map((product) => ({ productName: product.name, ...product.skus[0]! }))
    .filter((sku) => sku.stock.inStock >= 2);
  expect(skus.length).toBeGreaterThanOrEqual(2);
  const [ordered, watched] = skus as [(typeof skus)[0], (typeof skus)[0]];

  // 1. An order: the confirmation names the order and carries the cart's total.
  const buyer = `kund-${tag}@example.se`;
  const cartId = (await gql('{ getCart(id: "") { id } }')).getCart.id as string;
  await gql(
    'mutation($id: String!, $sku: Int!) { addToCart(id: $id, item: { skuId: $sku, quantity: 1 }) { id } }',
    { id: cartId, sku: ordered.skuId },
  );
  const cart = await gql(
    'query($id: String!) { getCart(id: $id) { summary { total { sellingPriceIncVatFormatted } } } }',
    { id: cartId },
  );
  const total = spaced(cart.getCart.summary.total.sellingPriceIncVatFormatted as string);
  const placed = await gql(
    `mutation($cartId: String!, $checkout: CheckoutInputType!) {
      placeOrder(cartId: $cartId, checkout: $checkout) { orderId } }`,
    {
      cartId,
      checkout: personCheckout({ email: buyer }),
    },
  );
  const orderId = String(placed.placeOrder.orderId);
  const [confirmation] = await mailsTo(shop.outbox, buyer);
  expect(confirmation, 'order confirmation').toBeDefined();
  expect(confirmation).toContain(orderId);
  expect(confirmation).toContain(ordered.productName);
  expect(confirmation).toMatch(
    new RegExp(`Totalt:? ${total.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')}`),
  );

  // 2. A password reset of a registered account: the link to the shop's reset page.
  const member = `medlem-${tag}@example.se`;
  const registered = await authClient(shop.url, DEFAULT_PASSWORD_SALT, shop.apiKey).register(
    member,
    'ett-bra-losenord-1',
  );
  expect(registered.status, JSON.stringify(registered.body)).toBe(200);
  await gql('mutation($e: String!) { requestPasswordReset(email: $e) }', { e: member });
  const [reset] = await mailsTo(shop.outbox, member);
  expect(reset, 'password reset mail').toBeDefined();
  expect(reset).toContain(`${shop.publicUrl}/account/reset-password`);

  // 3. A newsletter sign-up: the confirmation link (double opt-in).
  const reader = `nyhetsbrev-${tag}@example.se`;
  await gql('mutation($e: String!) { subscribeToNewsletter(email: $e) }', { e: reader });
  const [optIn] = await mailsTo(shop.outbox, reader);
  expect(optIn, 'newsletter confirmation').toBeDefined();
  expect(optIn).toContain(`${shop.publicUrl}/`);

  // 4. A watched size, sold out, restocked in the back office: the back-in-stock mail.
  const watcher = `bevakning-${tag}@example.se`;
  const adjust = `mutation($sku: Int!, $q: Int!, $r: StockReason!) {
    adjustStock(input: { skuId: $sku, quantity: $q, reason: $r }) { quantityAfter backInStockMails } }`;
  await admin(adjust, { sku: watched.skuId, q: 0, r: 'korrigering' });
  const watching = await gql(
    'mutation($e: String!, $sku: Int!) { monitorProductAvailability(email: $e, skuId: $sku) }',
    { e: watcher, sku: watched.skuId },
  );
  expect(watching.monitorProductAvailability).toBe(true);
  const restocked = await admin(adjust, { sku: watched.skuId, q: 3, r: 'inleverans' });
  expect(restocked.adjustStock).toMatchObject({ quantityAfter: 3, backInStockMails: 1 });
  const [back] = await mailsTo(shop.outbox, watcher);
  expect(back, 'back-in-stock mail').toBeDefined();
  expect(back).toContain(watched.productName);
}
