/**
 * Förmånscykel calculator (issue 21, first half): a shopper opens an e-bike, reads "Förmånscykel
 * från … kr/mån", opens the calculator, changes period and package and sees the net cost
 * change, enters a marginal tax outside 0–60 and gets the rule's message, and reads the honest
 * comparison with buying the bike (issue 40: the lease, the buy-out at market value, the total;
 * the bike is not theirs after the period). Without JavaScript the GET form calculates on the
 * server. Screenshots of the calculator and its comparison at 390 and 1280 px ($E2E_SCREENSHOTS).
 */
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Page } from '@playwright/test';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test } from './fixtures.ts';
import { apiQuery } from './shop.ts';

const SHOTS = process.env.E2E_SCREENSHOTS ?? tmpdir();

interface Bike {
  canonicalUrl: string;
  name: string;
  leasable: boolean;
  unitPrice: { sellingPriceIncVat: number };
}

/** A leasable e-bike priced within the 5 000–60 000 kr limits. */
async function leasableEBike(): Promise<Bike> {
  const data = await apiQuery<{ products: { products: Bike[] } }>(
    `{ products(categoryAlias: "elcyklar", take: 30) { products { canonicalUrl name leasable
      unitPrice { sellingPriceIncVat } } } }`,
  );
  const bike = data.products.products.find(
    (p) =>
      p.leasable &&
      p.unitPrice.sellingPriceIncVat >= 5000 &&
      p.unitPrice.sellingPriceIncVat <= 60000,
  );
  if (!bike) throw new Error('no leasable e-bike within the limits');
  return bike;
}

const text = (s: string | null) => (s ?? '').replace(/\s+/g, ' ').trim();

async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

