/**
 * Stock in the back office (issue 26 "Stock per SKU and store"): who may read and adjust it,
 * CSRF, adjustments with a reason in the web stock and a store (history and audit entries),
 * refused adjustments that change nothing, restock dates, search by SKU/EAN/name, the shop API
 * seeing the new status at once, and the back-in-stock mails of issue 17 queued (and sent) on
 * 0 → n but not on n → m. On every database kind.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  auditLog,
  availabilitySubscriptions,
  jobs,
  skus,
  stock,
  stockAdjustments,
} from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { monitorProductAvailability } from '../src/modules/engagement/availability.service.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { readOutbox } from '../src/modules/mail/mail.service.ts';
import { TEST_API_KEY, createTestClient } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

const ADJUST = `mutation($input: AdjustStockInput!) { adjustStock(input: $input) {
  adjustmentId quantityBefore quantityAfter backInStockMails
  item { skuId inStock status stores { storeId quantity } } } }`;
const SEARCH = `query($q: String!) { stockSearch(query: $q) {
  skuId articleNumber ean size productName inStock status incoming stores { alias quantity } } }`;
const INCOMING = `mutation($skuId: Int!, $incoming: String) {
  setIncomingDate(skuId: $skuId, incoming: $incoming) { skuId incoming } }`;
const PRODUCT_STOCK = `query($alias: String!) { product(alias: $alias) {
  totalStock { inStock } skus { skuId stock { inStock totalStock } } } }`;

const HELMET_M = F.helmet.skuIds[0];
const HELMET_L = F.helmet.skuIds[1];
const quiet = { info() {}, error() {} };

describe.each(testDatabaseKinds())('admin stock on %s', (kind) => {
  const state = useAdminApi(kind);
  const manager = () => adminClient(state.api, '10.70.0.1');
  let chef: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    await seedCatalogue(state.handle.db, { products: 20 });
    await addCartFixture(state.handle.db);
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    chef = manager();
    expect((await chef.login('chef@example.se')).status).toBe(200);
  }, 120_000);

  const webStock = async (skuId: number) =>
    (await state.handle.db.select().from(stock).where(eq(stock.skuId, skuId)))[0]?.inStock;

  it('refuses anonymous callers, a shop API key and a customer token (401)', async () => {
    const customer = await customerSession(state.handle.db, state.config, 'kund@example.se');
    const variants: Array<Record<string, string>> = [
      {},
      { 'x-apikey': TEST_API_KEY },
      { authorization: `Bearer ${customer.token}` },
    ];
    for (const headers of variants) {
      const adjust = await adminClient(state.api).send(
        ADJUST,
        { input: { skuId: HELMET_M, change: 5, reason: 'inleverans' } },
        { headers },
      );
      expect(adjust.status).toBe(401);
      expect(codeOf(adjust)).toBe('UNAUTHENTICATED');
      const search = await adminClient(state.api).send(SEARCH, { q: 'CART' }, { headers });
      expect(search.status).toBe(401);
    }
    expect(await webStock(HELMET_M)).toBe(10);
  });

  it('refuses a content editor (403), and customer service may read but not adjust', async () => {
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    const editor = adminClient(state.api, '10.70.0.2');
    await editor.login('redaktor@example.se');
    for (const [query, variables] of [
      [ADJUST, { input: { skuId: HELMET_M, change: 5, reason: 'inleverans' } }],
      [INCOMING, { skuId: HELMET_M, incoming: '2026-12-24' }],
      [SEARCH, { q: 'CART' }],
    ] as const) {
      const answer = await editor.send(query, variables);
      expect(answer.status).toBe(403);
      expect(codeOf(answer)).toBe('FORBIDDEN');
    }
    const service = adminClient(state.api, '10.70.0.3');
    await service.login('kundtjanst@example.se');
    expect((await service.send(SEARCH, { q: 'CART' })).status).toBe(200);
    const adjust = await service.send(ADJUST, {
      input: { skuId: HELMET_M, change: 5, reason: 'inleverans' },
    });
    expect(codeOf(adjust)).toBe('FORBIDDEN');
    expect(await webStock(HELMET_M)).toBe(10);
  });

  it('refuses an adjustment without the CSRF header, with a valid session', async () => {
    const answer = await chef.send(
      ADJUST,
      { input: { skuId: HELMET_M, change: 5, reason: 'inleverans' } },
      { csrf: false },
    );
    expect(answer.status).toBe(403);
    expect(codeOf(answer)).toBe('CSRF');
    expect(await webStock(HELMET_M)).toBe(10);
  });

  it('adjusts the web stock with a reason: history row and audit entry with before/after', async () => {
    const answer = await chef.send(ADJUST, {
      input: { skuId: HELMET_M, change: 4, reason: 'inleverans', note: 'Följesedel 123' },
    });
    expect(answer.body.errors).toBeUndefined();
    expect(answer.body.data?.adjustStock).toMatchObject({
      quantityBefore: 10,
      quantityAfter: 14,
      backInStockMails: 0,
      item: { skuId: HELMET_M, inStock: 14, status: 'in-stock' },
    });
    const counted = await chef.send(ADJUST, {
      input: { skuId: HELMET_M, quantity: 3, reason: 'inventering' },
    });
    expect(counted.body.data?.adjustStock).toMatchObject({
      quantityBefore: 14,
      quantityAfter: 3,
      item: { inStock: 3, status: 'few-left' },
    });
    const history = await chef.send(
      `query($id: Int!) { stockHistory(skuId: $id) { reason change quantityBefore quantityAfter note storeId staffEmail } }`,
      { id: HELMET_M },
    );
    expect(history.body.data?.stockHistory).toEqual([
      {
        reason: 'inventering',
        change: -11,
        quantityBefore: 14,
        quantityAfter: 3,
        note: '',
        storeId: null,
        staffEmail: 'chef@example.se',
      },
      {
        reason: 'inleverans',
        change: 4,
        quantityBefore: 10,
        quantityAfter: 14,
        note: 'Följesedel 123',
        storeId: null,
        staffEmail: 'chef@example.se',
      },
    ]);
    const entries = await state.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'stock.adjust'), eq(auditLog.entityId, String(HELMET_M))))
      .orderBy(auditLog.id);
    expect(entries.map((e) => [e.staffEmail, e.before, e.after])).toEqual([
      [
        'chef@example.se',
        { skuId: HELMET_M, articleNumber: `CART-${HELMET_M}`, storeId: null, quantity: 10 },
        {
          skuId: HELMET_M,
          articleNumber: `CART-${HELMET_M}`,
          storeId: null,
          quantity: 14,
          change: 4,
          reason: 'inleverans',
          note: 'Följesedel 123',
        },
      ],
      [
        'chef@example.se',
        { skuId: HELMET_M, articleNumber: `CART-${HELMET_M}`, storeId: null, quantity: 14 },
        {
          skuId: HELMET_M,
          articleNumber: `CART-${HELMET_M}`,
          storeId: null,
          quantity: 3,
          change: -11,
          reason: 'inventering',
          note: '',
        },
      ],
    ]);
  });

  it("adjusts a store's shelf, also one that had no row; the web stock is untouched", async () => {
    const before = await webStock(HELMET_M);
    const answer = await chef.send(ADJUST, {
      input: { skuId: HELMET_M, storeId: 2, change: 2, reason: 'retur' },
    });
    expect(answer.body.data?.adjustStock).toMatchObject({ quantityBefore: 0, quantityAfter: 2 });
    const stores = (answer.body.data?.adjustStock as { item: { stores: unknown[] } }).item.stores;
    expect(stores).toContainEqual({ storeId: 1, quantity: 3 });
    expect(stores).toContainEqual({ storeId: 2, quantity: 2 });
    expect(await webStock(HELMET_M)).toBe(before);
    const [row] = await state.handle.db
      .select()
      .from(stockAdjustments)
      .where(eq(stockAdjustments.storeId, 2));
    expect(row).toMatchObject({ skuId: HELMET_M, reason: 'retur', change: 2 });
  });

  it('refuses bad adjustments with typed errors and changes nothing', async () => {
    const countBefore = await state.handle.db.$count(stockAdjustments);
    const cases: Array<[Record<string, unknown>, string, string | undefined]> = [
      [{ skuId: HELMET_M, change: -1000, reason: 'svinn' }, 'BAD_USER_INPUT', 'change'],
      [
        { skuId: HELMET_M, change: 1, quantity: 2, reason: 'korrigering' },
        'BAD_USER_INPUT',
        'quantity',
      ],
      [{ skuId: HELMET_M, reason: 'korrigering' }, 'BAD_USER_INPUT', 'change'],
      [{ skuId: HELMET_M, change: 0, reason: 'korrigering' }, 'BAD_USER_INPUT', 'change'],
      [{ skuId: HELMET_M, quantity: -1, reason: 'inventering' }, 'BAD_USER_INPUT', 'quantity'],
      [{ skuId: HELMET_M, storeId: 999, change: 1, reason: 'retur' }, 'NOT_FOUND', 'storeId'],
      [{ skuId: 123456789, change: 1, reason: 'retur' }, 'NOT_FOUND', 'skuId'],
    ];
    for (const [input, code, argument] of cases) {
      const answer = await chef.send(ADJUST, { input });
      expect(codeOf(answer), JSON.stringify(input)).toBe(code);
      expect(answer.body.errors?.[0]?.extensions?.argument).toBe(argument);
    }
    const unknownReason = await chef.send(ADJUST, {
      input: { skuId: HELMET_M, change: 1, reason: 'stold' },
    });
    expect(unknownReason.body.errors).toHaveLength(1);
    expect(await state.handle.db.$count(stockAdjustments)).toBe(countBefore);
  });

  it('sets and clears the restock date, with audit entries; refuses a non-date', async () => {
    const set = await chef.send(INCOMING, { skuId: HELMET_L, incoming: '2026-12-24' });
    expect(set.body.data?.setIncomingDate).toEqual({ skuId: HELMET_L, incoming: '2026-12-24' });
    for (const incoming of ['2026-02-30', '24/12/2026', '']) {
      const bad = await chef.send(INCOMING, { skuId: HELMET_L, incoming });
      expect(codeOf(bad)).toBe('BAD_USER_INPUT');
    }
    const cleared = await chef.send(INCOMING, { skuId: HELMET_L, incoming: null });
    expect(cleared.body.data?.setIncomingDate).toEqual({ skuId: HELMET_L, incoming: null });
    const entries = await state.handle.db
      .select({ before: auditLog.before, after: auditLog.after })
      .from(auditLog)
      .where(eq(auditLog.action, 'stock.incoming'))
      .orderBy(auditLog.id);
    expect(
      entries.map((e) => [
        (e.before as { incoming: unknown }).incoming,
        (e.after as { incoming: unknown }).incoming,
      ]),
    ).toEqual([
      [null, '2026-12-24'],
      ['2026-12-24', null],
    ]);
  });

  it('finds SKUs by article number, EAN and product name', async () => {
    await state.handle.db.update(skus).set({ gtin: '7391234567890' }).where(eq(skus.id, HELMET_L));
    const bySku = await chef.send(SEARCH, { q: `cart-${HELMET_L}` });
    expect((bySku.body.data?.stockSearch as Array<{ skuId: number }>)[0]).toMatchObject({
      skuId: HELMET_L,
      size: 'M/L',
      ean: '7391234567890',
      productName: 'Testhjälm Abus',
    });
    const byEan = await chef.send(SEARCH, { q: '7391234567890' });
    expect((byEan.body.data?.stockSearch as unknown[]).length).toBe(1);
    const byName = await chef.send(SEARCH, { q: 'testhjälm' });
    expect(
      (byName.body.data?.stockSearch as Array<{ skuId: number }>).map((s) => s.skuId).sort(),
    ).toEqual([HELMET_M, HELMET_L].sort());
    const wildcard = await chef.send(SEARCH, { q: '%' });
    expect(wildcard.body.data?.stockSearch).toEqual([]);
  });

  it('queues the back-in-stock mails on 0 → n (sent by the job), not on n → m', async () => {
    const outbox = mkdtempSync(join(tmpdir(), 'trampa-lager-'));
    state.config.mail = { outboxDir: outbox };
    const shop = createTestClient(state.handle, state.config);
    const alias = `cart-test-${F.helmet.productId}`;
    try {
      await chef.send(ADJUST, { input: { skuId: HELMET_L, quantity: 0, reason: 'svinn' } });
      const soldOut = await shop.query(PRODUCT_STOCK, { alias });
      expect(soldOut.data).toBeTruthy();
      const skuStock = (data: unknown) =>
        (
          data as { product: { skus: Array<{ skuId: number; stock: { inStock: number } }> } }
        ).product.skus.find((s) => s.skuId === HELMET_L)?.stock.inStock;
      expect(skuStock(soldOut.data)).toBe(0);
      const now = state.clock.now;
      expect(
        await monitorProductAvailability(
          state.handle.db,
          { email: 'vantar@example.se', skuId: HELMET_L },
          now,
        ),
      ).toBe(true);
      const mailJobs = () =>
        state.handle.db.select().from(jobs).where(eq(jobs.kind, 'back-in-stock'));
      expect(await mailJobs()).toHaveLength(0);

      const raised = await chef.send(ADJUST, {
        input: { skuId: HELMET_L, change: 3, reason: 'inleverans' },
      });
      expect(raised.body.data?.adjustStock).toMatchObject({
        quantityBefore: 0,
        quantityAfter: 3,
        backInStockMails: 1,
      });
      expect((await mailJobs()).map((j) => j.payload)).toEqual([
        { skuId: HELMET_L, email: 'vantar@example.se' },
      ]);
      // The shop API shows the new stock at once (no cache holds it).
      expect(skuStock((await shop.query(PRODUCT_STOCK, { alias })).data)).toBe(3);

      // An open request on a SKU already in stock (the scan has not run): n → m queues nothing.
      await state.handle.db
        .insert(availabilitySubscriptions)
        .values({ skuId: HELMET_L, email: 'sen@example.se', createdAt: now });
      const more = await chef.send(ADJUST, {
        input: { skuId: HELMET_L, change: 2, reason: 'inleverans' },
      });
      expect(more.body.data?.adjustStock).toMatchObject({
        quantityAfter: 5,
        backInStockMails: 0,
      });
      expect(await mailJobs()).toHaveLength(1);

      // The existing job sends the mail (issue 17's template), once.
      await runJobsUntilIdle(state.handle.db, state.config, {
        now: () => state.clock.now,
        log: quiet,
        kinds: ['back-in-stock'],
      });
      const mails = await readOutbox(outbox, 'vantar@example.se');
      expect(mails).toHaveLength(1);
      expect(mails[0]).toContain('Testhj');
    } finally {
      rmSync(outbox, { recursive: true, force: true });
    }
  });

  it('the shop API never exposes the stock mutations', async () => {
    const { printApiSchema } = await import('../src/graphql/print-schema.ts');
    const shop = printApiSchema();
    for (const name of ['adjustStock', 'stockSearch', 'setIncomingDate', 'StockAdjustment']) {
      expect(shop).not.toContain(name);
    }
  });
});
