/**
 * Newsletter journey (issue 17): a visitor signs up in the footer, confirms through the mailed
 * link (double opt-in) and unsubscribes through the mail's other link; both pages answer in
 * Swedish. Plus the form's accessibility: a labelled field, the SPEC error as an alert with the
 * focus on the field, the answer in a live region.
 */
import { join } from 'node:path';
import { tmpdir } from 'node:os';
import { AxeBuilder } from '@axe-core/playwright';
import { readOutbox } from '@trampa/api/mail';
import { NO_BROWSER, baseUrl, browserAvailable, expect, test, unique } from './fixtures.ts';

const outboxDir = process.env.MAIL_OUTBOX_DIR ?? './data/outbox';
const shots = process.env.E2E_SCREENSHOTS ?? tmpdir();
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

test.describe('newsletter', () => {
  test.skip(!browserAvailable, NO_BROWSER);

  test('signs up in the footer, confirms by the mailed link and unsubscribes', async ({
    page,
    allowConsoleError,
  }) => {
    const email = `nyhetsbrev-${unique()}@example.com`;
    await page.goto(`${baseUrl()}/`);
    await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
    const form = page.getByRole('region', { name: 'Nyhetsbrev' });
    const field = form.getByRole('textbox', { name: 'E-postadress' });
    await field.scrollIntoViewIfNeeded();
    expect(await form.textContent()).toContain('Jag vill få nyhetsbrev från');
    const axe = await new AxeBuilder({ page }).include('.newsletter').withTags(wcagTags).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);

    await field.fill('fel');
    await form.getByRole('button', { name: 'Prenumerera' }).click();
    await expect(form.getByRole('alert')).toHaveText('Du måste ange en giltig email');
    await expect(field).toBeFocused();

    await field.fill(email);
    await form.getByRole('button', { name: 'Prenumerera' }).click();
    const status = form.getByRole('status');
    await expect(status).toContainText('bekräfta prenumerationen');
    await expect(status).toBeFocused();
    await page.screenshot({ path: join(shots, 'newsletter-footer.png') });

    await expect
      .poll(async () => (await readOutbox(outboxDir, email)).length, { timeout: 15_000 })
      .toBe(1);
    const [mail] = await readOutbox(outboxDir, email);
    const confirm = /\S+\/nyhetsbrev\/bekrafta\?token=\S+/.exec(mail!)![0];
    const unsubscribe = /\S+\/nyhetsbrev\/avsluta\?token=\S+/.exec(mail!)![0];
    const local = (link: string) => `${baseUrl()}${new URL(link).pathname}${new URL(link).search}`;

    await page.goto(local(confirm));
    await page.getByRole('button', { name: 'Bekräfta prenumerationen' }).click();
    await expect(page.getByText('Tack! Din prenumeration är bekräftad.')).toBeVisible();

    await page.goto(local(unsubscribe));
    await page.getByRole('button', { name: 'Avsluta prenumerationen' }).click();
    await expect(page.getByText('Du är avregistrerad och får inga fler nyhetsbrev')).toBeVisible();

    // A tampered link is refused in Swedish.
    await page.goto(`${baseUrl()}/nyhetsbrev/avsluta?token=abc.def`);
    await page.getByRole('button', { name: 'Avsluta prenumerationen' }).click();
    await expect(page.getByText('Länken är ogiltig')).toBeVisible();
    // The browser logs the 400 answer; filtered only once the answer has arrived.
    allowConsoleError(/status of 400/);
  });
});
