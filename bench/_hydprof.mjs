import { chromium } from 'playwright-core';
const browser = await chromium.launch({ executablePath: '/usr/bin/chromium' });
const path = process.argv[2] ?? '/';
const agg = new Map(); const fagg = new Map(); let total = 0;
for (let run = 0; run < 3; run++) {
  const context = await browser.newContext({ viewport: { width: 390, height: 844 } });
  const page = await context.newPage();
  const cdp = await context.newCDPSession(page);
  await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.goto('http://127.0.0.1:3000' + path, { waitUntil: 'load' });
  await page.waitForTimeout(2500);
  const { profile } = await cdp.send('Profiler.stop');
  const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
  for (let i = 0; i < profile.samples.length; i++) {
    const n = nodes.get(profile.samples[i]); const d = (profile.timeDeltas[i] ?? 0) / 1000;
    const cf = n.callFrame; if (cf.functionName === '(idle)') continue;
    total += d;
    const file = cf.url.split('/').pop().replace(/-[\w-]{8}\.js$/, '.js') || cf.functionName;
    agg.set(file, (agg.get(file) ?? 0) + d);
    const k = `${cf.functionName} ${file}:${cf.lineNumber}:${cf.columnNumber}`;
    fagg.set(k, (fagg.get(k) ?? 0) + d);
  }
  await context.close();
}
console.log('total non-idle ms (3 loads):', total.toFixed(0));
for (const [k, v] of [...agg].sort((a, b) => b[1] - a[1]).slice(0, 15)) console.log(v.toFixed(0).padStart(7), k);
console.log();
for (const [k, v] of [...fagg].sort((a, b) => b[1] - a[1]).slice(0, 30)) console.log(v.toFixed(0).padStart(7), k);
await browser.close();
