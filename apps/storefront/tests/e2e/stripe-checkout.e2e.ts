/**
 * Issue 42: a shopper pays with Stripe, by card or Swish ("Kort, Swish eller Klarna"). A shop of its own
 * with Stripe configured against the local Stripe stand-in (STRIPE_API_URL, STRIPE_TEST_MODE;
 * docs/payment-stand-ins.md S8): Stripe.js (`https://js.stripe.com/**`) is routed to the
 * stand-in's stub, which renders the Payment Element in our page and calls the stand-in, and the
 * stand-in sends its webhooks to the shop's `/payments/stripe/webhook`. The shopper fills in the
 * checkout, chooses "Kort, Swish eller Klarna", pays in Stripe's Payment Element mounted on the checkout
 * by keyboard and lands on the confirmation with one order; the stand-in's intent holds the
 * order's total to the öre. A card payment is authorised and captured when the back office ships
 * the order; Swish is taken at once; a declined card shows Stripe's message under the Element
 * and writes no order (another card then pays); with Stripe.js blocked on the checkout, our
 * hosted Stripe page takes the payment. Screenshots go to
 * $E2E_SCREENSHOTS (default the system's temp folder).
 */
import { createServer, type AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { startStripeStandIn, type StripeStandIn } from '../../../api/test/stripe-stand-in.ts';
import { NO_BROWSER, browserAvailable, expect, test, unique } from './fixtures.ts';
import { logInAsAdministrator } from './admin-helpers.ts';
import { E2E_ENV } from './e2e-env.ts';
import { ownShop } from './own-shop.ts';
import { sizedProduct, type SizedProduct } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
/** The Stripe option's name (payment-options.ts), as the checkout and the back office show it. */
const STRIPE_OPTION = 'Kort, Swish eller Klarna';

/** A free TCP port on 127.0.0.1. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as AddressInfo;
      probe.close(() => resolve(port));
    });
  });
}

/** "1 039,20 kr" -> 103920 öre. */
function ore(text: string): number {
  return Math.round(Number(text.replace(/[^\d,]/g, '').replace(',', '.')) * 100);
}

/** An order as the back office lists it. */
interface ListedOrder {
  id: number;
  paymentName: string;
}

test.describe('Stripe: card and Swish', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  const shop = ownShop('stripe');
  let standIn: StripeStandIn;
  let product: SizedProduct;

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!browserAvailable) return;
    standIn = await startStripeStandIn();
    // Stripe returns the shopper to an absolute URL and sends webhooks to one: the port first.
    const port = await freePort();
    const publicUrl = `http://localhost:${port}`;
    Object.assign(shop.env, {
      PORT: String(port),
      PUBLIC_URL: publicUrl,
      STRIPE_SECRET_KEY: standIn.secretKey,
      STRIPE_PUBLISHABLE_KEY: standIn.publishableKey,
      STRIPE_WEBHOOK_SECRET: standIn.webhookSecret,
      STRIPE_API_URL: standIn.url,
      STRIPE_TEST_MODE: 'true',
    });
    standIn.setWebhookUrl(`${publicUrl}/payments/stripe/webhook`);
    await shop.start();
    product = await sizedProduct();
  });

  test.afterAll(async () => {
    await shop.dispose();
    await standIn?.close();
  });

  // Stripe.js comes from js.stripe.com on our page (its CSP allows only that): the stand-in's
  // stub answers instead, for the same path.
  test.beforeEach(async ({ context }) => {
    await context.route('https://js.stripe.com/**', async (route) => {
      const { pathname } = new URL(route.request().url());
      await route.fulfill({ response: await route.fetch({ url: `${standIn.url}${pathname}` }) });
    });
  });

  test.afterEach(() => {
    // Every request the shop and the stub sent, and every answer and event, fit Stripe's types.
    expect(standIn.validationErrors).toEqual([]);
  });

  const field = (page: Page, label: string) =>
    page.getByRole('textbox', { name: label, exact: true });

  /** The orders of `email`, through the back office's API as the first administrator. */
  async function ordersOf(email: string): Promise<ListedOrder[]> {
    const call = async (query: string, variables: Record<string, unknown>, cookie?: string) => {
      const response = await fetch(`${shop.url}/admin/graphql`, {
        method: 'POST',
        headers: {
          'content-type': 'application/json',
          'x-trampa-admin': '1',
          ...(cookie ? { cookie } : {}),
        },
        body: JSON.stringify({ query, variables }),
      });
      const body = (await response.json()) as {
        data?: { adminOrders?: { items: ListedOrder[] } };
        errors?: unknown;
      };
      expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
      return { response, data: body.data };
    };
    const login = await call(
      'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { id } }',
      { e: E2E_ENV.ADMIN_EMAIL, p: E2E_ENV.ADMIN_PASSWORD },
    );
    const cookie = login.response.headers.get('set-cookie')!.split(';')[0]!;
    const { data } = await call(
      'query($f: AdminOrderFilterInput) { adminOrders(filter: $f, take: 50) { items { id paymentName } } }',
      { f: { query: email } },
      cookie,
    );
    return data!.adminOrders!.items;
  }

  /** Adds the helmet to the cart and fills in the checkout as `email`, choosing Stripe. */
  async function fillCheckout(page: Page, email: string): Promise<number> {
    await page.goto(`${shop.url}${product.url}`);
    await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
    if ((await page.getByRole('radio').count()) > 0) {
      await page.getByRole('radio', { name: new RegExp(`^${product.size}`) }).check();
    }
    await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Tillagd i varukorgen' })).toHaveCount(
      1,
    );

    await page.goto(`${shop.url}/kassan`);
    await field(page, 'Postnummer').pressSequentially('11122');
    await expect(page.getByRole('radio', { name: /Leverans till ombud/ })).toHaveCount(1);
    await field(page, 'Personnummer').fill('19900101-0017');
    await field(page, 'E-post').fill(email);
    await field(page, 'Förnamn').fill('Stina');
    await field(page, 'Efternamn').fill('Stripesson');
    await field(page, 'Gatuadress').fill('Storgatan 1');
    await field(page, 'Ort').fill('Stockholm');
    await field(page, 'Mobilnummer').fill('0701234567');
    await page.getByLabel('Jag godkänner köpvillkoren').check();
    const stripe = page.getByRole('radio', { name: new RegExp(`^${STRIPE_OPTION}`) });
    await expect(stripe).toHaveCount(1);
    await stripe.check();
    const total = ore((await page.getByTestId('cart-total').first().textContent()) ?? '');
    expect(total).toBeGreaterThan(0);
    return total;
  }

  /**
   * The checkout with Stripe's Payment Element mounted under the Stripe option (the stub's, in
   * the page itself): the checkout's total and its "Slutför köp" button.
   */
  async function checkoutWithElement(page: Page, email: string, shot?: string) {
    const total = await fillCheckout(page, email);
    await expect(page.getByRole('group', { name: 'Betalsätt' })).toBeVisible();
    if (shot) await page.screenshot({ path: join(shots, shot), fullPage: true });
    const place = page.getByRole('button', { name: /^Slutför köp/ });
    // "Slutför köp – 729 kr", then its VAT.
    expect(ore((await place.locator('span').first().textContent()) ?? '')).toBe(total);
    return { total, place };
  }

  /** The intent the page confirmed last (the stub's confirm call). */
  function confirmedIntent(): string {
    const path = standIn.requests.filter((r) => r.path.endsWith('/confirm')).at(-1)?.path ?? '';
    return /^\/v1\/payment_intents\/([^/]+)\/confirm$/.exec(path)?.[1] ?? '';
  }

  /** Tab until `target` has focus (at most 6 steps), as a keyboard user goes on. */
  async function tabTo(page: Page, target: ReturnType<Page['getByRole']>) {
    for (let i = 0; i < 6; i++) {
      if (await target.evaluate((node) => node === document.activeElement)) return;
      await page.keyboard.press('Tab');
    }
    await expect(target).toBeFocused();
  }

  /** The confirmation of the order: its number; total and payment name checked. */
  async function confirmation(page: Page, total: number, shot: string): Promise<string> {
    await page.waitForURL(/\/checkout\/confirm\?kid=/);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tack för din beställning!');
    const orderNumber = (await page.getByTestId('order-number').textContent())?.trim() ?? '';
    expect(orderNumber).toMatch(/^\d{6}$/);
    expect(ore((await page.getByTestId('order-total').textContent()) ?? '')).toBe(total);
    await expect(page.getByText(`Betalning: ${STRIPE_OPTION}`, { exact: true })).toHaveCount(1);
    await page.screenshot({ path: join(shots, shot), fullPage: true });
    return orderNumber;
  }

  /** The stand-in's events of `type` since `from` (an index in `events`) answered 200 by the shop. */
  const delivered = (from: number, type: string) =>
    standIn.events.slice(from).filter((e) => e.type === type && e.delivered === 200).length;

  test('card: paid in the Payment Element on the checkout by keyboard, one order, captured when shipped', async ({
    page,
  }) => {
    const email = `stina.kort.${unique()}@example.se`;
    const { total, place } = await checkoutWithElement(page, email, 'issue42-checkout-stripe.png');
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'issue42-checkout-stripe-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1360, height: 900 });

    // By keyboard: "Kort" (chosen first), Tab to the card number, on to "Slutför köp", Enter.
    const events = standIn.events.length;
    const card = page.getByRole('radio', { name: 'Kort', exact: true });
    await card.focus();
    await page.keyboard.press('Space');
    await expect(card).toBeChecked();
    await page.keyboard.press('Tab');
    await expect(field(page, 'Kortnummer')).toBeFocused();
    await page.keyboard.type('4242 4242 4242 4242');
    await tabTo(page, place);
    await page.keyboard.press('Enter');

    const orderNumber = await confirmation(page, total, 'issue42-stripe-confirmation.png');
    // Authorised, not taken: the card's capture waits for the shipment.
    const intentId = confirmedIntent();
    const intent = standIn.intent(intentId)!;
    expect(intent.status).toBe('requires_capture');
    expect(intent.amount).toBe(total);
    expect(intent.amount_capturable).toBe(total);
    expect(intent.payment_method_types).toContain('swish');
    // The webhook came too (after or before the confirm page): still one order.
    await expect.poll(() => delivered(events, 'payment_intent.amount_capturable_updated')).toBe(1);
    const orders = await ordersOf(email);
    expect(orders).toEqual([{ id: Number(orderNumber), paymentName: STRIPE_OPTION }]);

    // The shop owner ships it: the capture is made at Stripe and shown on the order page.
    await logInAsAdministrator(page, { base: shop.url });
    await page.goto(`${shop.url}/admin/ordrar/${orderNumber}`);
    await expect(page.getByTestId('order-payment')).toContainText('Reserverad');
    await page.getByLabel('Kollinummer (valfritt)').fill('PN42424242SE');
    await page.getByRole('button', { name: 'Börja behandla' }).click();
    await expect(page.getByRole('status').first()).toHaveText('Ordern har status behandlas.');
    const operations = page.getByRole('region', { name: 'Betalningshändelser' });
    await expect(operations.getByRole('row', { name: /Dragning.*Klar/ })).toHaveCount(1, {
      timeout: 30_000,
    });
    await expect.poll(() => standIn.intent(intentId)!.status).toBe('succeeded');
    expect(standIn.intent(intentId)!.amount_received).toBe(total);
    await expect(page.getByTestId('order-payment')).toContainText('Betald');
    await operations.scrollIntoViewIfNeeded();
    await page.screenshot({
      path: join(shots, 'issue42-stripe-admin-operations.png'),
      fullPage: true,
    });
    expect(await ordersOf(email)).toHaveLength(1);
  });

  test('Swish: chosen in the Payment Element on the checkout, paid at once, one order', async ({
    page,
  }) => {
    const email = `stina.swish.${unique()}@example.se`;
    const { total, place } = await checkoutWithElement(page, email);

    // By keyboard: the arrow key moves from "Kort" to "Swish", on to "Slutför köp", Space.
    const events = standIn.events.length;
    await page.getByRole('radio', { name: 'Kort', exact: true }).focus();
    await page.keyboard.press('ArrowDown');
    await expect(page.getByRole('radio', { name: 'Swish', exact: true })).toBeChecked();
    await expect(field(page, 'Kortnummer')).toBeHidden();
    await expect(page.getByText('Du godkänner betalningen i Swish-appen.')).toBeVisible();
    await page.screenshot({ path: join(shots, 'issue42-stripe-swish.png'), fullPage: true });
    await tabTo(page, place);
    await page.keyboard.press('Space');

    const orderNumber = await confirmation(page, total, 'issue42-swish-confirmation.png');
    const intent = standIn.intent(confirmedIntent())!;
    expect(intent.status).toBe('succeeded');
    expect(intent.amount_received).toBe(total);
    await expect.poll(() => delivered(events, 'payment_intent.succeeded')).toBe(1);
    expect(await ordersOf(email)).toEqual([
      { id: Number(orderNumber), paymentName: STRIPE_OPTION },
    ]);
  });

  test('declined card: Stripe’s message under the Element on the checkout, no order, the cart kept; another card then pays', async ({
    page,
    allowConsoleError,
  }) => {
    // Chromium logs the stand-in's 402 answer to the confirm call as a console error.
    allowConsoleError(/the server responded with a status of 402/);
    const email = `stina.nekad.${unique()}@example.se`;
    const { total, place } = await checkoutWithElement(page, email);
    const checkoutUrl = page.url();

    await field(page, 'Kortnummer').focus();
    await page.keyboard.type('4000 0000 0000 0002');
    await tabTo(page, place);
    await page.keyboard.press('Enter');

    const alert = page.locator('.stripe-element > p[role="alert"]');
    await expect(alert).not.toBeEmpty();
    const declined = standIn.intent(confirmedIntent())!;
    expect(declined.status).toBe('requires_payment_method');
    expect(declined.last_payment_error?.code).toBe('card_declined');
    // The stand-in's own decline message, as Stripe.js hands it over.
    await expect(alert).toHaveText(declined.last_payment_error!.message!);
    await expect(alert).toBeFocused();
    expect(page.url()).toBe(checkoutUrl);
    await page.screenshot({ path: join(shots, 'issue42-stripe-declined.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await page.screenshot({ path: join(shots, 'issue42-stripe-declined-390.png'), fullPage: true });
    await page.setViewportSize({ width: 1360, height: 900 });
    expect(await ordersOf(email)).toEqual([]);
    // The cart is still there, and so is what was entered.
    await expect(
      page.getByRole('complementary').locator('.cart-line__name', { hasText: product.name }),
    ).toHaveCount(1);
    await expect(field(page, 'E-post')).toHaveValue(email);

    // Another card on the same intent: paid, one order.
    await field(page, 'Kortnummer').fill('4242 4242 4242 4242');
    await place.click();
    const orderNumber = await confirmation(page, total, 'issue42-stripe-after-decline.png');
    expect(await ordersOf(email)).toEqual([
      { id: Number(orderNumber), paymentName: STRIPE_OPTION },
    ]);
  });

  test('Klarna through Stripe: refused at Klarna, back on the fail page with the cart kept; then approved, one order, authorised for the shipment', async ({
    page,
  }) => {
    const email = `stina.klarna.${unique()}@example.se`;
    const { total, place } = await checkoutWithElement(page, email);
    const klarna = page.getByRole('radio', { name: 'Klarna', exact: true });
    await klarna.check();
    await expect(
      page.getByText('Du skickas vidare till Klarna för att godkänna betalningen.'),
    ).toBeVisible();
    await place.click();

    // Klarna's page (the stand-in's), for the cart's total: the shopper refuses.
    await page.waitForURL(new RegExp(`^${standIn.url}/redirect/klarna/`));
    const intentId = confirmedIntent();
    expect(standIn.intent(intentId)).toMatchObject({ amount: total, status: 'requires_action' });
    await page.screenshot({ path: join(shots, 'issue42-stripe-klarna-page.png'), fullPage: true });
    await page.getByRole('button', { name: 'Neka' }).click();
    await page.waitForURL(/\/checkout\/klarna-fail/);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    await page.screenshot({ path: join(shots, 'issue42-stripe-klarna-fail.png'), fullPage: true });
    expect(await ordersOf(email)).toEqual([]);

    // Back to the checkout: the cart and what was entered are kept; Klarna again, approved.
    await page.goto(`${shop.url}/kassan`);
    await expect(
      page.getByRole('complementary').locator('.cart-line__name', { hasText: product.name }),
    ).toHaveCount(1);
    await expect(field(page, 'E-post')).toHaveValue(email);
    await page.getByLabel('Jag godkänner köpvillkoren').check();
    await page.getByRole('radio', { name: 'Klarna', exact: true }).check();
    await page.getByRole('button', { name: /^Slutför köp/ }).click();
    await page.waitForURL(new RegExp(`^${standIn.url}/redirect/klarna/`));
    await page.getByRole('button', { name: 'Godkänn' }).click();
    const orderNumber = await confirmation(page, total, 'issue42-stripe-klarna-confirmation.png');
    // Authorised, captured when the order ships (as a card).
    const intent = standIn.intent(confirmedIntent())!;
    expect(intent).toMatchObject({ status: 'requires_capture', amount: total });
    expect(await ordersOf(email)).toEqual([
      { id: Number(orderNumber), paymentName: STRIPE_OPTION },
    ]);

    // The order is never shipped and Stripe lets the authorisation expire: its webhook flags
    // the order at once, on the dashboard's "Att hantera" and on the order's payment panel.
    standIn.expireAuthorisation(intent.id);
    await logInAsAdministrator(page, { base: shop.url });
    const todo = page.getByRole('region', { name: 'Att hantera' });
    await expect(
      todo.getByRole('link', {
        name: 'Reservationer som avbrutits, gått ut eller snart går ut: 1',
      }),
    ).toBeVisible({ timeout: 20_000 });
    await page.goto(`${shop.url}/admin/ordrar/${orderNumber}`);
    const alert = page.getByRole('note', { name: 'Reservationen gäller inte' });
    await expect(alert).toContainText('Reservationen har gått ut hos Stripe');
    // Nothing will be taken at shipment any more, and the panel does not promise it.
    const panel = page.getByRole('region', { name: 'Betalningshändelser' });
    await expect(panel.getByText('Inga betalningshändelser än.', { exact: true })).toBeVisible();
    await alert.scrollIntoViewIfNeeded();
    await page.screenshot({ path: join(shots, 'issue42-admin-expired.png'), fullPage: true });
  });

  test('Stripe.js not loading on the checkout: "Slutför köp" goes to our Stripe page, paid there', async ({
    page,
    allowConsoleError,
  }) => {
    allowConsoleError(/Failed to load resource|stripe\.js/i);
    // Stripe.js is blocked for the checkout only (an ad blocker, a network filter).
    await page.route('https://js.stripe.com/**', async (route) => {
      if (new URL(route.request().frame().url()).pathname === '/kassan') return route.abort();
      return route.fallback();
    });
    const email = `stina.sida.${unique()}@example.se`;
    const total = await fillCheckout(page, email);
    await expect(
      page.getByText('Betalformuläret kunde inte visas här.', { exact: false }),
    ).toBeVisible();
    await page.getByRole('button', { name: /^Slutför köp/ }).click();

    // Our page with the Payment Element, for the cart's total.
    await page.waitForURL(/\/payments\/stripe\/[0-9a-f-]{36}$/);
    const heading = page.getByRole('heading', { level: 1 });
    expect(ore((await heading.textContent()) ?? '')).toBe(total);
    const pay = page.getByRole('button', { name: /^Betala / });
    expect(ore((await pay.textContent()) ?? '')).toBe(total);
    await expect(pay).toBeEnabled();
    await expect(page.getByRole('link', { name: 'Tillbaka till kassan' })).toHaveAttribute(
      'href',
      `${shop.url}/kassan`,
    );
    await page.screenshot({ path: join(shots, 'issue42-stripe-page.png'), fullPage: true });
    await field(page, 'Kortnummer').fill('4242 4242 4242 4242');
    await pay.click();
    const orderNumber = await confirmation(page, total, 'issue42-stripe-page-confirmation.png');
    expect(standIn.intent(confirmedIntent())!.amount).toBe(total);
    expect(await ordersOf(email)).toEqual([
      { id: Number(orderNumber), paymentName: STRIPE_OPTION },
    ]);
  });
});
