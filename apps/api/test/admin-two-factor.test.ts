/**
 * Optional TOTP two-factor login for staff (issue 26 "Access"; ADR 017), on PGlite and
 * PostgreSQL: setting it up needs a code of the new secret; then a login without a code gets
 * TWO_FACTOR_REQUIRED, a wrong code and a used code are refused, a right code logs in; the
 * secret is stored sealed; turning it off needs a code; an administrator can reset it; every
 * change is in the audit log. Codes are made with otplib from the secret the API hands out, at
 * the API's (frozen) clock.
 */
import { eq } from 'drizzle-orm';
import { generate } from 'otplib';
import { describe, expect, it } from 'vitest';
import { staffUsers } from '../src/modules/staff/staff.tables.ts';
import { addStaff, adminClient, codeOf, STAFF_PASSWORD, useAdminApi } from './admin-client.ts';
import { testDatabaseKinds } from './test-db.ts';

const LOGIN =
  'mutation($email: String!, $password: String!, $code: String) { login(email: $email, password: $password, code: $code) { id twoFactorEnabled } }';

describe.each(testDatabaseKinds())('admin two-factor login on %s', (kind) => {
  const state = useAdminApi(kind);
  /** The code of `secret` at the API's clock plus `offsetSeconds`. */
  const codeAt = (secret: string, offsetSeconds = 0) =>
    generate({ secret, epoch: Math.floor(state.clock.now.getTime() / 1000) + offsetSeconds });

  it('is set up with a code, then every login needs a fresh code', async () => {
    const user = await addStaff(state.handle, 'totp@example.se', 'kundtjanst');
    const staff = adminClient(state.api, '10.30.0.1');
    expect(codeOf(await staff.login('totp@example.se'))).toBeUndefined();
    const setup = await staff.send('mutation { startTwoFactorSetup { secret uri qrSvg } }');
    const { secret, uri, qrSvg } = setup.body.data?.startTwoFactorSetup as {
      secret: string;
      uri: string;
      qrSvg: string;
    };
    expect(secret).toMatch(/^[A-Z2-7]{16,}$/);
    expect(uri).toContain(`secret=${secret}`);
    expect(uri).toMatch(/^otpauth:\/\/totp\//);
    expect(qrSvg).toContain('<svg');

    // The secret is stored sealed, never as it is.
    const [pending] = await state.handle.db
      .select({ pending: staffUsers.totpPendingSecret, on: staffUsers.totpSecret })
      .from(staffUsers)
      .where(eq(staffUsers.id, user.id));
    expect(pending?.on).toBeNull();
    expect(pending?.pending).toMatch(/^v1\./);
    expect(pending?.pending).not.toContain(secret);

    const wrong = await staff.send('mutation($c: String!) { confirmTwoFactorSetup(code: $c) }', {
      c: '000000',
    });
    expect(wrong.body.errors?.[0]?.extensions).toMatchObject({
      code: 'BAD_USER_INPUT',
      locale: 'sv',
      argument: 'code',
    });
    const confirmed = await staff.send(
      'mutation($c: String!) { confirmTwoFactorSetup(code: $c) }',
      { c: await codeAt(secret) },
    );
    expect(confirmed.body.data?.confirmTwoFactorSetup).toBe(true);
    const me = await staff.send('{ activeAdministrator { twoFactorEnabled } }');
    expect(me.body.data?.activeAdministrator).toEqual({ twoFactorEnabled: true });

    // A new browser: the password alone is not enough.
    const browser = adminClient(state.api, '10.30.0.2');
    const noCode = await browser.send(LOGIN, {
      email: 'totp@example.se',
      password: STAFF_PASSWORD,
    });
    expect(codeOf(noCode)).toBe('TWO_FACTOR_REQUIRED');
    expect(noCode.status).toBe(401);
    expect(noCode.setCookie).toBeNull();
    // The code of the confirmation was used: the same period is refused.
    const reused = await browser.send(LOGIN, {
      email: 'totp@example.se',
      password: STAFF_PASSWORD,
      code: await codeAt(secret),
    });
    expect(codeOf(reused)).toBe('UNAUTHENTICATED');
    expect(reused.body.errors?.[0]?.message).toBe('Wrong two-factor code');
    // The wrong password with a right code still fails as a wrong password.
    state.clock.now = new Date(state.clock.now.getTime() + 30_000);
    const wrongPassword = await browser.send(LOGIN, {
      email: 'totp@example.se',
      password: 'fel-losenord-123',
      code: await codeAt(secret),
    });
    expect(wrongPassword.body.errors?.[0]?.message).toBe('Wrong e-mail or password');
    // The next period's code logs in, once.
    const ok = await browser.send(LOGIN, {
      email: 'totp@example.se',
      password: STAFF_PASSWORD,
      code: await codeAt(secret),
    });
    expect(ok.body.data?.login).toEqual({ id: user.id, twoFactorEnabled: true });
    expect(ok.setCookie).toContain('trampa-admin-session=');
    const again = await adminClient(state.api, '10.30.0.3').send(LOGIN, {
      email: 'totp@example.se',
      password: STAFF_PASSWORD,
      code: await codeAt(secret),
    });
    expect(codeOf(again)).toBe('UNAUTHENTICATED');

    // Turning it off needs a current code.
    state.clock.now = new Date(state.clock.now.getTime() + 30_000);
    const offWrong = await browser.send('mutation { disableTwoFactor(code: "123 456") }');
    expect(codeOf(offWrong)).toBe('BAD_USER_INPUT');
    const off = await browser.send('mutation($c: String!) { disableTwoFactor(code: $c) }', {
      c: await codeAt(secret),
    });
    expect(off.body.data?.disableTwoFactor).toBe(true);
    const plain = await adminClient(state.api, '10.30.0.4').login('totp@example.se');
    expect(codeOf(plain)).toBeUndefined();
  });

  it('two parallel logins with one code: only one gets in', async () => {
    await addStaff(state.handle, 'race@example.se', 'kundtjanst');
    const staff = adminClient(state.api, '10.31.0.1');
    await staff.login('race@example.se');
    const setup = await staff.send('mutation { startTwoFactorSetup { secret } }');
    const { secret } = setup.body.data?.startTwoFactorSetup as { secret: string };
    await staff.send('mutation($c: String!) { confirmTwoFactorSetup(code: $c) }', {
      c: await codeAt(secret),
    });
    state.clock.now = new Date(state.clock.now.getTime() + 30_000);
    const code = await codeAt(secret);
    const answers = await Promise.all(
      [1, 2, 3, 4].map((n) =>
        adminClient(state.api, `10.31.1.${n}`).send(LOGIN, {
          email: 'race@example.se',
          password: STAFF_PASSWORD,
          code,
        }),
      ),
    );
    expect(answers.filter((a) => a.body.data?.login).length).toBe(1);
  });

  it('an administrator resets a lost phone; the audit log has every change', async () => {
    const boss = await addStaff(state.handle, 'boss2fa@example.se', 'administrator');
    const user = await addStaff(state.handle, 'lost@example.se', 'butikschef');
    const staff = adminClient(state.api, '10.32.0.1');
    await staff.login('lost@example.se');
    const setup = await staff.send('mutation { startTwoFactorSetup { secret } }');
    const { secret } = setup.body.data?.startTwoFactorSetup as { secret: string };
    state.clock.now = new Date(state.clock.now.getTime() + 30_000);
    await staff.send('mutation($c: String!) { confirmTwoFactorSetup(code: $c) }', {
      c: await codeAt(secret),
    });
    const twice = await staff.send('mutation { startTwoFactorSetup { secret } }');
    expect(codeOf(twice)).toBe('BAD_USER_INPUT');

    // Only administrators reset.
    const notAllowed = await staff.send('mutation($id: Int!) { resetStaffTwoFactor(id: $id) }', {
      id: user.id,
    });
    expect(codeOf(notAllowed)).toBe('FORBIDDEN');
    const admin = adminClient(state.api, '10.32.0.2');
    await admin.login('boss2fa@example.se');
    const list = await admin.send('{ staffUsers { email twoFactorEnabled } }');
    expect(list.body.data?.staffUsers).toContainEqual({
      email: 'lost@example.se',
      twoFactorEnabled: true,
    });
    const reset = await admin.send('mutation($id: Int!) { resetStaffTwoFactor(id: $id) }', {
      id: user.id,
    });
    expect(reset.body.data?.resetStaffTwoFactor).toBe(true);
    expect(codeOf(await adminClient(state.api, '10.32.0.3').login('lost@example.se'))).toBe(
      undefined,
    );
    const log = await admin.send(
      'query($id: String!) { auditLog(filter: { entityType: "staff_user", entityId: $id }, take: 20) { entries { action staffEmail before after } } }',
      { id: String(user.id) },
    );
    const entries = (log.body.data?.auditLog as { entries: Array<Record<string, unknown>> })
      .entries;
    expect(entries.filter((e) => String(e.action).startsWith('staff.two-factor'))).toEqual([
      {
        action: 'staff.two-factor.reset',
        staffEmail: boss.email,
        before: { twoFactorEnabled: true },
        after: { twoFactorEnabled: false },
      },
      {
        action: 'staff.two-factor.enable',
        staffEmail: 'lost@example.se',
        before: { twoFactorEnabled: false },
        after: { twoFactorEnabled: true },
      },
    ]);
  });
});
