/**
 * Security events of the back office in the audit log (issue 41 §8): every failed login
 * (`staff.login_failed`: unknown account, wrong password, wrong two-factor code, locked) and
 * every operation refused for the role (`staff.forbidden`) is recorded with who and from where,
 * never with the password; one address cannot flood the log (at most 20 entries per action in
 * 10 minutes). And `refundOrder` refuses `full` together with `lines`. On every database kind.
 */
import { and, eq } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { auditLog } from '../src/db/schema.ts';
import { SECURITY_EVENTS_PER_ADDRESS } from '../src/modules/audit/security-events.ts';
import { addStaff, adminClient, codeOf, STAFF_PASSWORD, useAdminApi } from './admin-client.ts';
import { testDatabaseKinds } from './test-db.ts';

describe.each(testDatabaseKinds())('back-office security events on %s', (kind) => {
  const state = useAdminApi(kind);
  let editorId: number;

  beforeAll(async () => {
    await addStaff(state.handle, 'chef@example.se', 'butikschef');
    editorId = (await addStaff(state.handle, 'redaktor@example.se', 'innehallsredaktor')).id;
  }, 120_000);

  const entries = (action: string) =>
    state.handle.db.select().from(auditLog).where(eq(auditLog.action, action));

  it('records a wrong password and an unknown account, with the address and without the password', async () => {
    const client = adminClient(state.api, '10.41.8.1');
    expect(codeOf(await client.login('chef@example.se', 'fel-losenord-999'))).toBe(
      'UNAUTHENTICATED',
    );
    expect(codeOf(await client.login('ingen@example.se', 'fel-losenord-999'))).toBe(
      'UNAUTHENTICATED',
    );
    const failed = await state.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.login_failed'), eq(auditLog.ip, '10.41.8.1')));
    expect(failed.map((e) => e.after)).toEqual([
      { email: 'chef@example.se', reason: 'password' },
      { email: 'ingen@example.se', reason: 'unknown-account' },
    ]);
    expect(failed[0]!.entityType).toBe('staff_user');
    expect(failed[0]!.entityId).not.toBeNull();
    expect(failed[1]!.entityId).toBeNull();
    expect(JSON.stringify(failed)).not.toContain('fel-losenord-999');
    // A right login is the usual staff.login, not a failure.
    expect((await client.login('chef@example.se', STAFF_PASSWORD)).status).toBe(200);
    expect(await entries('staff.login_failed')).toHaveLength(2);
  });

  it('one address cannot flood the log: at most 20 failed-login entries in 10 minutes', async () => {
    const client = adminClient(state.api, '10.41.8.2');
    for (let i = 0; i < SECURITY_EVENTS_PER_ADDRESS + 10; i++) {
      const answer = await client.login(`prov-${i}@example.se`, 'fel-losenord-999');
      expect(['UNAUTHENTICATED', 'RATE_LIMITED']).toContain(codeOf(answer));
    }
    const fromThere = await state.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.login_failed'), eq(auditLog.ip, '10.41.8.2')));
    expect(fromThere).toHaveLength(SECURITY_EVENTS_PER_ADDRESS);
    // Another address is recorded still.
    await adminClient(state.api, '10.41.8.3').login('chef@example.se', 'fel-losenord-999');
    const other = await state.handle.db
      .select()
      .from(auditLog)
      .where(and(eq(auditLog.action, 'staff.login_failed'), eq(auditLog.ip, '10.41.8.3')));
    expect(other).toHaveLength(1);
  });

  it('records an operation refused for the role, with the staff user and the refused field', async () => {
    const editor = adminClient(state.api, '10.41.8.4');
    expect((await editor.login('redaktor@example.se')).status).toBe(200);
    const refused = await editor.send('query OrderList { adminOrders(take: 5) { total } }');
    expect(codeOf(refused)).toBe('FORBIDDEN');
    const [entry] = await entries('staff.forbidden');
    expect(entry).toMatchObject({
      staffUserId: editorId,
      staffEmail: 'redaktor@example.se',
      ip: '10.41.8.4',
      entityType: 'operation',
      entityId: 'OrderList',
      after: { operation: 'query', role: 'innehallsredaktor', fields: ['adminOrders'] },
    });
    // What the role may do is not recorded.
    const allowed = await editor.send('{ contentPages { id } }');
    expect(allowed.body.errors).toBeUndefined();
    expect(await entries('staff.forbidden')).toHaveLength(1);
  });

  it('refuses a refund of the whole order together with lines', async () => {
    const chef = adminClient(state.api, '10.41.8.5');
    expect((await chef.login('chef@example.se')).status).toBe(200);
    const answer = await chef.send(
      'mutation($i: AdminRefundInput!) { refundOrder(input: $i) { id } }',
      { i: { orderId: 1, full: true, lines: [{ lineNo: 1, quantity: 1 }] } },
    );
    expect(codeOf(answer)).toBe('BAD_USER_INPUT');
    expect(answer.body.errors?.[0]?.message).toContain(
      'välj antingen hela ordern eller enskilda rader, inte båda',
    );
  });
});
