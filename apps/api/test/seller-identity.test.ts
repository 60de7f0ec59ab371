/**
 * The seller's identity from one source (issue 40 §2): with SHOP_LEGAL_NAME,
 * SHOP_ORGANISATION_NUMBER, SHOP_ADDRESS, SHOP_EMAIL and SHOP_PHONE set, the legal pages (the
 * seeded Köpvillkor, Integritetspolicy and Kundtjänst through the shop API), the receipt and the
 * packing slip, the order e-mail's footer and the admin API all name that seller, and none names
 * the made-up example. In production without them: the admin API says receipts cannot be made
 * and which variables are missing, the receipt answers 503, and nothing made up is printed
 * anywhere. On every database kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { extractText, getDocumentProxy } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi } from '../src/admin-app.ts';
import { loadConfig, type Config } from '../src/config.ts';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { createTestClient } from './api-client.ts';
import { addStaff, adminClient, adminTestConfig } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { placeTestOrder, type PlacedOrder } from './placed-orders.ts';
import { ralphUiOperation } from './ralph-ui.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const SELLER_ENV = {
  SHOP_LEGAL_NAME: 'Cykelbolaget i Umeå AB',
  SHOP_ORGANISATION_NUMBER: '556016-0680',
  SHOP_ADDRESS: 'Rådhusesplanaden 2, 903 26 Umeå',
  SHOP_EMAIL: 'hej@cykelbolaget.example',
  SHOP_PHONE: '090-12 34 56',
};

/** What the made-up example seller would print (never with the settings, never in production). */
const EXAMPLE = ['Trampa AB', '556677-8899', 'Storgatan 1, 111 22', 'kundtjanst@trampa.example'];
/** What the seed printed before (issue 40: the legal pages named another company). */
const OLD_SEED = ['Trampa Cykel AB', '559123-4567', 'Hornsgatan 64, 118 21'];

const WIDGET_AREA = ralphUiOperation('global/widget-area.graphql', 'widgetArea');

/** The text of a PDF with every kind of space as one plain space. */
async function pdfText(bytes: ArrayBuffer): Promise<string> {
  const pdf = await getDocumentProxy(new Uint8Array(bytes));
  const { text } = await extractText(pdf, { mergePages: true });
  return text.replace(/\s+/g, ' ');
}

