/**
 * Förmånscykel order journey (issue 21, "What must show"): a registered shopper with a helmet in
 * the ordinary cart opens an e-bike, changes period and package and sees the net cost change,
 * puts the bike in the leasing cart, moves the helmet there too and gets the "non-leasable
 * items must be removed" warning, removes it with one click, sends the application (the error
 * summary first, with focus; name and e-mail already filled in from the account, issue 40), lands
 * on the confirmation page (order number, status, the employer's e-mail address, what happens
 * next; a reload sends nothing again), finds the leasing cart empty with the one button name, the
 * employer opens the mailed approve link (read from the outbox) and approves with the page's
 * button, and the order shows in /mina-sidor/ordrar as approved. Screenshots of the leasing
 * cart, the form and the confirmation at 390 and 1280 px ($E2E_SCREENSHOTS); axe on the
 * confirmation.
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { AxeBuilder } from '@axe-core/playwright';
import { readOutbox } from '@trampa/api/mail';
import type { Page } from '@playwright/test';
import { hydrated, slow } from './account-helpers.ts';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test, unique } from './fixtures.ts';
import { addToCart, apiQuery, sizedProduct } from './shop.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? tmpdir();
const outboxDir = process.env.MAIL_OUTBOX_DIR ?? './data/outbox';
const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();
const kronor = (s: string) => Number(s.replace(/\D/g, ''));

/** A leasable e-bike within the 5 000–60 000 kr limits with a size in stock. */
async function leasableEBike(): Promise<{ canonicalUrl: string; name: string }> {
  const data = await apiQuery<{
    products: {
      products: Array<{
        canonicalUrl: string;
        name: string;
        leasable: boolean;
        unitPrice: { sellingPriceIncVat: number };
        skus: Array<{ stock: { inStock: number } }>;
      }>;
    };
  }>(`{ products(categoryAlias: "elcyklar", take: 30) { products { canonicalUrl name leasable
      unitPrice { sellingPriceIncVat } skus { stock { inStock } } } } }`);
  const bike = data.products.products.find(
    (p) =>
      p.leasable &&
      p.unitPrice.sellingPriceIncVat >= 5000 &&
      p.unitPrice.sellingPriceIncVat <= 60000 &&
      p.skus.every((s) => s.stock.inStock >= 2),
  );
  if (!bike) throw new Error('no leasable e-bike within the limits in stock');
  return bike;
}

async function register(page: Page, email: string): Promise<void> {
  await page.goto(`${baseUrl()}/account`);
  await hydrated(page);
  const form = page.getByRole('form', { name: 'Skapa konto' });
  await form.getByLabel('Förnamn').fill('Frida');
  await form.getByLabel('Efternamn').fill('Förmånsson');
  await form.getByLabel('E-post').fill(email);
  await form.getByLabel(/^Lösenord/).fill('cykla-till-jobbet');
  await form.getByLabel('Bekräfta lösenord').fill('cykla-till-jobbet');
  await form.getByRole('button', { name: 'Skapa konto' }).click();
  await expect(page.getByRole('heading', { level: 1 })).toHaveText(
    'Välkommen, Frida Förmånsson!',
    slow,
  );
}

