/**
 * Back-office journey (issue 26): the first administrator (ADMIN_EMAIL/ADMIN_PASSWORD from
 * e2e-env.ts) logs in at /admin, creates a customer-service user, finds the change in the audit
 * log and logs out; adjusts a SKU's stock to 0 and back, and the product page follows; exports
 * the catalogue and imports a CSV of 1 000 products (a file with a bad row imports nothing and
 * the report names the row; the good file shows its progress). Each page is checked with axe
 * (WCAG 2.2 AA) and photographed.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import { generate } from 'otplib';
import { logInAsAdministrator } from './admin-helpers.ts';
import { E2E_ENV } from './e2e-env.ts';
import { sampleCatalogueCsv, withCell } from '../../../api/test/csv-sample.ts';
import { apiKey, apiQuery } from './shop.ts';
import { ownShop } from './own-shop.ts';
import {
  NO_BROWSER,
  baseUrl,
  browserAvailable,
  expect,
  test,
  unique,
  type Page,
} from './fixtures.ts';

const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();

/** The TOTP code of `secret` now plus `offsetSeconds`, as an authenticator app shows it. */
const totp = (secret: string, offsetSeconds = 0) =>
  generate({ secret, epoch: Math.floor(Date.now() / 1000) + offsetSeconds });
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];
const literal = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

async function checkPage(page: Page, name: string) {
  const axe = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  expect(axe.violations.map((v) => v.id)).toEqual([]);
  await page.screenshot({ path: join(shots, `admin-${name}.png`), fullPage: true });
}

