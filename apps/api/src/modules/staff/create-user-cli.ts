/**
 * `npm run admin:create-user -- --email E --role administrator` (issue 26 "Access"): creates a
 * back-office staff user in the configured database. The password is read from standard input
 * (its first line; typed at the prompt or piped), never from the command line, where `ps` and the
 * shell history would show it. Roles: administrator, butikschef, kundtjanst, innehallsredaktor.
 * The embedded database can be opened by one process only: stop the shop first.
 */
import { createInterface } from 'node:readline';
import { parseArgs } from 'node:util';
import { loadConfigOrExit } from '../../config.ts';
import { openConfiguredDatabase } from '../../db/cli-database.ts';
import { schemaStatus } from '../../db/migrate.ts';
import { ShopError } from '../../errors.ts';
import { SYSTEM_ACTOR } from './first-administrator.ts';
import { isStaffRole, STAFF_ROLES } from './roles.ts';
import { createStaffUser, MIN_STAFF_PASSWORD_LENGTH } from './staff.service.ts';

const usage = `Usage: npm run admin:create-user -- --email E --role ${STAFF_ROLES.join('|')}
The password (at least ${MIN_STAFF_PASSWORD_LENGTH} characters) is read from standard input.`;

function fail(message: string, code = 2): never {
  console.error(message);
  process.exit(code);
}

let values: { email?: string | undefined; role?: string | undefined };
try {
  ({ values } = parseArgs({
    options: { email: { type: 'string' }, role: { type: 'string' } },
    strict: true,
  }));
} catch (error) {
  fail(`${(error as Error).message}\n${usage}`);
}
const { email, role } = values;
if (!email || !email.includes('@') || !role) fail(usage);
if (!isStaffRole(role)) fail(`Unknown role "${role}".\n${usage}`);

/** The first line of standard input (a prompt on stderr when it is a terminal). */
async function readPassword(): Promise<string> {
  if (process.stdin.isTTY) process.stderr.write('Password: ');
  const lines = createInterface({ input: process.stdin, terminal: false });
  for await (const line of lines) {
    lines.close();
    return line;
  }
  return '';
}

const config = loadConfigOrExit(process.env, { requireProductionSecrets: false });
const password = await readPassword();
const handle = await openConfiguredDatabase();
try {
  const status = await schemaStatus(handle.db);
  if (!status.current)
    fail('The database schema is not current: run `npm run db:migrate` first.', 1);
  const user = await createStaffUser(
    handle.db,
    { email, role, password },
    SYSTEM_ACTOR,
    config.auth.scryptLogN,
  );
  console.log(`Created staff user ${user.email} (${user.role}).`);
} catch (error) {
  if (error instanceof ShopError) fail(error.message, 1);
  throw error;
} finally {
  await handle.close();
}
