/**
 * Hostile text in the back-office API (issue 41 §4): a NUL character (PostgreSQL text cannot
 * hold U+0000) or a lone UTF-16 surrogate (not UTF-8) in any text input — searches, filters,
 * order notes, refund reasons, promo codes, an imported CSV's product name — is refused with
 * BAD_USER_INPUT and a Swedish message before anything runs: nothing written, no SQL in the
 * log. A CSV file that was not UTF-8 (Latin-1) is refused naming the encoding instead of
 * importing mangled names. On every database kind.
 */
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAdminApi, type AdminApi } from '../src/admin-app.ts';
import type { DbHandle } from '../src/db/client.ts';
import { orderNotes, orderRefundRows, products } from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient } from './api-client.ts';
import { addStaff, adminClient, adminTestConfig, codeOf } from './admin-client.ts';
import { addCartFixture, CART_FIXTURE as F } from './cart-fixture.ts';
import { sampleCatalogueCsv, withCell } from './csv-sample.ts';
import { sampleRefs } from './csv-sample-refs.ts';
import { capturedLogger } from './log-capture.ts';
import { placeTestOrder, type PlacedOrder } from './placed-orders.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const HOSTILE = {
  'a NUL character': 'Cykel\u0000hjälm',
  'a lone high surrogate': 'Cykel\uD83Dhjälm',
  'a lone low surrogate': 'Cykel\uDE00hjälm',
};

const IMPORT = `mutation($csv: String!) { importCatalogueCsv(csv: $csv) {
  ok rows created errors { row column message } } }`;

