/**
 * Issue 23: the main thread's long tasks during one page load, from Chromium's trace, each with
 * the trace events directly inside it and the sampled JavaScript functions that ran in it
 * (source-mapped when the storefront was built with `TRAMPA_SOURCEMAP=1`). Lighthouse's mobile
 * preset multiplies each task by 4 and counts what exceeds 50 ms as blocking time, so at
 * `--rate 1` (unthrottled, the default) a task is listed from 12.5 ms. Start a shop first.
 *
 *   npx tsx bench/long-tasks.ts http://localhost:3000/c/cyklar [--rate 1] [--summary]
 *
 * Prints the first contentful paint, each task (start in ms after navigation, duration), the
 * blocking time it adds at 4×, and at the end the tasks that start image documents (Chromium
 * renders each SVG image as a document of its own).
 */
import { existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';
import { SourceMapConsumer } from 'source-map-js';
import { CHROMIUM_PATH } from './page-weight.ts';

interface TraceEvent {
  name: string;
  ph: string;
  pid: number;
  tid: number;
  ts: number;
  dur?: number;
  args?: { data?: Record<string, unknown> };
}
interface ProfileNode {
  id: number;
  children?: number[];
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}
interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

const args = process.argv.slice(2);
const url = args.find((arg) => !arg.startsWith('--')) ?? 'http://localhost:3000/';
const rateIndex = args.indexOf('--rate');
/** CPU slowdown applied through CDP (1 = none). */
const rate = rateIndex >= 0 ? Number(args[rateIndex + 1]) : 1;
const summaryOnly = args.includes('--summary');
/** Lighthouse's mobile CPU multiplier. */
const LIGHTHOUSE_SLOWDOWN = 4;
const scale = LIGHTHOUSE_SLOWDOWN / rate;
const assets = fileURLToPath(new URL('../apps/storefront/build/client/assets', import.meta.url));

const maps = new Map<string, SourceMapConsumer | null>();
/** "package/file:line function" for a sampled frame, through the chunk's source map if any. */
function frameName(frame: ProfileNode['callFrame']): string {
  if (!frame.url) return frame.functionName;
  const file = frame.url.split('/').pop() ?? '';
  if (!maps.has(file)) {
    const mapPath = join(assets, `${file}.map`);
    maps.set(
      file,
      existsSync(mapPath)
        ? new SourceMapConsumer(JSON.parse(readFileSync(mapPath, 'utf8')) as never)
        : null,
    );
  }
  const map = maps.get(file);
  const bare = file.replace(/-[\w-]{8}\.js$/, '');
  if (!map) return `${bare} ${frame.functionName}`;
  const position = map.originalPositionFor({
    line: frame.lineNumber + 1,
    column: frame.columnNumber,
  });
  if (!position.source) return `${bare} ${frame.functionName}`;
  const source = position.source.replace(/^.*node_modules\//, '').replace(/^(\.\.\/)+/, '');
  return `${source}:${position.line} ${position.name ?? frame.functionName}`;
}

const workDir = mkdtempSync(join(tmpdir(), 'trampa-long-tasks-'));
const tracePath = join(workDir, 'trace.json');
const browser = await chromium.launch({ executablePath: CHROMIUM_PATH });
let profile: CpuProfile;
try {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate });
  await browser.startTracing(page, {
    path: tracePath,
    categories: [
      'devtools.timeline',
      'disabled-by-default-devtools.timeline',
      'v8.execute',
      'blink.user_timing',
      'loading',
    ],
  });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 });
  await cdp.send('Profiler.start');
  await page.goto(url, { waitUntil: 'load' });
  await page.waitForTimeout(4000);
  profile = ((await cdp.send('Profiler.stop')) as unknown as { profile: CpuProfile }).profile;
  await browser.stopTracing();
} finally {
  await browser.close();
}
const events = (JSON.parse(readFileSync(tracePath, 'utf8')) as { traceEvents: TraceEvent[] })
  .traceEvents;
rmSync(workDir, { recursive: true, force: true });

const navigation = events.find(
  (event) =>
    event.name === 'navigationStart' &&
    String(event.args?.data?.documentLoaderURL ?? '').startsWith('http'),
);
if (!navigation) throw new Error('No navigation in the trace');
const mainThread = events
  .filter((e) => e.pid === navigation.pid && e.tid === navigation.tid && e.ph === 'X')
  .sort((a, b) => a.ts - b.ts);
