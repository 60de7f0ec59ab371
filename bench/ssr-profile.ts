/**
 * Issue 23: a CPU profile of the server render. Seeds a throw-away PGlite database, starts the
 * shop (`scripts/start.ts`, production mode) with `--cpu-prof`, keeps `path` busy with
 * autocannon for `--duration` seconds at `--connections`, stops the shop and prints the
 * functions with the most self time (and the profile's path, for Chrome DevTools).
 *
 * The requests carry a cookie, so each one renders the page (a returning shopper);
 * `--first-visit` sends none, so the page copies answer (PAGE_CACHE_SECONDS, issue 23).
 *
 *   npx tsx bench/ssr-profile.ts [--path /] [--duration 10] [--connections 1] [--top 40]
 *     [--first-visit]
 */
import { mkdtempSync, readFileSync, readdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { measureLoad } from './load.ts';
import { createBenchDatabase, seedDatabase, startShop } from './shop.ts';

function option(name: string, fallback: string): string {
  const index = process.argv.indexOf(`--${name}`);
  return index >= 0 ? (process.argv[index + 1] ?? fallback) : fallback;
}

/** A node of V8's `.cpuprofile` (the fields this script reads). */
interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  hitCount?: number;
  children?: number[];
}

/** Where a function comes from: an npm package, our code, Node itself or V8. */
function origin(url: string): string {
  const modules = url.lastIndexOf('node_modules/');
  if (modules >= 0) {
    const rest = url.slice(modules + 'node_modules/'.length).split('/');
    return rest[0]?.startsWith('@') ? `${rest[0]}/${rest[1]}` : (rest[0] ?? url);
  }
  if (url.startsWith('node:')) return 'node';
  if (url === '') return '(v8)';
  const app = url.match(/\/(apps\/[^/]+|build|scripts)\//);
  return app ? app[1]! : url;
}

const path = option('path', '/');
const duration = Number(option('duration', '10'));
const connections = Number(option('connections', '1'));
const top = Number(option('top', '40'));
const cookie: Record<string, string> = process.argv.includes('--first-visit')
  ? {}
  : { cookie: 'bench=returning-shopper' };
const profileDir = mkdtempSync(join(tmpdir(), 'trampa-ssr-profile-'));

const database = await createBenchDatabase('pglite');
try {
  console.error('[profile] seeding');
  seedDatabase(database, undefined);
  const shop = await startShop(database, 180_000, {
    nodeArgs: ['--cpu-prof', `--cpu-prof-dir=${profileDir}`, '--cpu-prof-interval=200'],
  });
  try {
    // Warm-up: caches, JIT and the first render's lazy imports are not what a page costs.
    await measureLoad(
      { url: `${shop.url}${path}`, headers: { accept: 'text/html', ...cookie } },
      1,
      2,
      0,
    );
    const figures = await measureLoad(
      {
        url: `${shop.url}${path}`,
        headers: { accept: 'text/html', 'accept-encoding': 'gzip', ...cookie },
      },
      connections,
      duration,
      0,
    );
    console.log(
      `${path} @${connections}: ${figures.requestsPerSecond.toFixed(1)} req/s, p50 ${figures.p50.toFixed(1)} ms, p95 ${figures.p95.toFixed(1)} ms, ${figures.requests} responses`,
    );
  } finally {
    await shop.stop();
  }
  const file = readdirSync(profileDir).find((name) => name.endsWith('.cpuprofile'));
  if (!file) throw new Error(`No profile in ${profileDir}`);
  const profile = JSON.parse(readFileSync(join(profileDir, file), 'utf8')) as {
    nodes: ProfileNode[];
    startTime: number;
    endTime: number;
    samples: number[];
    timeDeltas: number[];
  };
  // Only the samples of the measured load: the last `duration` seconds before the stop (the
  // start-up's module loading and the warm-up are not what a page costs).
  const hits = new Map<number, number>();
  const from = profile.endTime - (duration + 0.5) * 1e6;
  let time = profile.startTime;
  let windowMicros = 0;
  for (let i = 0; i < profile.samples.length; i++) {
    const delta = profile.timeDeltas[i] ?? 0;
    time += delta;
    if (time < from) continue;
    windowMicros += delta;
    const id = profile.samples[i]!;
    hits.set(id, (hits.get(id) ?? 0) + delta / 1000);
  }
  const byFunction = new Map<string, number>();
  const byOrigin = new Map<string, number>();
  let total = 0;
  for (const node of profile.nodes) {
    const ms = hits.get(node.id) ?? 0;
    if (ms === 0) continue;
    total += ms;
    const { functionName, url, lineNumber } = node.callFrame;
    const key = `${functionName || '(anonymous)'}  ${url.replace(/^.*node_modules\//, '')}:${lineNumber + 1}`;
    byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    const from = origin(url);
    byOrigin.set(from, (byOrigin.get(from) ?? 0) + ms);
  }
  const rows = (map: Map<string, number>, count: number) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, count)
      .map(
        ([name, ms]) =>
          `${ms.toFixed(0).padStart(7)} ms ${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`,
      )
      .join('\n');
  console.log(
    `\nSelf time by origin (the last ${(windowMicros / 1e6).toFixed(1)} s, ${total.toFixed(0)} ms sampled):\n${rows(byOrigin, 25)}`,
  );
  console.log(`\nSelf time by function:\n${rows(byFunction, top)}`);
  console.log(`\nProfile: ${join(profileDir, file)}`);
} finally {
  await database.dispose();
}
