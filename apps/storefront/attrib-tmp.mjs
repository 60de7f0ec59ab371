// Attribute minified bytes of chunks to their sources via hidden source maps.
import { readFileSync, readdirSync } from 'node:fs';
import { TraceMap, originalPositionFor } from '@jridgewell/trace-mapping';
const dir = '/work/wt-speed/apps/storefront/build/client/assets/';
const only = process.argv.slice(2);
const total = new Map();
for (const f of readdirSync(dir).filter((f) => f.endsWith('.js'))) {
  if (only.length && !only.some((o) => f.startsWith(o))) continue;
  const code = readFileSync(dir + f, 'utf8');
  let map; try { map = new TraceMap(readFileSync(dir + f + '.map', 'utf8')); } catch { continue; }
  const lines = code.split('\n');
  const per = new Map();
  lines.forEach((line, li) => {
    let last = 'unmapped', lastCol = 0;
    // sample every 20 columns
    for (let c = 0; c < line.length; c += 20) {
      const p = originalPositionFor(map, { line: li + 1, column: c });
      const src = (p.source ?? 'unmapped').replace(/.*node_modules\//, 'nm:').replace(/.*\/app\//, 'app/');
      per.set(src, (per.get(src) ?? 0) + Math.min(20, line.length - c));
    }
  });
  for (const [s, n] of per) total.set(`${f.replace(/-[\w-]{8}\.js$/, '')}  ${s}`, n);
}
for (const [k, v] of [...total].sort((a, b) => b[1] - a[1]).slice(0, Number(process.env.TOP ?? 60))) console.log(String(v).padStart(7), k);