const fcp = events.find((e) => e.name === 'firstContentfulPaint' && e.pid === navigation.pid);
const ms = (microseconds: number) => (microseconds / 1000).toFixed(0);

// Profile samples on the trace's clock (both are microseconds of the same monotonic clock).
const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes)
  for (const child of node.children ?? []) parentOf.set(child, node.id);
const samples: Array<[number, number]> = [];
let clock = profile.startTime;
profile.samples.forEach((id, index) => {
  clock += profile.timeDeltas[index] ?? 0;
  samples.push([clock, id]);
});

const top = (counts: Map<string, number>, count: number) =>
  [...counts].sort((a, b) => b[1] - a[1]).slice(0, count);

console.log(
  `${url}, CPU rate ${rate}: first contentful paint ${fcp ? ms(fcp.ts - navigation.ts) : '?'} ms`,
);
let blocking = 0;
const longTasks = mainThread.filter(
  (e) => e.name === 'RunTask' && (e.dur ?? 0) * scale > 50_000 && e.ts > navigation.ts,
);
for (const task of longTasks) {
  const end = task.ts + task.dur!;
  const inside = mainThread.filter(
    (e) => e !== task && e.ts >= task.ts && e.ts + (e.dur ?? 0) <= end,
  );
  const direct = inside.filter(
    (e) =>
      !inside.some(
        (p) => p !== e && p.dur! > e.dur! && p.ts <= e.ts && p.ts + p.dur! >= e.ts + e.dur!,
      ),
  );
  const byEvent = new Map<string, number>();
  for (const event of direct) {
    const file = event.args?.data?.url ? ` ${String(event.args.data.url).split('/').pop()}` : '';
    byEvent.set(event.name + file, (byEvent.get(event.name + file) ?? 0) + event.dur! / 1000);
  }
  const afterPaint = !fcp || task.ts > fcp.ts;
  const adds = afterPaint ? Math.max(0, (task.dur! / 1000) * scale - 50) : 0;
  blocking += adds;
  const [main] = top(byEvent, 1);
  console.log(
    `@${ms(task.ts - navigation.ts)} ${ms(task.dur!)} ms${afterPaint ? `, adds ${adds.toFixed(0)} ms at 4×` : ', before the first paint'}: ${main?.[0] ?? ''}`,
  );
  if (summaryOnly) continue;
  const own = new Map<string, number>();
  const within = new Map<string, number>();
  for (const [time, id] of samples) {
    if (time < task.ts || time > end) continue;
    const name = frameName(nodes.get(id)!.callFrame);
    own.set(name, (own.get(name) ?? 0) + 1);
    const seen = new Set<string>();
    for (let node: number | undefined = id; node !== undefined; node = parentOf.get(node)) {
      const frame = nodes.get(node)!.callFrame;
      if (!frame.url) continue;
      const key = frameName(frame);
      if (seen.has(key)) continue;
      seen.add(key);
      within.set(key, (within.get(key) ?? 0) + 1);
    }
  }
  for (const [name, duration] of top(byEvent, 4))
    console.log(`    ${duration.toFixed(1).padStart(6)} ms  ${name}`);
  for (const [name, count] of top(own, 5))
    console.log(`    self ${String(count).padStart(4)}  ${name}`);
  for (const [name, count] of top(within, 8))
    console.log(`    in   ${String(count).padStart(4)}  ${name}`);
}
console.log(`Blocking time after the first paint, at 4×: ${blocking.toFixed(0)} ms`);
const imageTasks = mainThread.filter(
  (task) =>
    task.name === 'RunTask' &&
    task.ts > (fcp?.ts ?? navigation.ts) &&
    mainThread.some(
      (e) =>
        e.name === 'DocumentLoader::CommitNavigation' &&
        e.ts >= task.ts &&
        e.ts + e.dur! <= task.ts + task.dur!,
    ),
);
console.log(
  `Image documents after the first paint: ${imageTasks.length} tasks of ${imageTasks.map((t) => ms(t.dur!)).join(', ') || '–'} ms`,
);
