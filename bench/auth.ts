/**
 * `npx tsx bench/auth.ts [--logins 20]`: what the auth service costs with the production scrypt
 * parameters (N=2^17, r=8, p=1) on an in-memory PGlite: registration, login (challenge + sign +
 * credentials, the challenge used up on the way), refresh, and a refused attempt while an account
 * is locked by the rate limit.
 * Prints one table of milliseconds (median and 95th percentile); never asserts timings.
 */
import { createApi } from '../apps/api/src/app.ts';
import { loadConfig } from '../apps/api/src/config.ts';
import { createDb } from '../apps/api/src/db/client.ts';
import { runMigrations } from '../apps/api/src/db/migrate.ts';
import { passwordDigest } from '../apps/api/src/modules/auth/password-digest.ts';
import { percentile } from './stats.ts';

const rounds = Number(process.argv[process.argv.indexOf('--logins') + 1]) || 20;
const config = loadConfig({ NODE_ENV: 'test', API_KEY: 'bench-api-key-123' });
const handle = await createDb({ pgliteDataDir: 'memory://' });
await runMigrations(handle);
const api = createApi({ db: handle.db, config, log: { error: () => undefined } });

async function call(action: string, init: RequestInit, ip = '10.0.0.1'): Promise<Response> {
  return api.auth(new Request(`http://bench.local/auth/${action}`, init), { clientIp: ip });
}
async function credentials(action: string, username: string, password: string, ip?: string) {
  const json = { 'content-type': 'application/json' };
  const { sign } = (await (
    await call(action, { method: 'POST', headers: json, body: JSON.stringify({ username }) }, ip)
  ).json()) as { sign: string };
  const signature = await (
    await call(`sign/${config.apiKey}?identity=${encodeURIComponent(sign)}`, {}, ip)
  ).json();
  const digest = await passwordDigest(password, config.auth.passwordSalt);
  return call(
    action,
    {
      method: 'POST',
      headers: json,
      body: JSON.stringify({ username, signature, password: digest }),
    },
    ip,
  );
}
async function time<T>(fn: () => Promise<T>): Promise<[number, T]> {
  const start = performance.now();
  const result = await fn();
  return [performance.now() - start, result];
}
function stats(samples: number[]): string {
  const at = (p: number) => (percentile(samples, p) ?? Number.NaN).toFixed(0).padStart(6);
  return `${at(50)} ${at(95)}`;
}

const rows: Array<[string, number[]]> = [];
const register: number[] = [];
const login: number[] = [];
const refresh: number[] = [];
const refused: number[] = [];
let refreshToken = '';
for (let i = 0; i < rounds; i += 1) {
  // One address per registration: registrations are rate limited per IP (10 free).
  const ip = `10.2.${Math.floor(i / 250)}.${i % 250}`;
  const [ms, response] = await time(() =>
    credentials('register', `b${i}@example.se`, 'cykel123', ip),
  );
  register.push(ms);
  refreshToken = response.headers.get('x-auth-refresh-token') ?? refreshToken;
}
for (let i = 0; i < rounds; i += 1) {
  login.push((await time(() => credentials('login', `b${i}@example.se`, 'cykel123')))[0]);
}
for (let i = 0; i < rounds; i += 1) {
  const [ms, response] = await time(() =>
    call('login', { headers: { 'x-auth-refresh-token': refreshToken } }),
  );
  refresh.push(ms);
  refreshToken = response.headers.get('x-auth-refresh-token') ?? '';
}
for (let i = 0; i < 5; i += 1) await credentials('login', 'b0@example.se', 'fel-losen', '10.9.0.1');
for (let i = 0; i < rounds; i += 1) {
  const [ms, response] = await time(() =>
    credentials('login', 'b0@example.se', 'fel-losen', '10.9.0.1'),
  );
  if (response.status === 429) refused.push(ms);
}
rows.push(['register (scrypt hash)', register]);
rows.push(['login (challenge+sign+verify)', login]);
rows.push(['refresh (rotate)', refresh]);
rows.push(['refused while locked (429)', refused]);
console.log(`auth service, ${rounds} rounds, scrypt log2(N)=${config.auth.scryptLogN}`);
console.log(`${'operation'.padEnd(32)} ${'p50 ms'.padStart(6)} ${'p95 ms'.padStart(6)}`);
for (const [name, samples] of rows) console.log(`${name.padEnd(32)} ${stats(samples)}`);
await handle.close();