describe.each(testDatabaseKinds())('the seller from one source on %s', (kind) => {
  let handle: DbHandle;
  let outbox: string;
  let order: PlacedOrder;
  const clock = { now: new Date('2026-11-28T09:00:00Z') };
  /** The shop with the seller's variables set (the configuration read from them). */
  let configured: Config;
  /** The shop in production without them. */
  let unset: Config;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 20 });
    await addCartFixture(handle.db);
    outbox = mkdtempSync(join(tmpdir(), 'trampa-seller-outbox-'));
    const base = adminTestConfig();
    const mail = { ...base.mail, outboxDir: outbox };
    configured = { ...base, mail, seller: loadConfig(SELLER_ENV).seller };
    unset = {
      ...base,
      mail,
      nodeEnv: 'production',
      seller: loadConfig({ NODE_ENV: 'production' }, { requireProductionSecrets: false }).seller,
    };
    order = await placeTestOrder(
      createTestClient(handle, configured),
      handle.db,
      [[F.helmet.skuIds[0], 1]],
      'se',
      { shippingId: 1, email: 'saljare.test@example.se' },
    );
    await addStaff(handle, 'chef@example.se', 'butikschef');
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
    if (outbox) rmSync(outbox, { recursive: true, force: true });
  });

  /** The widgets' configurations of a content page, joined. */
  async function pageText(config: Config, alias: string): Promise<string> {
    const client = createTestClient(handle, config);
    const response = await client.post({
      query: WIDGET_AREA,
      variables: { widgetAlias: alias, displaySetting: 'desktop' },
    });
    const body = (await response.json()) as {
      data: { widgetArea: { containers: Array<{ widgets: Array<{ configuration: string }> }> } };
    };
    return body.data.widgetArea.containers
      .flatMap((c) => c.widgets.map((w) => (JSON.parse(w.configuration) as { text: string }).text))
      .join('\n');
  }

  /** A logged-in store manager on the admin API of `config`. */
  async function staffOf(config: Config, ip: string) {
    const api = createAdminApi({ db: handle.db, config, now: () => clock.now });
    const staff = adminClient(api, ip);
    await staff.login('chef@example.se');
    const download = (file: string) =>
      api.fetch(
        new Request(`http://shop.local/admin/orders/${order.id}/${file}`, {
          headers: { cookie: staff.cookie! },
        }),
      );
    const identity = async () =>
      (
        await staff.send(
          `{ adminSellerIdentity { legalName organisationNumber vatNumber address email phone
              receiptsAvailable missingReceiptSettings missingSettings } }`,
        )
      ).body;
    return { download, identity };
  }

  it('the legal and customer-service pages name the configured seller', async () => {
    const terms = await pageText(configured, 'kopvillkor');
    expect(terms).toContain(
      'handlar av Cykelbolaget i Umeå AB (org.nr 556016-0680, momsreg.nr SE556016068001), ' +
        'Rådhusesplanaden 2, 903 26 Umeå, i vår webbutik',
    );
    expect(terms).toContain(
      '<a href="mailto:hej@cykelbolaget.example">hej@cykelbolaget.example</a>',
    );
    expect(terms).toContain('ring 090-12 34 56');
    const privacy = await pageText(configured, 'integritetspolicy');
    expect(privacy).toContain(
      'Cykelbolaget i Umeå AB (org.nr 556016-0680) är personuppgiftsansvarig',
    );
    const service = await pageText(configured, 'kundtjanst');
    expect(service).toContain('<a href="tel:+4690123456">090-12 34 56</a>');
    expect(service).toContain('Post: Cykelbolaget i Umeå AB, Rådhusesplanaden 2, 903 26 Umeå.');
    for (const text of [terms, privacy, service]) {
      expect(text).not.toContain('{{');
      for (const other of [...EXAMPLE, ...OLD_SEED]) expect(text).not.toContain(other);
    }
  });

  it('the receipt and the packing slip name the same seller', async () => {
    const { download } = await staffOf(configured, '10.72.0.1');
    for (const file of ['receipt.pdf', 'packing-slip.pdf']) {
      const answer = await download(file);
      expect(answer.status, file).toBe(200);
      const text = await pdfText(await answer.arrayBuffer());
      expect(text).toContain('Cykelbolaget i Umeå AB');
      expect(text).toContain('Rådhusesplanaden 2, 903 26 Umeå');
      expect(text).toContain('Organisationsnummer: 556016-0680');
      expect(text).toContain('Momsregistreringsnummer: SE556016068001');
      expect(text).toContain('E-post: hej@cykelbolaget.example · Telefon: 090-12 34 56');
      for (const other of [...EXAMPLE, ...OLD_SEED]) expect(text, file).not.toContain(other);
    }
  });

  it("the order e-mail's footer names the seller", async () => {
    await runJobsUntilIdle(handle.db, configured);
    const mails = await readOutbox(outbox, 'saljare.test@example.se');
    const confirmation = mails.find((m) => m.includes(`Ordernummer: ${order.id}.`));
    expect(confirmation).toBeDefined();
    const html = confirmation!.slice(confirmation!.indexOf('<!DOCTYPE'));
    expect(html).toContain(
      'Cykelbolaget i Umeå AB · Rådhusesplanaden 2, 903 26 Umeå · Org.nr 556016-0680',
    );
    expect(html).toContain('hej@cykelbolaget.example · 090-12 34 56');
    for (const other of EXAMPLE) expect(html).not.toContain(other);
  });

  it('the admin API gives the seller and that receipts can be made', async () => {
    const { identity } = await staffOf(configured, '10.72.0.2');
    expect((await identity()).data!.adminSellerIdentity).toEqual({
      legalName: 'Cykelbolaget i Umeå AB',
      organisationNumber: '556016-0680',
      vatNumber: 'SE556016068001',
      address: 'Rådhusesplanaden 2, 903 26 Umeå',
      email: 'hej@cykelbolaget.example',
      phone: '090-12 34 56',
      receiptsAvailable: true,
      missingReceiptSettings: [],
      missingSettings: [],
    });
    const anonymous = adminClient(
      createAdminApi({ db: handle.db, config: configured, now: () => clock.now }),
      '10.72.0.3',
    );
    const refused = await anonymous.send('{ adminSellerIdentity { receiptsAvailable } }');
    expect(refused.body.errors?.[0]?.extensions?.code).toBe('UNAUTHENTICATED');
  });

  it('production without the settings: no receipt, the admin API says what is missing, nothing made up', async () => {
    const { download, identity } = await staffOf(unset, '10.72.0.4');
    expect((await identity()).data!.adminSellerIdentity).toEqual({
      legalName: null,
      organisationNumber: null,
      vatNumber: null,
      address: null,
      email: null,
      phone: null,
      receiptsAvailable: false,
      missingReceiptSettings: ['SHOP_LEGAL_NAME', 'SHOP_ADDRESS', 'SHOP_ORGANISATION_NUMBER'],
      missingSettings: [
        'SHOP_LEGAL_NAME',
        'SHOP_ORGANISATION_NUMBER',
        'SHOP_ADDRESS',
        'SHOP_EMAIL',
        'SHOP_PHONE',
      ],
    });
    const receipt = await download('receipt.pdf');
    expect(receipt.status).toBe(503);
    expect(await receipt.text()).toContain(
      'sätt SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_ORGANISATION_NUMBER och starta om butiken',
    );
    const slip = await download('packing-slip.pdf');
    expect(slip.status).toBe(200);
    const slipText = await pdfText(await slip.arrayBuffer());
    // The trade name (SHOP_NAME) as the sender; no numbers, no made-up company.
    expect(slipText).toContain('Trampa');
    expect(slipText).not.toContain('Organisationsnummer');
    for (const other of [...EXAMPLE, ...OLD_SEED]) expect(slipText).not.toContain(other);
    const terms = await pageText(unset, 'kopvillkor');
    expect(terms).toContain(
      'handlar av (uppgift saknas) (org.nr (uppgift saknas), momsreg.nr (uppgift saknas))',
    );
    for (const other of [...EXAMPLE, ...OLD_SEED]) expect(terms).not.toContain(other);
    // The order e-mail's footer leaves the seller out.
    const client = createTestClient(handle, unset);
    const second = await placeTestOrder(client, handle.db, [[F.helmet.skuIds[0], 1]], 'se', {
      shippingId: 1,
      email: 'utan.saljare@example.se',
    });
    await runJobsUntilIdle(handle.db, unset);
    const mail = (await readOutbox(outbox, 'utan.saljare@example.se')).find((m) =>
      m.includes(`Ordernummer: ${second.id}.`),
    );
    expect(mail).toBeDefined();
    expect(mail).not.toContain('Org.nr');
    for (const other of EXAMPLE) expect(mail).not.toContain(other);
  });
});