async function shoot(page: Page, name: string): Promise<void> {
  for (const width of [390, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    await page.screenshot({ path: join(SHOTS, `${name}-${width}.png`), fullPage: true });
  }
  await page.setViewportSize({ width: 1360, height: 900 });
}

test.describe('Förmånscykel order', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('leases an e-bike through the employer: cart rules, application, approval, Mina sidor', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    const stamp = unique();
    const email = `formansresa.${stamp}@example.se`;
    const employer = `lonekontoret.${stamp}@arbetsgivare.example.se`;
    await register(page, email);
    const helmet = await sizedProduct();
    await addToCart(page, helmet);

    // The e-bike: the calculator's figures follow period and package.
    const bike = await leasableEBike();
    await page.goto(`${baseUrl()}${bike.canonicalUrl}`);
    await hydrated(page);
    const block = page.locator('section.leasing');
    await block.getByText('Räkna på din månadskostnad').click();
    const net = block.getByTestId('leasing-net');
    const start = text(await net.textContent());
    await block.getByRole('radio', { name: '12 månader' }).check();
    await expect.poll(async () => text(await net.textContent())).not.toBe(start);
    const twelve = text(await net.textContent());
    await block.getByRole('radio', { name: /Bekymmersfri/ }).check();
    await expect.poll(async () => text(await net.textContent())).not.toBe(twelve);
    const chosen = kronor(text(await net.textContent()));
    expect(chosen).toBeGreaterThan(kronor(twelve));
    await block.getByRole('button', { name: 'Lägg i förmånscykelkorgen' }).click();

    // The leasing cart: the bike; the helmet moved over breaks a rule until removed.
    await page.waitForURL(/\/formanscykel\/varukorg\?manader=12&servicepaket=bekymmersfri/);
    await hydrated(page);
    await expect(page.getByRole('link', { name: bike.name })).toHaveCount(1);
    await page
      .getByRole('button', { name: new RegExp(`^Flytta till förmånscykelkorgen: ${helmet.name}`) })
      .click();
    const warning = page.getByRole('alert').filter({ hasText: 'Varor som inte kan leasas' });
    await expect
      .poll(async () => text(await warning.textContent()))
      .toContain('Varor som inte kan leasas måste tas bort');
    expect(await page.getByRole('link', { name: 'Fortsätt till ansökan' }).count()).toBe(0);
    await shoot(page, 'leasing-cart-warning');
    await warning.getByRole('button', { name: 'Ta bort varor som inte kan leasas' }).click();
    await expect(warning).toHaveCount(0);
    expect(await page.getByRole('link', { name: helmet.name }).count()).toBe(0);
    await shoot(page, 'leasing-cart');
    await page.getByRole('link', { name: 'Fortsätt till ansökan' }).click();

    // The application: the choice came along; errors first, in a focused summary.
    await page.waitForURL(/\/formanscykel\/ansokan/);
    await hydrated(page);
    expect(await page.getByLabel('Avtalsperiod').inputValue()).toBe('12');
    expect(await page.getByLabel('Servicepaket').inputValue()).toBe('bekymmersfri');
    expect(kronor(text(await page.getByTestId('leasing-application-net').textContent()))).toBe(
      chosen,
    );
    // Logged in: the account's name and e-mail are filled in (issue 40); the employer is not.
    expect(await page.getByLabel('Förnamn').inputValue()).toBe('Frida');
    expect(await page.getByLabel('Efternamn').inputValue()).toBe('Förmånsson');
    expect(await page.getByLabel('E-post', { exact: true }).inputValue()).toBe(email);
    expect(await page.getByLabel('Företagets namn').inputValue()).toBe('');
    await page.getByLabel('Organisationsnummer').fill('123');
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();
    const summary = page.locator('.error-summary');
    await expect(summary).toBeFocused();
    expect(text(await summary.textContent())).toContain(
      'Organisationsnummer: Ange ett giltigt organisationsnummer (NNNNNN-NNNN)',
    );
    expect(text(await summary.textContent())).toContain('Du måste godkänna villkoren');
    await shoot(page, 'leasing-application-errors');

    await page.getByLabel('Företagets namn').fill('Arbetsgivaren AB');
    await page.getByLabel('Organisationsnummer').fill('556016-0680');
    await page.getByLabel('E-post till kontaktperson hos arbetsgivaren').fill(employer);
    // The prefill survived the error round trip.
    expect(await page.getByLabel('Förnamn').inputValue()).toBe('Frida');
    await page.getByLabel('Mobilnummer').fill('070-123 45 67');
    await page.getByLabel('Gatuadress').fill('Storgatan 1');
    await page.getByLabel('Postnummer').fill('111 22');
    await page.getByLabel('Ort').fill('Stockholm');
    await page.getByLabel('Jag godkänner villkoren för förmånscykel').check();
    await page.getByRole('button', { name: 'Skicka ansökan' }).click();

    // The confirmation (issue 40): its own address, the number, the status, the employer's
    // address and what happens next; a reload shows it again and places nothing new.
    await page.waitForURL(/\/formanscykel\/ansokan\/skickad\?ansokan=[0-9a-f-]{36}$/, slow);
    await expect(page.getByRole('heading', { level: 1 })).toHaveText(
      'Tack! Din ansökan är skickad',
    );
    await expect(page.locator('.leasing-receipt__intro')).toHaveText(
      `Vi har mejlat Arbetsgivaren AB på ${employer} och bett dem godkänna din ansökan.`,
    );
    const orderId = text(await page.getByTestId('leasing-receipt-number').textContent());
    expect(orderId).toMatch(/^\d+$/);
    const facts = text(await page.locator('.leasing-receipt__facts').textContent());
    expect(facts).toContain('Väntar på arbetsgivarens godkännande');
    expect(facts).toContain(bike.name);
    expect(facts).toContain('12 månader, Bekymmersfri');
    const steps = page.getByRole('region', { name: 'Så här går det till nu' });
    expect(text(await steps.textContent())).toMatch(
      /Länkarna fungerar till och med \d{1,2} [a-zé.]+ \d{4}\./,
    );
    expect(text(await steps.textContent())).toContain(`orderbekräftelse till ${email}`);
    await expect(page.getByText('Du kan följa ansökan under Mina ordrar.')).toHaveCount(1);
    const axe = await new AxeBuilder({ page })
      .withTags(['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'])
      .analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await shoot(page, 'leasing-receipt');
    // A long e-mail address does not push the page sideways on a phone.
    await page.setViewportSize({ width: 390, height: 844 });
    expect(
      await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
    await page.setViewportSize({ width: 1360, height: 900 });
    await page.reload();
    expect(text(await page.getByTestId('leasing-receipt-number').textContent())).toBe(orderId);

    // The leasing cart is empty, and its text names the product page's button.
    await page.goto(`${baseUrl()}/formanscykel/varukorg`);
    await expect(page.locator('.leasing-flow__empty')).toContainText('”Lägg i förmånscykelkorgen”');

    // The employer's mail: the approve link opens a page that decides only on its POST.
    await expect
      .poll(async () => (await readOutbox(outboxDir, employer)).length, { timeout: 15_000 })
      .toBe(1);
    const [mail] = await readOutbox(outboxDir, employer);
    const approve = /\S+\/formanscykel\/arbetsgivare\?token=\S+/.exec(mail!)![0];
    const local = (link: string) => `${baseUrl()}${new URL(link).pathname}${new URL(link).search}`;
    // A second tab (the helper keeps one browser context per test); the page needs no login.
    const employerPage = await page.context().newPage();
    await employerPage.goto(local(approve));
    expect(text(await employerPage.locator('.leasing-flow__facts').textContent())).toContain(
      'Väntar på arbetsgivarens godkännande',
    );
    await employerPage.getByRole('button', { name: 'Godkänn ansökan' }).click();
    await expect(employerPage.locator('.leasing-flow__done')).toContainText(
      'Ansökan är godkänd',
      slow,
    );

    // Mina sidor: the order, approved by the employer.
    await page.goto(`${baseUrl()}/mina-sidor/ordrar`);
    const card = page.locator('article.order-card').filter({ hasText: `${orderId}` });
    await expect
      .poll(async () => text(await card.textContent()), slow)
      .toContain('Förmånscykel: Godkänd av arbetsgivaren');
    expect(text(await card.textContent())).toContain(bike.name);
  });
});
