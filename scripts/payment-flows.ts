/**
 * A Kustom Checkout purchase and a Stripe card payment against a running shop as its users reach it (issue 42), over
 * HTTP: the checkout's paymentData is Kustom's snippet, the shopper completes at the Kustom
 * stand-in (whose validation callback and push reach the shop's process), the confirm page
 * shows the order, the back office ships it (the capture job runs in the shop's job runner) and
 * refunds it (the refund job), and the stand-in's Order Management amounts follow to the öre.
 * Used by scripts/mail-processes.test.ts on `npm start` and on the `dist/` bundles.
 */
import { expect } from 'vitest';
import { personCheckout } from '../apps/api/test/cart-fixture.ts';
import type { KustomStandIn } from '../apps/api/test/kustom-stand-in.ts';
import type { StripeStandIn } from '../apps/api/test/stripe-stand-in.ts';
import type { RunningShop } from './mail-flows.ts';

type GraphQLAnswer = {
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- the fields the query asked for
  data?: Record<string, any> | null;
  errors?: Array<{ message: string }>;
};

/** Waits until `check` holds (at most 60 s: the job runner polls every second). */
async function eventually(what: () => string, check: () => boolean): Promise<void> {
  const deadline = Date.now() + 60_000;
  while (!check()) {
    if (Date.now() > deadline) throw new Error(`Timed out waiting for ${what()}`);
    await new Promise((wait) => setTimeout(wait, 250));
  }
}

