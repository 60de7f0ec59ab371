/**
 * Who may change campaigns, promo codes and gift cards on the admin API (issue 26 "Access",
 * "Prices"): anonymous, a shop API key, a customer token get 401; customer service (prices:read)
 * and a content editor (no prices) get 403 on every marketing mutation; a mutation without the
 * CSRF header fails even for a store manager; a refused mutation changes nothing.
 */
import { sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { TEST_API_KEY } from './api-client.ts';
import { customerSession } from './auth-client.ts';
import { addStaff, adminClient, codeOf } from './admin-client.ts';
import {
  CREATE_CAMPAIGN,
  CREATE_PROMO,
  hoursFromNow,
  ISSUE_GIFT_CARD,
  useMarketingApi,
} from './admin-marketing-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

describe.each(testDatabaseKinds())('marketing mutations: access on %s', (kind) => {
  const state = useMarketingApi(kind);

  /** Every marketing mutation with valid variables (ids that exist where it matters). */
  const mutations = () => [
    {
      query: CREATE_CAMPAIGN,
      variables: {
        input: {
          name: 'Otillåten',
          startsAt: hoursFromNow(0),
          percentOff: 10,
          productIds: [state.product.id],
          marketIds: ['SE|SEK'],
        },
      },
    },
    {
      query:
        'mutation { updateCampaign(id: 1, input: { name: "X", startsAt: "2030-01-01T00:00:00Z" }) { id } }',
      variables: {},
    },
    { query: 'mutation { endCampaign(id: 1) { id } }', variables: {} },
    {
      query: CREATE_PROMO,
      variables: {
        code: 'OTILLATEN',
        input: { name: 'X', kind: 'percent', percentBasisPoints: 1000, startsAt: hoursFromNow(0) },
      },
    },
    {
      query:
        'mutation { updatePromoCode(code: "HUNDRA", input: { name: "X", kind: percent, percentBasisPoints: 500, startsAt: "2030-01-01T00:00:00Z" }) { code } }',
      variables: {},
    },
    { query: 'mutation { deactivatePromoCode(code: "HUNDRA") { code } }', variables: {} },
    { query: 'mutation { activatePromoCode(code: "HUNDRA") { code } }', variables: {} },
    { query: ISSUE_GIFT_CARD, variables: { input: { currencyCode: 'SEK', amount: 50000 } } },
    { query: 'mutation { voidGiftCard(code: "ABCD") { status } }', variables: {} },
  ];

  /** Rows the refused mutations would have written. */
  async function counts() {
    const result = (await state.handle.db.execute(sql`select
        (select count(*)::int from price_campaigns) as campaigns,
        (select count(*)::int from promo_codes) as promos,
        (select count(*)::int from gift_cards) as cards,
        (select count(*)::int from audit_log where action not like 'staff.%') as audits`)) as unknown as {
      rows: Array<Record<string, number>>;
    };
    return result.rows[0];
  }

  it('anonymous, a shop API key and a customer token get 401 on every marketing mutation', async () => {
    const before = await counts();
    const customer = await customerSession(state.handle.db, state.config, 'kund@example.se');
    for (const headers of [
      {},
      { 'x-apikey': TEST_API_KEY },
      { authorization: `Bearer ${customer.token}` },
    ] as Array<Record<string, string>>) {
      for (const { query, variables } of mutations()) {
        const answer = await adminClient(state.api).send(query, variables, { headers });
        expect(answer.status, query).toBe(401);
        expect(codeOf(answer)).toBe('UNAUTHENTICATED');
      }
    }
    for (const query of [
      '{ campaigns { id } }',
      '{ promoCodes { code } }',
      '{ giftCard(code: "X") { balance } }',
    ]) {
      expect((await adminClient(state.api).send(query)).status).toBe(401);
    }
    expect(await counts()).toEqual(before);
  });

  it('customer service and a content editor get 403 on every marketing mutation', async () => {
    await addStaff(state.handle, 'kundtjanst@example.se', 'kundtjanst');
    await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor');
    const before = await counts();
    for (const email of ['kundtjanst@example.se', 'redaktor@example.se']) {
      const client = adminClient(state.api);
      expect((await client.login(email)).status).toBe(200);
      for (const { query, variables } of mutations()) {
        const answer = await client.send(query, variables);
        expect(answer.status, `${email}: ${query}`).toBe(403);
        expect(codeOf(answer)).toBe('FORBIDDEN');
      }
    }
    // Customer service reads prices (a customer asks about a code or a card); an editor does not.
    const service = adminClient(state.api);
    await service.login('kundtjanst@example.se');
    expect((await service.send('{ promoCodes { code } }')).status).toBe(200);
    const editor = adminClient(state.api);
    await editor.login('redaktor@example.se');
    expect((await editor.send('{ campaigns { id } }')).status).toBe(403);
    expect(await counts()).toEqual(before);
  });

  it('a store manager without the CSRF header is refused; with it the same mutation works', async () => {
    const before = await counts();
    const [first] = mutations();
    const without = await state.manager.send(first!.query, first!.variables, { csrf: false });
    expect(without.status).toBe(403);
    expect(codeOf(without)).toBe('CSRF');
    const promo = mutations()[3]!;
    expect((await state.manager.send(promo.query, promo.variables, { csrf: false })).status).toBe(
      403,
    );
    expect(await counts()).toEqual(before);
    const withHeader = await state.manager.send(first!.query, first!.variables);
    expect(withHeader.body.errors).toBeUndefined();
    expect((await counts())!.campaigns).toBe(before!.campaigns! + 1);
  });
});