test.describe('Förmånscykel calculator', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('changes the net cost when the shopper changes period and package', async ({
    page,
    newPage,
  }) => {
    const bike = await leasableEBike();
    await page.goto(`${baseUrl()}${bike.canonicalUrl}`);
    await hydrated(page);
    const block = page.locator('section.leasing');
    expect(text(await block.getByRole('heading', { level: 2 }).textContent())).toMatch(
      /^Förmånscykel från \d[\d ]* kr\/mån$/,
    );
    await block.getByText('Räkna på din månadskostnad').click();
    const net = block.getByTestId('leasing-net');
    // The calculator sits beside the buy form without disturbing it (one form, once).
    expect(await page.locator('form.add-to-cart').count()).toBe(1);
    const start = text(await net.textContent());
    expect(start).toMatch(/^\d[\d ]* kr$/);

    await block.getByRole('radio', { name: '12 månader' }).check();
    await expect.poll(async () => text(await net.textContent())).not.toBe(start);
    const twelve = text(await net.textContent());

    await block.getByRole('radio', { name: /Bekymmersfri/ }).check();
    await expect.poll(async () => text(await net.textContent())).not.toBe(twelve);
    const withPackage = text(await net.textContent());
    const kronor = (s: string) => Number(s.replace(/\D/g, ''));
    // 12 months cost more a month than 36; Bekymmersfri adds 1 620 kr a year.
    expect(kronor(twelve)).toBeGreaterThan(kronor(start));
    expect(kronor(withPackage)).toBeGreaterThan(kronor(twelve));
    expect(text(await block.locator('.leasing__result').getAttribute('aria-live'))).toBe('polite');

    // The marginal tax: a higher one lowers the cost; 75 breaks the rule.
    const tax = block.getByLabel('Din marginalskatt (%)');
    await tax.fill('52');
    await expect
      .poll(async () => kronor(text(await net.textContent())))
      .toBeLessThan(kronor(withPackage));
    await tax.fill('75');
    await expect
      .poll(async () => text(await block.locator('.field__error').textContent()))
      .toBe('Värdet måste vara mellan 0 och 60');
    expect(await tax.getAttribute('aria-invalid')).toBe('true');
    await tax.fill('32');

    // Leasing or buying (issue 40): the price, the lease, the buy-out and their total add up,
    // and the text says the bike is not the shopper's after the period.
    await block.getByRole('radio', { name: '36 månader' }).check();
    await block.getByRole('radio', { name: 'Inget servicepaket' }).check();
    const compare = block.getByRole('region', { name: 'Leasa eller köpa?' });
    await expect(compare).toContainText('Efter 36 månader är cykeln inte din');
    const rows = Object.fromEntries(
      await compare
        .locator('.leasing__figure')
        .evaluateAll((nodes) =>
          nodes.map((n) => [
            n.querySelector('dt')!.textContent!.replace(/\s+/g, ' ').trim(),
            Number(n.querySelector('dd')!.textContent!.replace(/\D/g, '')),
          ]),
        ),
    ) as Record<string, number>;
    expect(rows['Köpa cykeln nu']).toBe(Math.round(bike.unitPrice.sellingPriceIncVat));
    const lease = rows['Din kostnad under 36 månader']!;
    const buyOut = rows['Köpa loss cykeln efter 36 månader, uppskattat (ca 20 % av priset)']!;
    expect(buyOut).toBe(Math.round(bike.unitPrice.sellingPriceIncVat * 0.2));
    expect(Math.abs(rows['Leasing och utköp, totalt']! - (lease + buyOut))).toBeLessThanOrEqual(1);
    const returned = `Lämnar du tillbaka cykeln har du betalat ${lease.toLocaleString('sv-SE')} kr för att använda den i 36 månader.`;
    expect(text(await compare.textContent())).toContain(returned.replace(/\s/g, ' '));
    expect(text(await compare.textContent())).toMatch(
      /Köper du loss den blir det totalt \d[\d ]* kr (billigare|dyrare) än att köpa cykeln nu\./,
    );
    expect(text(await block.textContent())).not.toContain('Du sparar');

    expect(await block.getByRole('button', { name: 'Lägg i förmånscykelkorgen' }).count()).toBe(1);
    expect(
      await block.getByRole('link', { name: 'Så fungerar förmånscykel' }).getAttribute('href'),
    ).toBe('/formanscykel');
    await page.setViewportSize({ width: 1280, height: 900 });
    await block.screenshot({ path: join(SHOTS, 'leasing-1280-calculator.png') });

    // A phone: the headline below the buy button, then the whole calculator.
    const phone = await newPage();
    await phone.setViewportSize({ width: 390, height: 844 });
    await phone.goto(`${baseUrl()}${bike.canonicalUrl}`);
    await hydrated(phone);
    const phoneBlock = phone.locator('section.leasing');
    await phoneBlock.scrollIntoViewIfNeeded();
    await phone.screenshot({ path: join(SHOTS, 'leasing-390-headline.png') });
    await phoneBlock.getByText('Räkna på din månadskostnad').click();
    await phoneBlock.getByRole('radio', { name: /Trygg/ }).check();
    await phoneBlock.screenshot({ path: join(SHOTS, 'leasing-390-calculator.png') });
    const phoneCompare = phoneBlock.getByRole('region', { name: 'Leasa eller köpa?' });
    await phoneCompare.screenshot({ path: join(SHOTS, 'leasing-390-comparison.png') });
    // Nothing sideways on a phone.
    expect(
      await phone.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth),
    ).toBe(true);
  });

  test('calculates on the server without JavaScript', async ({ newPage }) => {
    const bike = await leasableEBike();
    const page = await newPage({ javaScriptEnabled: false });
    await page.goto(`${baseUrl()}${bike.canonicalUrl}`);
    const block = page.locator('section.leasing');
    await block.getByText('Räkna på din månadskostnad').click();
    const before = text(await block.getByTestId('leasing-net').textContent());
    await block.getByRole('radio', { name: '12 månader' }).check();
    await block.getByRole('radio', { name: /Trygg/ }).check();
    await block.getByRole('button', { name: 'Räkna' }).click();
    await page.waitForURL(/manader=12/);
    expect(page.url()).toContain('servicepaket=trygg');
    const after = page.locator('section.leasing');
    expect(await after.getByRole('radio', { name: '12 månader' }).isChecked()).toBe(true);
    expect(text(await after.getByTestId('leasing-net').textContent())).not.toBe(before);
  });
});
