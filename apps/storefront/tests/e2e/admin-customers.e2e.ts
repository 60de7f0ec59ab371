/**
 * Back-office customers journey (issue 27 "Customers"): a shopper registers (newsletter box
 * ticked) and places an order; customer service finds them under Kunder, sees the order (a link
 * to its page) and the newsletter status, logs in as the customer (every storefront page shows
 * the banner "Du är inloggad som en annan användare", SPEC §2, issue 41), ends that support
 * session with the banner's "Avsluta supportsessionen" and downloads the GDPR export as JSON. The customer page is checked with axe (WCAG 2.2 AA) and photographed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import { hydrated, placeOrderAs, slow } from './account-helpers.ts';
import { addStaffUser, logInAs } from './admin-helpers.ts';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test, unique } from './fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const SERVICE_PASSWORD = 'kundtjanst-losenord-27';

test.describe('back office: customers', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('customer service finds a customer, sees the order, logs in as them, exports JSON', async ({
    page,
  }) => {
    // Registration and three staff logins hash passwords (scrypt) on a loaded machine.
    test.setTimeout(180_000);
    const stamp = unique();
    const email = `kund.${stamp}@example.se`;

    // A shopper registers with the newsletter box ticked and places an order.
    await page.goto(`${baseUrl()}/account`);
    await hydrated(page);
    await page.getByRole('button', { name: 'Endast nödvändiga' }).click();
    const register = page.getByRole('form', { name: 'Skapa konto' });
    await register.getByLabel('Förnamn').fill('Kerstin');
    await register.getByLabel('Efternamn').fill(`Kund ${stamp}`);
    await register.getByLabel('E-post').fill(email);
    await register.getByLabel(/^Lösenord/).fill('kundens-losen');
    await register.getByLabel('Bekräfta lösenord').fill('kundens-losen');
    await register.getByLabel(/nyhetsbrev/).check();
    await register.getByRole('button', { name: 'Skapa konto' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      `Välkommen, Kerstin Kund ${stamp}!`,
      slow,
    );
    const orderId = await placeOrderAs(page, email);
    // Another shopper buys without an account (a guest): a customer all the same (issue 40).
    const guestEmail = `gast.${stamp}@example.se`;
    const guestOrderId = await placeOrderAs(page, guestEmail, { guest: true });
    await page.context().clearCookies();

    // The administrator adds a customer-service user (over the admin API: not this journey's
    // subject), who then logs in in the browser.
    const serviceEmail = `kundtjanst-${stamp}@trampa.example`;
    await addStaffUser(serviceEmail, SERVICE_PASSWORD, 'kundtjanst');
    await logInAs(page, serviceEmail, SERVICE_PASSWORD, slow);

    // Kunder: search by the e-mail, open the customer.
    await page
      .getByRole('navigation', { name: 'Administration' })
      .getByRole('link', { name: 'Kunder' })
      .click();
    await expect(page.getByRole('heading', { name: 'Kunder', level: 1 })).toBeFocused();
    await page.getByLabel('Sök kund').fill(email);
    await page.getByRole('button', { name: 'Sök' }).click();
    await expect(page.getByRole('status')).toHaveText(`1 kund matchar ”${email}”.`);
    await page.getByRole('link', { name: `Kerstin Kund ${stamp}` }).click();
    const heading = page.getByRole('heading', { name: `Kerstin Kund ${stamp}`, level: 1 });
    await expect(heading).toBeVisible();
    const customerPage = page.url();

    // The order (linked to its page) and the newsletter status with its consent.
    const orders = page.getByRole('region', { name: 'Ordrar' });
    const orderLink = orders.getByRole('link', { name: String(orderId) });
    await expect(orderLink).toHaveAttribute('href', `/admin/ordrar/${orderId}`);
    await expect(orders.getByRole('row', { name: new RegExp(`^${orderId} `) })).toContainText(
      'Mottagen',
    );
    const newsletter = page.getByRole('region', { name: 'Nyhetsbrev och samtycken' });
    await expect(newsletter).toContainText('Anmäld, ej bekräftad');
    await expect(newsletter).toContainText('via kontoinställningarna');
    const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await page.screenshot({ path: join(shots, 'admin-customer.png'), fullPage: true });

    // The guest is found by the e-mail of the order, marked "Gäst", with the order.
    await page.goto(`${baseUrl()}/admin/kunder`);
    await page.getByLabel('Sök kund').fill(guestEmail);
    await page.getByRole('button', { name: 'Sök' }).click();
    await expect(page.getByRole('status')).toHaveText(`1 kund matchar ”${guestEmail}”.`);
    const guestRow = page.getByRole('row', { name: /Journey Testsson/ });
    await expect(guestRow).toContainText('Gäst');
    await expect(guestRow).toContainText(guestEmail);
    for (const width of [390, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await page.screenshot({ path: join(shots, `admin-customers-guest-${width}.png`) });
    }
    await page.setViewportSize({ width: 1280, height: 800 });
    await guestRow.getByRole('link', { name: 'Journey Testsson' }).click();
    await expect(page.getByRole('heading', { name: 'Journey Testsson', level: 1 })).toBeVisible();
    await expect(page.getByText('Gästkund: har handlat utan konto.')).toBeVisible();
    const guestOrders = page.getByRole('region', { name: 'Ordrar' });
    await expect(guestOrders.getByRole('link', { name: String(guestOrderId) })).toBeVisible();
    await expect(guestOrders).toContainText('Sverige (SEK)');
    await expect(page.getByRole('button', { name: 'Logga in som kunden' })).toHaveCount(0);
    const guestAxe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
    expect(guestAxe.violations.map((v) => v.id)).toEqual([]);
    await page.goto(customerPage);
    await expect(heading).toBeVisible();

    // Log in as the customer: a single-use link, opened in a new tab, lands on Mina sidor with
    // the "logged in as another user" message.
    await page.getByRole('button', { name: 'Logga in som kunden' }).click();
    const link = page.getByRole('link', { name: `Öppna Mina sidor som ${email} (ny flik)` });
    await expect(link).toBeFocused();
    const [storefront] = await Promise.all([page.context().waitForEvent('page'), link.click()]);
    await storefront.waitForURL(/\/mina-sidor\/ordrar$/, slow);
    const banner = storefront.getByRole('region', { name: 'Supportsession' });
    await expect(banner.getByRole('status')).toHaveText(
      `Du är inloggad som en annan användare (${email}).`,
    );
    await expect(storefront.getByRole('heading', { name: `Order ${orderId}` })).toBeVisible(slow);
    // Issue 41: the banner is on every page of the shop, not only Mina sidor; checked with axe
    // (contrast AA) and photographed on a phone and a laptop.
    await storefront.goto(`${baseUrl()}/varukorg`);
    await expect(banner.getByRole('status')).toContainText(email);
    const bannerAxe = await new AxeBuilder({ page: storefront })
      .include('.support-banner')
      .withTags(wcagTags)
      .analyze();
    expect(bannerAxe.violations.map((v) => v.id)).toEqual([]);
    for (const width of [390, 1280]) {
      await storefront.setViewportSize({ width, height: 800 });
      await storefront.screenshot({ path: join(shots, `support-session-banner-${width}.png`) });
    }
    // "Avsluta supportsessionen" by keyboard: the session ends, the page says so, no banner.
    const end = banner.getByRole('button', { name: 'Avsluta supportsessionen' });
    await end.focus();
    await expect(end).toBeFocused();
    await storefront.keyboard.press('Enter');
    await storefront.waitForURL(/\/account\?meddelande=supportavslutad$/, slow);
    await expect(
      storefront.getByText('Supportsessionen är avslutad och du är utloggad från kundens konto.'),
    ).toBeVisible();
    await expect(storefront.getByRole('region', { name: 'Supportsession' })).toHaveCount(0);
    await expect(storefront.getByRole('form', { name: 'Skapa konto' })).toBeVisible();
    for (const width of [390, 1280]) {
      await storefront.setViewportSize({ width, height: 800 });
      await storefront.screenshot({ path: join(shots, `support-session-ended-${width}.png`) });
    }
    await storefront.goto(`${baseUrl()}/mina-sidor/ordrar`);
    await expect(storefront).not.toHaveURL(/\/mina-sidor\/ordrar$/);
    await storefront.close();

    // Without JavaScript: a second link, opened in a browser with scripting off; the banner's
    // button is a plain form POST.
    // A new link (the first one's token is used up): wait until it replaces the old one, which
    // on a loaded machine comes after the click returns.
    const used = await link.getAttribute('href');
    await page.getByRole('button', { name: 'Logga in som kunden' }).click();
    await expect(link).not.toHaveAttribute('href', used!);
    const href = await link.getAttribute('href');
    expect(href).toMatch(/loginToken=/);
    const noScript = await page.context().browser()!.newContext({ javaScriptEnabled: false });
    const plain = await noScript.newPage();
    await plain.goto(new URL(href!, baseUrl()).toString());
    await plain.waitForURL(/\/mina-sidor\/ordrar$/, slow);
    const plainBanner = plain.getByRole('region', { name: 'Supportsession' });
    await expect(plainBanner).toContainText(email);
    await plainBanner.getByRole('button', { name: 'Avsluta supportsessionen' }).click();
    await plain.waitForURL(/\/account\?meddelande=supportavslutad$/, slow);
    await expect(plain.getByText('Supportsessionen är avslutad')).toBeVisible();
    await expect(plain.getByRole('region', { name: 'Supportsession' })).toHaveCount(0);
    await noScript.close();

    // GDPR export: a JSON download with the profile, the order and the newsletter consent.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Exportera kunddata (JSON)' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^kund-\d+\.json$/);
    const exported = JSON.parse(readFileSync((await download.path())!, 'utf8')) as {
      customer: { email: string; passwordHash?: string };
      orders: Array<{ id: number }>;
      newsletter: { state: string; consentText: string };
    };
    expect(exported.customer.email).toBe(email);
    expect(exported.customer.passwordHash).toBeUndefined();
    expect(exported.orders.map((o) => o.id)).toEqual([orderId]);
    expect(exported.newsletter.state).toBe('pending');
    await expect(page.getByRole('status').filter({ hasText: 'exporterats' })).toBeVisible();
  });
});
