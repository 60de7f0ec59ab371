/**
 * Issue 43: the shopper chooses the carrier and the pickup point in our checkout. A shop of its
 * own with nShift configured against the local nShift stand-in (apps/api/test/nshift-stand-in.ts;
 * NSHIFT_* as docs/shipping.md names them): the postcode 11122 brings nShift's choices, each with
 * the carrier's badge, the delivery promise and the price, and the chosen service-point choice
 * its pickup points nearest first with the nearest chosen. By keyboard only the shopper goes from
 * the postcode to the delivery options, moves with the arrow keys to "DHL Service Point", tabs
 * into its points and takes the second one, pays by invoice ("Faktura") and sees that point on
 * the confirmation. At 1280 and 390 px, axe (WCAG 2.2 AA) finds nothing on the checkout with the
 * points shown nor on the confirmation; screenshots go to $E2E_SCREENSHOTS (default the system's
 * temp folder).
 *
 * Then the shop owner (the first administrator) ships the 1280 px order: on "Frakttjänster
 * (nShift)" the DHL Service Point option is tied to its nShift service (as copied from nShift's
 * set-up), the order is found by the shopper's e-mail, "Skicka med nShift" books the parcel (the
 * booking job, against the stand-in), the booking shows "Bokad" with "Fraktsedel (PDF)" (a PDF
 * from nShift's label), the order has status "Behandlas" and the parcel with DHL's tracking link,
 * and the shopper's "Din order har skickats" e-mail in the shop's outbox holds that link. Axe
 * clean and photographed at 1280 and 390 px. The journeys run in order (serial): a retry starts
 * from the first shopper again, on a new shop.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import type { Locator, Page } from '@playwright/test';
import { readOutbox } from '@trampa/api/mail';
import { startNshiftStandIn, type NshiftStandIn } from '../../../api/test/nshift-stand-in.ts';
import { logInAsAdministrator } from './admin-helpers.ts';
import { NO_BROWSER, browserAvailable, expect, test, unique } from './fixtures.ts';
import { ownShop } from './own-shop.ts';
import { sizedProduct, type SizedProduct } from './shop.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
/** The WCAG 2.2 AA rule sets of axe-core. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** No axe violation on the page as it is. */
async function axeClean(page: Page, state: string): Promise<void> {
  const results = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  const found = results.violations.flatMap((v) =>
    v.nodes.map((n) => `${state}: ${v.id} ${n.target.join(' ')} — ${v.help}`),
  );
  expect(found).toEqual([]);
}

/** Tab until `target` has focus (at most `steps` presses), as a keyboard user goes on. */
async function tabTo(page: Page, target: Locator, steps = 6): Promise<void> {
  for (let i = 0; i < steps; i++) {
    if (await target.evaluate((node) => node === document.activeElement)) return;
    await page.keyboard.press('Tab');
  }
  await expect(target).toBeFocused();
}

/** The value of the focused radio (the point's id as the form posts it). */
async function focusedRadioValue(page: Page): Promise<string> {
  return page.evaluate(() => (document.activeElement as HTMLInputElement | null)?.value ?? '');
}

const viewports = [
  { name: '1280', width: 1280, height: 900 },
  { name: '390', width: 390, height: 844 },
];

/** The stand-in's Delivery Checkout option "DHL Service Point" and its nShift service. */
const DHL_POINT_OPTION = '6a1f0c2e-0003-4c3a-9b1e-dhlservice03';
const DHL_POINT_SERVICE = 'ASPO';

