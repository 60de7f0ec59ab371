/**
 * Back-office staff management and its audit log (issue 26): every mutation writes an entry with
 * before/after (never a password hash), the last administrator stays, the first administrator
 * comes from the environment, the CLI creates a user from standard input, and
 * admin-schema.graphql is not stale.
 */
import { spawnSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../src/config.ts';
import { createDb } from '../src/db/client.ts';
import { runMigrations } from '../src/db/migrate.ts';
import { printAdminSchema } from '../src/graphql/admin/print-admin-schema.ts';
import { listAuditEntries } from '../src/modules/audit/audit.service.ts';
import { ensureFirstAdministrator } from '../src/modules/staff/first-administrator.ts';
import { listStaffUsers } from '../src/modules/staff/staff.service.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import { testDatabaseKinds } from './test-db.ts';

const apiDir = fileURLToPath(new URL('..', import.meta.url));

describe.each(testDatabaseKinds())('admin staff management on %s', (kind) => {
  const state = useAdminApi(kind);

  it('every staff mutation writes an audit entry with before and after', async () => {
    const boss = await addStaff(state.handle, 'boss@example.se', 'administrator');
    const admin = adminClient(state.api);
    await admin.login('boss@example.se');
    const created = await admin.send(
      'mutation { createStaffUser(email: "Ny@Example.se", role: kundtjanst, password: "ett-langt-losenord") { id email role roleName active } }',
    );
    const user = created.body.data?.createStaffUser as { id: number };
    expect(created.body.data?.createStaffUser).toMatchObject({
      email: 'Ny@Example.se',
      role: 'kundtjanst',
      roleName: 'Kundtjänst',
      active: true,
    });
    const duplicate = await admin.send(
      'mutation { createStaffUser(email: "ny@example.SE", role: kundtjanst, password: "ett-langt-losenord") { id } }',
    );
    expect(codeOf(duplicate)).toBe('BAD_USER_INPUT');
    const short = await admin.send(
      'mutation { createStaffUser(email: "kort@example.se", role: kundtjanst, password: "kort") { id } }',
    );
    expect(codeOf(short)).toBe('BAD_USER_INPUT');
    const badEmail = await admin.send(
      'mutation { createStaffUser(email: "inte-en-adress", role: kundtjanst, password: "ett-langt-losenord") { id } }',
    );
    expect(badEmail.body.errors?.[0]).toMatchObject({
      extensions: { code: 'BAD_USER_INPUT', argument: 'email' },
    });
    await admin.send(
      'mutation($id: Int!) { changeStaffRole(id: $id, role: butikschef) { role } }',
      {
        id: user.id,
      },
    );
    await admin.send('mutation($id: Int!) { deactivateStaffUser(id: $id) { active } }', {
      id: user.id,
    });
    const log = await admin.send(
      'query($id: Int!) { auditLog(filter: { staffUserId: $id }, take: 10) { total entries { action staffEmail entityType entityId before after } } }',
      { id: boss.id },
    );
    const page = log.body.data?.auditLog as {
      total: number;
      entries: Array<Record<string, unknown>>;
    };
    expect(page.entries.map((entry) => entry.action)).toEqual([
      'staff.deactivate',
      'staff.role',
      'staff.create',
      'staff.login',
    ]);
    const [deactivate, role, create] = page.entries;
    expect(create).toMatchObject({
      staffEmail: 'boss@example.se',
      entityType: 'staff_user',
      entityId: String(user.id),
      before: null,
      after: { email: 'Ny@Example.se', role: 'kundtjanst', active: true },
    });
    expect(role).toMatchObject({ before: { role: 'kundtjanst' }, after: { role: 'butikschef' } });
    expect(deactivate).toMatchObject({ before: { active: true }, after: { active: false } });
    expect(JSON.stringify(page.entries)).not.toMatch(/scrypt|password/i);
    const paged = await admin.send(
      '{ auditLog(filter: { action: "staff.create" }, skip: 1, take: 1) { total entries { action } } }',
    );
    expect(paged.body.data?.auditLog).toMatchObject({ entries: [{ action: 'staff.create' }] });
  });

  it('keeps the last active administrator and refuses to deactivate oneself', async () => {
    const admin = adminClient(state.api, '10.70.0.1');
    await admin.login('boss@example.se');
    const users = await listStaffUsers(state.handle.db);
    const boss = users.find((user) => user.email === 'boss@example.se')!;
    const self = await admin.send('mutation($id: Int!) { deactivateStaffUser(id: $id) { id } }', {
      id: boss.id,
    });
    expect(codeOf(self)).toBe('BAD_USER_INPUT');
    const demote = await admin.send(
      'mutation($id: Int!) { changeStaffRole(id: $id, role: kundtjanst) { id } }',
      {
        id: boss.id,
      },
    );
    expect(codeOf(demote)).toBe('BAD_USER_INPUT');
    const before = await listAuditEntries(state.handle.db, { action: 'staff.role' }, 0, 100);
    expect(before.entries.every((entry) => entry.entityId !== String(boss.id))).toBe(true);
    const unknown = await admin.send(
      'mutation { changeStaffRole(id: 999999, role: kundtjanst) { id } }',
    );
    expect(codeOf(unknown)).toBe('NOT_FOUND');
  });
});

describe('the first administrator', () => {
  it('is created from ADMIN_EMAIL/ADMIN_PASSWORD only when no staff user exists', async () => {
    const handle = await createDb({ pgliteDataDir: 'memory://' });
    try {
      await runMigrations(handle);
      const admin = { email: 'forst@example.se', password: 'hemligt' };
      const created = await ensureFirstAdministrator(handle.db, admin, 12);
      expect(created).toMatchObject({ email: 'forst@example.se', role: 'administrator' });
      expect(
        await ensureFirstAdministrator(handle.db, { ...admin, email: 'andra@example.se' }, 12),
      ).toBeNull();
      expect((await listStaffUsers(handle.db)).map((user) => user.email)).toEqual([
        'forst@example.se',
      ]);
      const log = await listAuditEntries(handle.db, {}, 0, 10);
      expect(log.entries).toMatchObject([{ action: 'staff.create', staffUserId: null }]);
    } finally {
      await handle.close();
    }
  });

  it('production refuses a password under 12 characters and a lone variable', () => {
    const base = {
      NODE_ENV: 'production',
      API_KEY: 'a-production-key',
      AUTH_JWT_SECRET: 'x'.repeat(40),
    };
    expect(() =>
      loadConfig({ ...base, ADMIN_EMAIL: 'a@example.se', ADMIN_PASSWORD: 'kort-11-tkn' }),
    ).toThrow(/ADMIN_PASSWORD: must be at least 12 characters in production/);
    expect(() => loadConfig({ ...base, ADMIN_EMAIL: 'a@example.se' })).toThrow(
      /must be set together/,
    );
    expect(
      loadConfig({ ...base, ADMIN_EMAIL: 'a@example.se', ADMIN_PASSWORD: 'tolv-tecken!' }).admin,
    ).toEqual({ email: 'a@example.se', password: 'tolv-tecken!' });
    expect(loadConfig({}).admin).toBeNull();
  });
});

describe('npm run admin:create-user', () => {
  it('creates a user with the password from standard input, not from argv', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'trampa-admin-cli-'));
    try {
      const pgliteDataDir = join(dir, 'db');
      const setup = await createDb({ pgliteDataDir });
      await runMigrations(setup);
      await setup.close();
      const run = (args: string[], input: string) =>
        spawnSync(
          process.execPath,
          ['--import', 'tsx', 'src/modules/staff/create-user-cli.ts', ...args],
          {
            cwd: apiDir,
            input,
            encoding: 'utf8',
            env: {
              ...process.env,
              PGLITE_DATA_DIR: pgliteDataDir,
              AUTH_SCRYPT_LOG_N: '12',
              DATABASE_URL: '',
            },
            timeout: 120_000,
          },
        );
      const ok = run(
        ['--email', 'cli@example.se', '--role', 'administrator'],
        'ett-cli-losenord\n',
      );
      expect(ok.stderr).toBe('');
      expect(ok.stdout).toContain('Created staff user cli@example.se (administrator).');
      expect(ok.status).toBe(0);
      const short = run(['--email', 'kort@example.se', '--role', 'kundtjanst'], 'kort\n');
      expect(short.status).toBe(1);
      expect(short.stderr).toContain('at least 12 characters');
      expect(run(['--email', 'x@example.se', '--role', 'chef'], 'ett-cli-losenord\n').status).toBe(
        2,
      );
      const check = await createDb({ pgliteDataDir });
      try {
        expect((await listStaffUsers(check.db)).map((user) => user.email)).toEqual([
          'cli@example.se',
        ]);
      } finally {
        await check.close();
      }
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 180_000);
});

describe('admin-schema.graphql', () => {
  it('is the printed admin schema (run `npm run admin-schema:print`)', () => {
    expect(readFileSync(join(apiDir, 'admin-schema.graphql'), 'utf8')).toBe(printAdminSchema());
  });
});
