/**
 * Issue 23: where the browser spends a page load. Loads `url` three times in Debian's Chromium
 * (playwright-core, 390×844, 4× CPU throttling through CDP like Lighthouse's mobile preset,
 * 200 µs sampling, until the load event plus 2.5 s) and prints the sampled main-thread time by
 * script file (hashes stripped) and by function; `(program)` is HTML parsing, style, layout and
 * paint. Start a shop first (`npm start`, or the bench's).
 *
 *   npx tsx bench/hydration-profile.ts http://localhost:3000/
 */
import { chromium } from 'playwright-core';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number };
}

const url = process.argv[2] ?? 'http://localhost:3000/';
const browser = await chromium.launch({
  executablePath: process.env.CHROME_PATH ?? '/usr/bin/chromium',
});
const byFile = new Map<string, number>();
const byFunction = new Map<string, number>();
let total = 0;
try {
  for (let run = 0; run < 3; run++) {
    const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
    await cdp.send('Profiler.start');
    await page.goto(url, { waitUntil: 'load' });
    await page.waitForTimeout(2500);
    const { profile } = (await cdp.send('Profiler.stop')) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const nodes = new Map(profile.nodes.map((node) => [node.id, node]));
    profile.samples.forEach((id, index) => {
      const frame = nodes.get(id)!.callFrame;
      if (frame.functionName === '(idle)') return;
      const ms = (profile.timeDeltas[index] ?? 0) / 1000;
      total += ms;
      const file =
        frame.url
          .split('/')
          .pop()
          ?.replace(/-[\w-]{8}\.js$/, '.js') || frame.functionName;
      byFile.set(file, (byFile.get(file) ?? 0) + ms);
      const key = `${frame.functionName} ${file}:${frame.lineNumber}:${frame.columnNumber}`;
      byFunction.set(key, (byFunction.get(key) ?? 0) + ms);
    });
    await context.close();
  }
} finally {
  await browser.close();
}
const rows = (map: Map<string, number>, count: number) =>
  [...map]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, ms]) => `${ms.toFixed(0).padStart(7)} ms  ${name}`)
    .join('\n');
console.log(`${url}: ${total.toFixed(0)} ms sampled main-thread time in 3 loads (4× throttled)`);
console.log(`\nBy file:\n${rows(byFile, 15)}\n\nBy function:\n${rows(byFunction, 30)}`);