test.describe('nShift: carrier and pickup point in our checkout', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  test.describe.configure({ mode: 'serial' });
  const shop = ownShop('nshift');
  let standIn: NshiftStandIn;
  let product: SizedProduct;
  /** The shoppers' e-mail addresses by viewport, as their orders were placed. */
  const shoppers = new Map<string, string>();

  test.beforeAll(async () => {
    test.setTimeout(180_000);
    if (!browserAvailable) return;
    standIn = await startNshiftStandIn();
    Object.assign(shop.env, {
      NSHIFT_API_URL: standIn.url,
      NSHIFT_API_KEY_ID: standIn.keyId,
      NSHIFT_API_KEY_SECRET: standIn.keySecret,
      NSHIFT_DELIVERY_CHECKOUT_ID: standIn.deliveryCheckoutId,
      NSHIFT_TEST_MODE: 'true',
    });
    await shop.start();
    product = await sizedProduct();
  });

  test.afterAll(async () => {
    await shop.dispose();
    await standIn?.close();
  });

  const field = (page: Page, label: string) =>
    page.getByRole('textbox', { name: label, exact: true });

  for (const viewport of viewports) {
    test(`${viewport.name} px: a shopper picks a pickup point with the keyboard, pays, and sees the point on the confirmation`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize({ width: viewport.width, height: viewport.height });
      await page.goto(`${shop.url}${product.url}`);
      // The cookie banner answered, so the screenshots show the checkout.
      await page.getByRole('button', { name: 'Endast nödvändiga' }).click();
      await page.locator('form.add-to-cart input[name="js"]').waitFor({ state: 'attached' });
      if ((await page.getByRole('radio').count()) > 0) {
        await page.getByRole('radio', { name: new RegExp(`^${product.size}`) }).check();
      }
      await page.getByRole('button', { name: 'Lägg i varukorgen' }).click();
      await expect(
        page.getByRole('status').filter({ hasText: 'Tillagd i varukorgen' }),
      ).toHaveCount(1);

      await page.goto(`${shop.url}/kassan`);
      const zip = field(page, 'Postnummer');
      await zip.focus();
      await page.keyboard.type('11122');

      // nShift's choices for the postcode: carriers, promise, price; PostNord's points listed.
      const delivery = page.getByRole('group', { name: 'Leveranssätt' });
      const collect = delivery.getByRole('radio', { name: /PostNord MyPack Collect/ });
      await expect(collect).toBeChecked();
      await expect(delivery.getByRole('radio', { name: /DHL Service Point/ })).toHaveCount(1);
      await expect(delivery.getByRole('img', { name: 'PostNord' })).toHaveCount(0); // alt '' (named)
      await expect(delivery.locator('img.carrier-badge[src="/shipping/dhl.svg"]')).toHaveCount(1);
      await expect(delivery.getByText('1–3 vardagar', { exact: true }).first()).toBeVisible();
      const points = page.getByRole('group', { name: 'Välj utlämningsställe' });
      const postnordPoints = points.getByRole('radio');
      await expect(postnordPoints).toHaveCount(3);
      // Nearest first, the nearest chosen; the name and distance name each radio.
      await expect(postnordPoints.first()).toHaveAccessibleName(/^ICA Nära Tegnérlunden \d/);
      await expect(postnordPoints.first()).toBeChecked();
      await expect(postnordPoints.first()).toHaveAccessibleDescription(
        /^Tegnérgatan 20, 111 40 Stockholm\. Öppettider: Mån–fre/i,
      );
      await page.screenshot({
        path: join(shots, `issue43-checkout-points-${viewport.name}.png`),
        fullPage: true,
      });
      await axeClean(page, `checkout with PostNord's points at ${viewport.name} px`);

      // By keyboard: from the postcode on to the delivery group (its checked radio), arrows to
      // "DHL Service Point" (each choice is saved and priced as it is reached).
      await zip.focus();
      await tabTo(page, collect);
      const dhl = delivery.getByRole('radio', { name: /DHL Service Point/ });
      for (let i = 0; i < 6 && !(await dhl.isChecked()); i++) {
        await page.keyboard.press('ArrowDown');
      }
      await expect(dhl).toBeChecked();
      await expect(dhl).toBeFocused();
      // DHL's points replace PostNord's once the choice is saved; the nearest chosen.
      const dhlPoints = points.getByRole('radio');
      await expect(dhlPoints.first()).toHaveAccessibleName(/^Direkten Sankt Eriksplan/);
      await expect(dhlPoints.first()).toBeChecked();
      await expect(dhlPoints).toHaveCount(2);
      await expect(dhl).toBeFocused();
      // Tab goes into the points group at its chosen point; the arrow key takes the second.
      await page.keyboard.press('Tab');
      await expect(dhlPoints.first()).toBeFocused();
      await page.keyboard.press('ArrowDown');
      const second = dhlPoints.nth(1);
      await expect(second).toBeChecked();
      await expect(second).toBeFocused();
      await expect(second).toHaveAccessibleName(/^Circle K Roslagstull/);
      expect(await focusedRadioValue(page)).toBe('SE-11350');
      // The point is saved: the checkout page loaded again still has it.
      await page.waitForLoadState('networkidle');
      await page.reload();
      await expect(points.getByRole('radio', { name: /^Circle K Roslagstull/ })).toBeChecked();
      await expect(delivery.getByRole('radio', { name: /DHL Service Point/ })).toBeChecked();
      await page.screenshot({
        path: join(shots, `issue43-checkout-dhl-point-${viewport.name}.png`),
        fullPage: true,
      });
      // The delivery options alone, at the size they are drawn.
      await delivery.screenshot({ path: join(shots, `issue43-delivery-${viewport.name}.png`) });
      await axeClean(page, `checkout with DHL's second point at ${viewport.name} px`);

      // The details, invoice (the default in production) and the terms.
      const email = `punkt.${unique()}@example.se`;
      shoppers.set(viewport.name, email);
      await field(page, 'Personnummer').fill('19900101-0017');
      await field(page, 'E-post').fill(email);
      await field(page, 'Förnamn').fill('Petra');
      await field(page, 'Efternamn').fill('Punktsson');
      await field(page, 'Gatuadress').fill('Storgatan 1');
      await field(page, 'Ort').fill('Stockholm');
      await field(page, 'Mobilnummer').fill('0701234567');
      const invoice = page.getByRole('radio', { name: /^Faktura/ });
      if (!(await invoice.isChecked())) {
        await invoice.focus();
        await page.keyboard.press('Space');
      }
      await expect(invoice).toBeChecked();
      const terms = page.getByLabel('Jag godkänner köpvillkoren');
      await terms.focus();
      await page.keyboard.press('Space');
      await expect(terms).toBeChecked();
      const place = page.getByRole('button', { name: /^Slutför köp/ });
      await tabTo(page, place, 10);
      await page.keyboard.press('Enter');

      // The confirmation names the point.
      await page.waitForURL(/\/checkout\/confirm\?/, { timeout: 20_000 });
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Tack för din beställning!');
      await expect(page.getByTestId('order-number')).toHaveText(/^\d{6}$/);
      const point = page.getByTestId('pickup-point');
      await expect(point).toContainText('Circle K Roslagstull');
      await expect(point).toContainText('Utlämningsställe');
      await expect(page.getByText('DHL', { exact: false }).first()).toBeVisible();
      await page.screenshot({
        path: join(shots, `issue43-confirmation-${viewport.name}.png`),
        fullPage: true,
      });
      await axeClean(page, `confirmation at ${viewport.name} px`);

      // nShift was asked for the postcode (the stand-in saw the checkout's queries).
      const asked = standIn.requests.filter((r) => r.path.includes('/delivery-checkouts/'));
      expect(asked.some((r) => r.query.tozipcode === '11122')).toBe(true);
    });
  }

  test('the shop owner ships the order with nShift: the label is offered and the shopper is mailed the tracking link', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    const email = shoppers.get('1280');
    expect(email, 'the 1280 px shopper placed an order').toBeDefined();
    await logInAsAdministrator(page, { base: shop.url, timeout: 30_000 });

    // The option is tied to its nShift service, as the owner copies it from nShift's set-up.
    await page.goto(`${shop.url}/admin/ordrar/frakttjanster`);
    await page.getByRole('heading', { name: 'Frakttjänster (nShift)', level: 1 }).waitFor();
    await page.getByLabel('Alternativets id').fill(DHL_POINT_OPTION);
    await page.getByLabel('Tjänstens id i nShift').fill(DHL_POINT_SERVICE);
    await page.getByLabel('Namn (valfritt)').fill('DHL Service Point');
    await page.getByRole('button', { name: 'Spara koppling' }).click();
    await expect(page.getByRole('status')).toHaveText(
      `Alternativet ${DHL_POINT_OPTION} bokas nu med tjänsten ${DHL_POINT_SERVICE}.`,
    );
    await expect(page.getByRole('row', { name: /DHL Service Point/ })).toContainText('ASPO');
    await axeClean(page, 'the nShift services page');

    // The order, found by the shopper's e-mail.
    await page.getByRole('link', { name: '← Ordrar' }).click();
    await page.getByLabel('Sök order').fill(email!);
    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    await expect(page.getByText('1 order', { exact: true })).toBeVisible();
    const orderLink = page.getByRole('link', { name: /^Order \d+$/ });
    const orderName = (await orderLink.textContent())!.trim();
    await orderLink.click();
    await page.getByRole('heading', { name: orderName, level: 1 }).waitFor();

    // "Skicka med nShift": the booking job books the parcel with the stand-in.
    const bookings = page.getByRole('region', { name: 'Frakt med nShift' });
    await expect(bookings).toContainText('Inget paket är bokat än.');
    await bookings.getByRole('button', { name: 'Skicka med nShift' }).click();
    await expect(bookings.getByRole('status')).toHaveText(
      'Paketet bokas hos nShift. Kollinummer och fraktsedel visas här när bokningen är klar.',
    );
    await expect(bookings.locator('tr[data-state="booked"]')).toHaveCount(1, { timeout: 60_000 });
    await expect(bookings.getByRole('cell', { name: 'Bokad', exact: true })).toBeVisible();
    // The live region says so; the focus stays where the owner is.
    await expect(bookings.getByRole('status')).toHaveText(/^Bokning T\d+-1: Bokad\.$/);
    const label = bookings.getByRole('link', { name: /^Fraktsedel \(PDF\) för / });
    await expect(label).toBeVisible();
    const pdf = await page.request.get(
      new URL((await label.getAttribute('href'))!, page.url()).href,
    );
    expect(pdf.status()).toBe(200);
    expect(pdf.headers()['content-type']).toBe('application/pdf');
    expect((await pdf.body()).subarray(0, 5).toString('latin1')).toBe('%PDF-');

    // The stand-in booked one shipment, with DHL's service, for this order.
    const shipments = [...standIn.shipments.values()];
    expect(shipments).toHaveLength(1);
    const [shipment] = shipments;
    expect(shipment!.serviceId).toBe(DHL_POINT_SERVICE);
    const parcelNo = shipment!.parcels[0]!.parcelNo;
    const tracking = `https://www.dhl.com/se-sv/home/tracking.html?tracking-id=${encodeURIComponent(parcelNo)}`;

    // The order moved on: "Behandlas", the parcel with DHL's tracking page.
    await expect(page.getByText(`Kolli ${parcelNo}`, { exact: false })).toBeVisible({
      timeout: 20_000,
    });
    await expect(page.getByRole('link', { name: /^Spåra/ })).toHaveAttribute('href', tracking);
    await expect(page.getByText('Behandlas', { exact: true }).first()).toBeVisible();
    await axeClean(page, 'the shipped order at 1280 px');
    await page.screenshot({ path: join(shots, 'issue43-owner-shipped-1280.png'), fullPage: true });
    await page.setViewportSize({ width: 390, height: 844 });
    await bookings.scrollIntoViewIfNeeded();
    // Reflow (WCAG 1.4.10): the tables scroll in their own boxes, the page does not.
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(
      390,
    );
    await page.screenshot({ path: join(shots, 'issue43-owner-shipped-390.png'), fullPage: true });
    await axeClean(page, 'the shipped order at 390 px');

    // The shopper's "Din order har skickats" e-mail holds the tracking link.
    await expect
      .poll(
        async () =>
          (await readOutbox(shop.env.MAIL_OUTBOX_DIR, email!)).filter((m) =>
            m.includes('Din order har skickats'),
          ).length,
        { timeout: 30_000 },
      )
      .toBe(1);
    const shipped = (await readOutbox(shop.env.MAIL_OUTBOX_DIR, email!)).find((m) =>
      m.includes('Din order har skickats'),
    )!;
    expect(shipped).toContain(tracking);
    expect(shipped).toContain(parcelNo);
    expect(shipped).toContain('Circle K Roslagstull');
  });
});
