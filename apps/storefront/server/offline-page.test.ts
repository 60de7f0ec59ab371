import { mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { offlineFiles, offlinePageHtml, serviceWorkerSource } from './offline-page.ts';

const template = readFileSync(
  fileURLToPath(new URL('../public/offline.html', import.meta.url)),
  'utf8',
);
const worker =
  'e.precacheAndRoute([{url:"offline.html",revision:"05ad0c37"},{url:"x.png",revision:"1"}])';

describe('the offline page names the shop (issue 19)', () => {
  it('fills the trade name into the title and the page, escaped', () => {
    const html = offlinePageHtml(template, 'Cykel & Co <Umeå>');
    expect(html).toContain('<title>Ingen internetanslutning | Cykel &amp; Co &lt;Umeå&gt;</title>');
    expect(html).toContain('<span>Cykel &amp; Co &lt;Umeå&gt;</span>');
    expect(html).not.toContain('%SHOP_NAME%');
    expect(html).toContain('<h1>Du är offline</h1>');
  });

  it("ties the worker's precache revision of the page to the trade name", () => {
    const trampa = serviceWorkerSource(worker, 'Trampa');
    const other = serviceWorkerSource(worker, 'Cykelhuset');
    expect(trampa).toMatch(/\{url:"offline\.html",revision:"05ad0c37-[0-9a-f]{8}"\}/);
    expect(other).not.toBe(trampa);
    expect(serviceWorkerSource(worker, 'Trampa')).toBe(trampa);
    expect(trampa).toContain('{url:"x.png",revision:"1"}');
    expect(() => serviceWorkerSource('self.skipWaiting()', 'Trampa')).toThrow(/offline\.html/);
  });

  it('serves both from a build folder', () => {
    const dir = mkdtempSync(join(tmpdir(), 'trampa-offline-'));
    writeFileSync(join(dir, 'offline.html'), template);
    writeFileSync(join(dir, 'sw.js'), worker);
    const handlers = offlineFiles(dir, 'Trampa');
    const sent: Array<{ type: string; headers: Record<string, string>; body: string }> = [];
    const res = {
      type(value: string) {
        sent.push({ type: value, headers: {}, body: '' });
        return this;
      },
      set(name: string, value: string) {
        sent.at(-1)!.headers[name] = value;
        return this;
      },
      send(body: string) {
        sent.at(-1)!.body = body;
        return this;
      },
    };
    const call = (path: string) =>
      (handlers[path] as unknown as (req: unknown, res: unknown) => void)({}, res);
    call('/offline.html');
    call('/sw.js');
    expect(sent[0]).toMatchObject({
      type: 'html',
      headers: { 'Cache-Control': 'public, max-age=3600' },
    });
    expect(sent[0]!.body).toContain('<span>Trampa</span>');
    expect(sent[1]).toMatchObject({
      type: 'application/javascript',
      headers: { 'Cache-Control': 'no-cache' },
    });
    expect(sent[1]!.body).toMatch(/revision:"05ad0c37-[0-9a-f]{8}"/);
  });
});
