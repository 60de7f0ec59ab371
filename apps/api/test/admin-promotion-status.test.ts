/**
 * Issue 40 §3 "The expired code SOMMAR20 is listed as Aktiv": a promo code's and a campaign's
 * status follows its dates at the admin API's clock (planned, active, ended) unless turned off
 * by hand (disabled); the lists filter by it; "gäller inte redan nedsatta varor" is set and
 * changed in the promo code form's mutations and kept in the audit log.
 */
import { asc, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import * as schema from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { addStaff, adminClient, useAdminApi, type AdminResponse } from './admin-client.ts';
import {
  CAMPAIGN_FIELDS,
  CREATE_CAMPAIGN,
  CREATE_PROMO,
  PROMO_FIELDS,
} from './admin-marketing-fixture.ts';
import { testDatabaseKinds } from './test-db.ts';

// eslint-disable-next-line @typescript-eslint/no-explicit-any
type Loose = Record<string, any>;

function dataOf(answer: AdminResponse): Loose {
  expect(answer.body.errors).toBeUndefined();
  return answer.body.data as Loose;
}

describe.each(testDatabaseKinds())('promotion statuses in the back office on %s', (kind) => {
  const state = useAdminApi(kind);
  const start = new Date('2026-11-28T09:00:00Z');
  /** A time `hours` from the API's clock at the start, ISO. */
  const at = (hours: number) => new Date(start.getTime() + hours * 3_600_000).toISOString();
  let manager: ReturnType<typeof adminClient>;
  let productId = 0;

  beforeAll(async () => {
    state.clock.now = start;
    // The seed's codes are relative to the real clock: SOMMAR20 ended 30 days before it.
    await seedCatalogue(state.handle.db, { products: 12 });
    await state.handle.db.delete(schema.priceCampaigns);
    const [price] = await state.handle.db
      .select()
      .from(schema.productPrices)
      .where(eq(schema.productPrices.marketId, 'SE|SEK'))
      .orderBy(asc(schema.productPrices.productId))
      .limit(1);
    productId = price!.productId;
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    manager = adminClient(state.api);
    await manager.login('chef@example.se');
  }, 120_000);

  const statuses = async (filter = '') => {
    const list = dataOf(await manager.send(`{ promoCodes${filter} { code status } }`)).promoCodes;
    return Object.fromEntries(list.map((c: Loose) => [c.code, c.status]));
  };
  const percentCode = (startsAt: string, endsAt: string | null) => ({
    name: 'Testkod',
    kind: 'percent',
    percentBasisPoints: 1000,
    startsAt,
    endsAt,
  });

  it('a code is planned, active or ended by its dates at the API’s clock, disabled by hand; the list filters by status', async () => {
    for (const [code, startsAt, endsAt] of [
      ['PLANERAD', at(1), null],
      ['PAGAR', at(-1), at(1)],
      ['SLUTAD', at(-2), at(-1 / 60)],
    ] as const) {
      dataOf(await manager.send(CREATE_PROMO, { code, input: percentCode(startsAt, endsAt) }));
    }
    expect(await statuses()).toMatchObject({
      PLANERAD: 'planned',
      PAGAR: 'active',
      SLUTAD: 'ended',
      SOMMAR20: 'ended',
      VÅR10: 'active',
    });
    const off = dataOf(
      await manager.send('mutation { deactivatePromoCode(code: "PAGAR") { status active } }'),
    );
    expect(off.deactivatePromoCode).toEqual({ status: 'disabled', active: false });
    expect(Object.keys(await statuses('(status: disabled)'))).toEqual(['PAGAR']);
    const ended = Object.keys(await statuses('(status: ended)'));
    expect(ended).toEqual(expect.arrayContaining(['SLUTAD', 'SOMMAR20']));
    expect(ended).not.toContain('PAGAR');
    expect(Object.keys(await statuses('(status: planned)'))).toEqual(['PLANERAD']);
    const one = dataOf(await manager.send('{ promoCode(code: "slutad") { status } }')).promoCode;
    expect(one.status).toBe('ended');

    // Two hours later: the planned code has started, the disabled one has also passed its end.
    state.clock.now = new Date(at(2));
    try {
      expect(await statuses()).toMatchObject({ PLANERAD: 'active', PAGAR: 'disabled' });
      const on = dataOf(
        await manager.send('mutation { activatePromoCode(code: "PAGAR") { status } }'),
      );
      expect(on.activatePromoCode.status).toBe('ended');
    } finally {
      state.clock.now = start;
    }
  });

  it('"gäller inte redan nedsatta varor" is stored with the code, changed, and audited', async () => {
    const created = dataOf(
      await manager.send(CREATE_PROMO, {
        code: 'ORDINARIE',
        input: { ...percentCode(at(-1), null), excludeDiscountedItems: true },
      }),
    ).createPromoCode;
    expect(created).toMatchObject({ excludeDiscountedItems: true, status: 'active' });
    const [row] = await state.handle.db
      .select()
      .from(schema.promoCodes)
      .where(eq(schema.promoCodes.code, 'ORDINARIE'));
    expect(row!.excludeDiscountedItems).toBe(true);
    const updated = dataOf(
      await manager.send(
        `mutation($input: PromoCodeInput!) { updatePromoCode(code: "ORDINARIE", input: $input) { ${PROMO_FIELDS} } }`,
        { input: percentCode(at(-1), null) },
      ),
    ).updatePromoCode;
    expect(updated.excludeDiscountedItems).toBe(false);
    const audit = dataOf(
      await manager.send(
        '{ auditLog(filter: { action: "promo.update" }) { entries { entityId before after } } }',
      ),
    ).auditLog.entries as Loose[];
    const entry = audit.find((e) => e.entityId === 'ORDINARIE')!;
    expect(entry.before.excludeDiscountedItems).toBe(true);
    expect(entry.after.excludeDiscountedItems).toBe(false);
  });

  it('a campaign is planned, active or ended by its dates at the API’s clock; the list filters by status', async () => {
    const create = async (name: string, startsAt: string, endsAt: string) =>
      dataOf(
        await manager.send(CREATE_CAMPAIGN, {
          input: {
            name,
            startsAt,
            endsAt,
            percentOff: 10,
            productIds: [productId],
            marketIds: ['SE|SEK'],
          },
        }),
      ).createCampaign as Loose;
    const planned = await create('Julrea', at(24), at(48));
    const running = await create('Helgrea', at(-1), at(3));
    expect(planned.status).toBe('planned');
    expect(running.status).toBe('active');
    const listed = async (filter = '') =>
      (
        dataOf(await manager.send(`{ campaigns${filter} { name status } }`)).campaigns as Loose[]
      ).map((c) => `${c.name}:${c.status}`);
    expect(await listed('(status: planned)')).toEqual(['Julrea:planned']);
    expect(await listed('(status: active)')).toEqual(['Helgrea:active']);
    const detail = dataOf(
      await manager.send(`{ campaign(id: ${planned.id}) { ${CAMPAIGN_FIELDS} } }`),
    ).campaign;
    expect(detail.status).toBe('planned');

    state.clock.now = new Date(at(4));
    try {
      expect(await listed()).toEqual(expect.arrayContaining(['Julrea:planned', 'Helgrea:ended']));
      expect(await listed('(status: ended)')).toEqual(['Helgrea:ended']);
    } finally {
      state.clock.now = start;
    }
  });
});