describe.each(testDatabaseKinds())('hostile text in the admin API on %s', (kind) => {
  let handle: DbHandle;
  let api: AdminApi;
  let order: PlacedOrder;
  const log = capturedLogger('debug');
  const config = adminTestConfig();
  const admin = () => {
    const client = adminClient(api, '10.41.4.1');
    return client;
  };
  let chef: ReturnType<typeof adminClient>;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    api = createAdminApi({ db: handle.db, config, logger: log.logger });
    await seedCatalogue(handle.db, { products: 10 });
    await addCartFixture(handle.db);
    order = await placeTestOrder(createTestClient(handle, config), handle.db, [[F.bike.skuId, 1]]);
    await addStaff(handle, 'chef@example.se', 'butikschef');
    chef = admin();
    expect((await chef.login('chef@example.se')).status).toBe(200);
  }, 120_000);
  afterAll(async () => {
    await handle?.close();
  });

  /** Every text input the review found answering INTERNAL_SERVER_ERROR, as [query, variables]. */
  const requests = (text: string): Array<[string, string, Record<string, unknown>]> => [
    ['customerSearch', 'query($q: String) { customerSearch(query: $q) { total } }', { q: text }],
    ['stockSearch', 'query($q: String!) { stockSearch(query: $q) { skuId } }', { q: text }],
    ['adminProducts', 'query($q: String) { adminProducts(search: $q) { total } }', { q: text }],
    ['promoCode', 'query($c: String!) { promoCode(code: $c) { code } }', { c: text }],
    [
      'auditLog',
      'query($f: AuditLogFilter) { auditLog(filter: $f) { total } }',
      { f: { action: text } },
    ],
    [
      'addOrderNote',
      'mutation($id: Int!, $t: String!) { addOrderNote(orderId: $id, text: $t) { id } }',
      { id: order.id, t: text },
    ],
    [
      'refundOrder',
      'mutation($i: AdminRefundInput!) { refundOrder(input: $i) { id } }',
      { i: { orderId: order.id, full: true, reason: text } },
    ],
  ];

  for (const [what, text] of Object.entries(HOSTILE)) {
    it(`refuses ${what} in every text input with BAD_USER_INPUT in Swedish, writing nothing`, async () => {
      const before = log.raw.length;
      for (const [name, query, variables] of requests(text)) {
        const answer = await chef.send(query, variables);
        expect(answer.status, name).toBe(400);
        expect(codeOf(answer), name).toBe('BAD_USER_INPUT');
        expect(answer.body.errors?.[0]?.message, name).toMatch(
          /innehåller ett tecken som inte är tillåtet/,
        );
      }
      // The same text as a string literal in the document: refused as unsafe text (NUL) or as
      // a document that does not parse (a lone surrogate is no GraphQL source character; HTTP
      // 200 then, as GraphQL over HTTP has it for application/json).
      const literal = await chef.send(`{ customerSearch(query: "${text}") { total } }`);
      expect(['BAD_USER_INPUT', 'GRAPHQL_PARSE_FAILED']).toContain(codeOf(literal));
      if (codeOf(literal) === 'BAD_USER_INPUT')
        expect(literal.body.errors?.[0]?.message).toMatch(/^En textparameter innehåller/);
      expect(await handle.db.$count(orderNotes, eq(orderNotes.orderId, order.id))).toBe(0);
      expect(await handle.db.$count(orderRefundRows, eq(orderRefundRows.orderId, order.id))).toBe(
        0,
      );
      const lines = log.raw.slice(before).join('\n');
      expect(lines).not.toMatch(/select |insert |invalid byte sequence|Unexpected error/i);
    });
  }

  it('refuses a CSV whose product name holds a NUL, importing nothing', async () => {
    const refs = await sampleRefs(handle.db);
    const csv = withCell(sampleCatalogueCsv(2, refs, 'NUL'), 2, 'namn', 'Hj\u0000lm');
    const answer = await chef.send(IMPORT, { csv });
    expect(answer.status).toBe(400);
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(answer.body.errors?.[0]?.message).toMatch(/^\$csv innehåller ett tecken/);
    expect(await handle.db.$count(products, like(products.articleNumber, 'NUL-%'))).toBe(0);
  });

  it('refuses a CSV that was saved as Latin-1, naming the encoding, and imports nothing', async () => {
    const refs = await sampleRefs(handle.db);
    // Product 1's two sizes are rows 2 and 3.
    const named = (csv: string) =>
      withCell(withCell(csv, 2, 'namn', 'Cykelhjälm Åre'), 3, 'namn', 'Cykelhjälm Åre');
    const utf8 = named(sampleCatalogueCsv(2, refs, 'LATIN'));
    // The bytes of a Latin-1 file, read as the back office reads a file (File.text(): UTF-8).
    const text = new TextDecoder('utf-8').decode(
      Buffer.from(utf8.replace(/^\uFEFF/, ''), 'latin1'),
    );
    expect(text).toContain('\uFFFD');
    const answer = await chef.send(IMPORT, { csv: text });
    expect(answer.body.errors).toBeUndefined();
    const result = answer.body.data?.importCatalogueCsv as {
      ok: boolean;
      created: number;
      errors: Array<{ row: number; column: string; message: string }>;
    };
    expect(result.ok).toBe(false);
    expect(result.created).toBe(0);
    expect(result.errors).toEqual([
      {
        row: 2,
        column: '',
        message: expect.stringMatching(/^Filen är inte UTF-8-kodad: rad 2 .*Latin-1.*CSV UTF-8/),
      },
    ]);
    expect(await handle.db.$count(products, like(products.articleNumber, 'LATIN-%'))).toBe(0);
    // The same file as UTF-8 imports.
    const ok = await chef.send(IMPORT, { csv: utf8 });
    expect(ok.body.data?.importCatalogueCsv.errors).toEqual([]);
    expect(ok.body.data?.importCatalogueCsv.ok).toBe(true);
    const found = await handle.db
      .select({ name: products.name })
      .from(products)
      .where(and(like(products.articleNumber, 'LATIN-%'), eq(products.name, 'Cykelhjälm Åre')));
    expect(found).toHaveLength(1);
  });
});