test.describe('back office', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('the first administrator logs in, adds customer service, sees it in the log, logs out', async ({
    page,
    allowConsoleError,
  }) => {
    // Two scrypt hashes (the default cost) and four axe audits on a loaded CI machine.
    test.setTimeout(240_000);
    // The wrong password below is answered 401 (UNAUTHENTICATED), which Chromium logs.
    allowConsoleError(/status of 401 \(Unauthorized\)/);
    await page.goto(`${baseUrl()}/admin`);
    await page.getByRole('heading', { name: 'Logga in i administrationen' }).waitFor();
    await checkPage(page, 'login');

    // A wrong password: the error summary takes the focus.
    await page.getByLabel('E-postadress').fill(E2E_ENV.ADMIN_EMAIL);
    await page.getByLabel('Lösenord').fill('fel-losenord-123');
    await page.getByRole('button', { name: 'Logga in' }).click();
    const summary = page.getByRole('alert');
    await expect(summary).toContainText('Fel e-postadress eller lösenord.');
    await expect(summary).toBeFocused();

    await page.getByLabel('Lösenord').fill(E2E_ENV.ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByRole('heading', { name: `Välkommen, ${E2E_ENV.ADMIN_EMAIL}` }).waitFor();
    await checkPage(page, 'start');

    const email = `kundtjanst-${unique()}@trampa.example`;
    await page.getByRole('link', { name: 'Personal' }).click();
    await page.getByRole('heading', { name: 'Personal', level: 1 }).waitFor();
    await page.getByLabel('E-postadress').fill(email);
    await page.getByLabel('Roll', { exact: true }).selectOption('kundtjanst');
    await page.getByLabel('Lösenord').fill('kundtjanst-losenord-1');
    await page.getByRole('button', { name: 'Lägg till' }).click();
    await expect(page.getByRole('status').first()).toHaveText(
      `${email} har lagts till som kundtjänst.`,
    );
    await page.getByRole('cell', { name: email, exact: true }).waitFor();
    await checkPage(page, 'staff');

    await page.getByRole('link', { name: 'Händelselogg' }).click();
    await page.getByRole('heading', { name: 'Händelselogg' }).waitFor();
    await page.getByLabel('Händelse', { exact: true }).selectOption('staff.create');
    await page.getByRole('button', { name: 'Filtrera' }).click();
    const row = page.getByRole('row').filter({ hasText: email });
    await expect(row).toContainText('Personal skapad');
    await expect(row).toContainText(E2E_ENV.ADMIN_EMAIL);
    await expect(row).toContainText('"role":"kundtjanst"');
    await checkPage(page, 'audit');

    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.getByRole('heading', { name: 'Logga in i administrationen' }).waitFor();
    await page.goto(`${baseUrl()}/admin/personal`);
    await page.getByRole('heading', { name: 'Logga in i administrationen' }).waitFor();

    // Customer service turns on two-factor login; the next login asks for the app's code.
    await page.getByLabel('E-postadress').fill(email);
    await page.getByLabel('Lösenord').fill('kundtjanst-losenord-1');
    await page.getByRole('button', { name: 'Logga in' }).click();
    await page.getByRole('link', { name: /^Mitt konto/ }).click();
    await page.getByRole('heading', { name: 'Mitt konto', level: 1 }).waitFor();
    await page.getByRole('button', { name: 'Slå på tvåstegsverifiering' }).click();
    await expect(page.getByRole('heading', { name: 'Skanna koden med appen' })).toBeFocused();
    await expect(page.getByRole('img', { name: 'QR-kod för autentiseringsappen' })).toBeVisible();
    const secret = (await page.getByTestId('totp-secret').textContent())!.trim();
    await checkPage(page, 'two-factor-setup');
    await page.getByLabel('Koden som appen visar (6 siffror)').fill(await totp(secret));
    await page.getByRole('button', { name: 'Bekräfta och slå på' }).click();
    await expect(page.getByRole('status').first()).toHaveText(
      'Tvåstegsverifiering är påslagen. Nästa inloggning frågar efter en kod.',
    );
    await page.getByRole('button', { name: 'Logga ut' }).click();
    await page.getByLabel('E-postadress').fill(email);
    await page.getByLabel('Lösenord').fill('kundtjanst-losenord-1');
    await page.getByRole('button', { name: 'Logga in' }).click();
    const codeField = page.getByLabel('Engångskod (6 siffror)');
    await expect(codeField).toBeFocused();
    await expect(codeField).toHaveValue('');
    await checkPage(page, 'two-factor-login');
    // The confirmation used this period's code: the next period's (within the ±30 s window).
    await codeField.fill(await totp(secret, 30));
    await page.getByRole('button', { name: 'Logga in' }).click();
    // Logged in, back on the page where the session ended.
    await page.getByRole('heading', { name: 'Mitt konto', level: 1 }).waitFor();
    await expect(page.getByText('Tvåstegsverifiering är påslagen för ditt konto.')).toBeVisible();
  });

  test('the administrator adjusts a size to 0 and back; the product page follows at once', async ({
    page,
  }) => {
    test.setTimeout(240_000);
    // A bike size with units in the web stock only (no supplier or static stock), so that 0 units
    // means "Slut i lager".
    const data = await apiQuery<{
      products: {
        products: Array<{
          canonicalUrl: string;
          skus: Array<{
            articleNumber: string;
            name: string;
            stock: { inStock: number; oversellable: number; static: number };
          }>;
        }>;
      };
    }>(`{ products(categoryAlias: "cyklar", take: 60) { products { canonicalUrl
      skus { articleNumber name stock { inStock oversellable static } } } } }`);
    const candidates = data.products.products.flatMap((product) =>
      product.skus.length >= 2
        ? product.skus
            .filter((s) => s.stock.inStock > 5 && s.stock.oversellable === 0 && !s.stock.static)
            .map((sku) => ({ url: product.canonicalUrl, sku }))
        : [],
    );
    const target = candidates.at(-1);
    expect(target).toBeTruthy();
    const { url, sku } = target!;
    const sizeRadio = (on: Page) =>
      on.getByRole('radio', { name: new RegExp(`^${literal(sku.name)}\\b`) });

    await logInAsAdministrator(page);
    await page.getByRole('link', { name: 'Lager' }).click();
    await page.getByRole('heading', { name: 'Lager', level: 1 }).waitFor();
    await page.getByLabel('Sök artikel').fill(sku.articleNumber);
    await page.getByRole('button', { name: 'Sök', exact: true }).click();
    const detail = page.getByRole('region', { name: new RegExp(`, ${sku.name}$`) });
    await expect(detail.getByRole('row', { name: /^Webblager/ })).toContainText(
      String(sku.stock.inStock),
    );
    await checkPage(page, 'stock');

    // A refused change: the error summary takes the focus.
    await page.getByLabel('Ändring i antal').fill(String(-(sku.stock.inStock + 1)));
    await page.getByLabel('Orsak').selectOption('svinn');
    await page.getByRole('button', { name: 'Spara ändring' }).click();
    await expect(page.getByRole('alert')).toContainText('Lagersaldot kan inte bli mindre än 0.');
    await expect(page.getByRole('alert')).toBeFocused();

    // A stock count finds none: the size is sold out on the product page.
    await page.getByLabel('Sätt nytt saldo').check();
    await page.getByLabel('Nytt saldo', { exact: true }).fill('0');
    await page.getByLabel('Orsak').selectOption('inventering');
    await page.getByLabel('Anteckning (valfri)').fill('Inventering i journey');
    await page.getByRole('button', { name: 'Spara ändring' }).click();
    await expect(detail.getByRole('status')).toHaveText(
      `Webblagret: ${sku.articleNumber} har nu 0 st.`,
    );
    await expect(detail.getByRole('row', { name: /Inventering i journey/ })).toContainText(
      `${sku.stock.inStock} → 0`,
    );
    await checkPage(page, 'stock-adjusted');

    const shop = await page.context().newPage();
    await shop.goto(`${baseUrl()}${url}`);
    await expect(sizeRadio(shop)).toHaveAccessibleName(/Slut i lager/);

    // A delivery arrives: in stock again, without a restart.
    await page.getByLabel('Ändring i antal').fill(String(sku.stock.inStock));
    await page.getByLabel('Orsak').selectOption('inleverans');
    await page.getByRole('button', { name: 'Spara ändring' }).click();
    await expect(detail.getByRole('status')).toHaveText(
      `Webblagret: ${sku.articleNumber} har nu ${sku.stock.inStock} st.`,
    );
    await shop.reload();
    await expect(sizeRadio(shop)).not.toHaveAccessibleName(/Slut i lager/);
    await expect(sizeRadio(shop)).toHaveAccessibleName(/I lager|Få kvar/);
    await shop.close();
  });
});