/** The shop's GraphQL APIs as a client and as a logged-in administrator. */
async function clientsOf(shop: RunningShop) {
  const call = async (
    path: string,
    headers: Record<string, string>,
    query: string,
    variables: Record<string, unknown>,
  ) => {
    const response = await fetch(`${shop.url}${path}`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', ...headers },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as GraphQLAnswer;
    expect(body.errors, query).toBeUndefined();
    return { body, response };
  };
  const gql = async (query: string, variables: Record<string, unknown> = {}) =>
    (await call('/graphql', { 'x-apikey': shop.apiKey }, query, variables)).body.data!;
  let cookie = '';
  const admin = async (query: string, variables: Record<string, unknown> = {}) => {
    const { body, response } = await call(
      '/admin/graphql',
      { 'x-trampa-admin': '1', cookie },
      query,
      variables,
    );
    const setCookie = response.headers.get('set-cookie');
    if (setCookie) cookie = setCookie.split(';')[0]!;
    return body.data!;
  };
  await admin('mutation($e: String!, $p: String!) { login(email: $e, password: $p) { id } }', {
    e: shop.admin.email,
    p: shop.admin.password,
  });
  /** A new cart with one unit of a SKU in stock. */
  const cartWithOne = async () => {
    const found = await gql(
      '{ products(take: 20) { products { skus { skuId stock { inStock } } } } }',
    );
    const sku = (
      found.products.products as Array<{
        skus: Array<{ skuId: number; stock: { inStock: number } }>;
      }>
    )
      .flatMap((p) => p.skus)
      .find((s) => s.stock.inStock >= 2)!;
    const cartId = (await gql('{ getCart(id: "") { id } }')).getCart.id as string;
    await gql(
      'mutation($id: String!, $sku: Int!) { addToCart(id: $id, item: { skuId: $sku, quantity: 1 }) { id } }',
      { id: cartId, sku: sku.skuId },
    );
    return cartId;
  };
  /** The option `paymentId` chosen at the checkout, with its paymentData. */
  const choose = async (cartId: string, paymentId: number, email: string) => {
    const checkout = await gql(
      `mutation($cartId: String!, $checkout: CheckoutInputType) {
        createOrUpdateCheckout(cartId: $cartId, checkout: $checkout) {
          paymentOptions { id isSelected paymentData } } }`,
      { cartId, checkout: personCheckout({ paymentId, email }) },
    );
    return (
      checkout.createOrUpdateCheckout.paymentOptions as Array<{
        id: number;
        isSelected: boolean;
        paymentData: string | null;
      }>
    ).find((o) => o.id === paymentId);
  };
  /** Ships the order (the capture job runs), then refunds all of it (the refund job). */
  const ship = (orderId: number, parcelNumber: string) =>
    admin(
      `mutation($input: AdminOrderTransitionInput!) { changeOrderStatus(input: $input) { id } }`,
      { input: { orderId, to: 'processing', parcelNumber } },
    );
  const refundAll = (orderId: number) =>
    admin(`mutation($input: AdminRefundInput!) { refundOrder(input: $input) { id } }`, {
      input: { orderId, full: true, includeShipping: true },
    });
  return { gql, cartWithOne, choose, ship, refundAll };
}

/** Buys with Kustom, ships, refunds; asserts each step at the shop and at the stand-in. */
export async function exerciseKustom(
  shop: RunningShop,
  standIn: KustomStandIn,
  tag: string,
): Promise<void> {
  const { gql, cartWithOne, choose, ship, refundAll } = await clientsOf(shop);
  const cartId = await cartWithOne();
  const option = await choose(cartId, 4, `kustom-${tag}@example.se`);
  expect(option?.isSelected, 'Kustom is offered and chosen').toBe(true);
  const kcoId = /\/checkout\/([0-9a-f-]{36})\/frame/.exec(option!.paymentData ?? '')?.[1];
  expect(kcoId, 'the snippet of a Kustom checkout order').toBeDefined();

  // The shopper completes: Kustom asks the shop's validation callback, then pushes.
  const done = await standIn.complete(kcoId!);
  expect(done).toMatchObject({ outcome: 'completed', validationStatus: 200 });
  expect(await standIn.push(kcoId!)).toBe(200);
  const confirm = await gql(
    `query($id: String!) { checkout(id: $id, paymentType: KLARNA) { completed order { orderId } } }`,
    { id: kcoId },
  );
  expect(confirm.checkout.completed).toBe(true);
  const orderId = Number(confirm.checkout.order.orderId);
  const om = () => standIn.orders.get(kcoId!)!.om as Record<string, number | string>;
  const authorised = Number(standIn.orders.get(kcoId!)!.order_amount);
  await eventually(
    () => 'acknowledge',
    () => standIn.requests.some((r) => r.path.endsWith(`/orders/${kcoId}/acknowledge`)),
  );

  // The back office ships it: the capture job takes the money.
  await ship(orderId, `PN${tag.length}4242424`);
  await eventually(
    () =>
      `the capture: ${JSON.stringify({ om: om(), calls: standIn.requests.map((r) => `${r.method} ${r.path}`) })}`,
    () => om().captured_amount === authorised,
  );
  // And refunds all of it: the refund job pays it back.
  await refundAll(orderId);
  await eventually(
    () => `the refund: ${JSON.stringify(om())}`,
    () => om().refunded_amount === authorised,
  );
}

/**
 * Pays by card through Stripe (the stand-in; its webhook reaches the shop's process), then
 * ships (the capture job) and refunds (the refund job); asserts each step at the stand-in.
 */
export async function exerciseStripe(
  shop: RunningShop,
  standIn: StripeStandIn,
  tag: string,
): Promise<void> {
  standIn.setWebhookUrl(`${shop.url}/payments/stripe/webhook`);
  const { gql, cartWithOne, choose, ship, refundAll } = await clientsOf(shop);
  const cartId = await cartWithOne();
  const option = await choose(cartId, 5, `stripe-${tag}@example.se`);
  expect(option?.isSelected, 'Stripe is offered and chosen').toBe(true);
  const pageUrl = /src="([^"]+\/payments\/stripe\/[0-9a-f-]{36})"/.exec(
    option!.paymentData ?? '',
  )?.[1];
  expect(pageUrl, 'the frame of our Payment Element page').toBeDefined();
  const sessionId = pageUrl!.split('/').at(-1)!;
  // The page holds the intent's client secret, as the browser gets it.
  const page = await (await fetch(`${shop.url}/payments/stripe/${sessionId}`)).text();
  const intentId = /"clientSecret":"(pi_[A-Za-z0-9]+)_secret_/.exec(page)?.[1];
  expect(intentId, 'the intent on the page').toBeDefined();
  const authorised = await standIn.confirm(intentId!, { method: 'card' });
  expect(authorised.status).toBe('requires_capture');
  expect(await standIn.deliver('payment_intent.amount_capturable_updated', intentId!)).toEqual([
    200,
  ]);
  const confirm = await gql(
    `query($id: String!) { checkout(id: $id, paymentType: KLARNA) { completed order { orderId } } }`,
    { id: sessionId },
  );
  expect(confirm.checkout.completed).toBe(true);
  const orderId = Number(confirm.checkout.order.orderId);
  await ship(orderId, `PN${tag.length}5151515`);
  await eventually(
    () => `the capture: ${JSON.stringify(standIn.intent(intentId!))}`,
    () => standIn.intent(intentId!)?.amount_received === authorised.amount,
  );
  await refundAll(orderId);
  const refunded = () => standIn.refunds(intentId!).reduce((sum, r) => sum + r.amount, 0);
  await eventually(
    () => `the refund: ${JSON.stringify(standIn.refunds(intentId!))}`,
    () => refunded() === authorised.amount,
  );
  expect(standIn.validationErrors).toEqual([]);
}