// The import adds 1 000 products: in a shop of its own (a copy of the run's seeded database),
// so the journeys after this one see the shared shop's catalogue unchanged.
test.describe('back office: CSV import', () => {
  test.skip(!browserAvailable, NO_BROWSER);
  const shop = ownShop('csv');

  test.beforeAll(async () => {
    test.setTimeout(300_000);
    if (browserAvailable) await shop.start();
  });

  test.afterAll(async () => {
    await shop.dispose();
  });

  test('the administrator exports the catalogue and imports 1 000 products from a CSV', async ({
    page,
  }) => {
    // 1 000 products through the product editor's service on a loaded CI machine, twice checked.
    test.setTimeout(900_000);
    await logInAsAdministrator(page, { base: shop.url });
    await page.getByRole('link', { name: 'CSV' }).click();
    await page.getByRole('heading', { name: 'CSV-import och export', level: 1 }).waitFor();
    await checkPage(page, 'csv');

    // The export: the file's columns name the shop's markets and stores.
    const exported = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Exportera CSV' }).click();
    const exportFile = readFileSync((await (await exported).path())!, 'utf8');
    const [header, first] = exportFile.replace(/^\uFEFF/, '').split('\r\n');
    const columns = header!.split(';');
    const cells = first!.split(';');
    const refs = {
      brand: cells[columns.indexOf('varumarke')]!,
      category: cells[columns.indexOf('kategori')]!,
      markets: columns.filter((c) => /^pris_[a-z]/.test(c)).map((c) => c.slice(5)),
      stores: columns
        .filter((c) => c.startsWith('lager_') && c !== 'lager_webb')
        .map((c) => c.slice(6)),
    };
    expect(refs.markets.length).toBeGreaterThan(0);

    const prefix = `E2E${unique()}`;
    const good = sampleCatalogueCsv(1000, refs, prefix);
    // Row 37 (the header is row 1) gets an EAN with a wrong check digit.
    const bad = withCell(good, 37, 'ean', '7312345678901');
    const alias = `importcykel-${prefix.toLowerCase()}-1-${prefix.toLowerCase()}-1`;
    const product = async () => {
      const response = await fetch(`${shop.url}/graphql`, {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'x-apikey': apiKey },
        body: JSON.stringify({
          query: 'query($alias: String!) { product(alias: $alias) { name } }',
          variables: { alias },
        }),
      });
      return ((await response.json()) as { data: { product: { name: string } | null } }).data
        .product;
    };

    await page.getByLabel('CSV-fil').setInputFiles({
      name: 'katalog-med-fel.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(bad),
    });
    await page.getByRole('button', { name: 'Importera' }).click();
    const alert = page.getByRole('alert');
    await expect(alert).toContainText('Filen importerades inte: 1 fel hittades', {
      timeout: 300_000,
    });
    await expect(alert).toBeFocused();
    const report = page.getByRole('table', { name: /Fel per rad/ });
    await expect(report.getByRole('row').nth(1)).toHaveText(/^37ean.*EAN-koden är inte giltig/);
    const reportDownload = page.waitForEvent('download');
    await page.getByRole('button', { name: 'Ladda ner felrapport (CSV)' }).click();
    expect(readFileSync((await (await reportDownload).path())!, 'utf8')).toContain(
      '37;ean;EAN-koden är inte giltig',
    );
    await checkPage(page, 'csv-report');
    expect(await product()).toBeNull();

    await page.getByLabel('CSV-fil').setInputFiles({
      name: 'katalog.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(good),
    });
    await page.getByRole('button', { name: 'Importera' }).click();
    await expect(page.getByRole('progressbar', { name: 'Förlopp' })).toBeVisible();
    await expect(page.getByRole('status').first()).toHaveText(
      /^Importen är klar: 1000 produkter skapade, 0 uppdaterade och \d+ lagersaldon ändrade\.$/,
      { timeout: 600_000 },
    );
    // The progress bar ends full, with "Klart".
    const bar = page.getByRole('progressbar', { name: 'Förlopp' });
    await expect(bar).toHaveAttribute('value', (await bar.getAttribute('max')) ?? '');
    await expect(page.getByText('Klart', { exact: true })).toBeVisible();
    await checkPage(page, 'csv-done');
    expect(await product()).toEqual({ name: `Importcykel ${prefix} 1` });
  });
});
