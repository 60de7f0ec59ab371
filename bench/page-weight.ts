/**
 * Page weight: the JavaScript and CSS a page loads in Debian's Chromium (until the network is
 * idle, so module preloads and lazily loaded chunks count), as gzip bytes (level 6, what the
 * shop's compression sends) and raw bytes.
 */
import { gzipSync } from 'node:zlib';
import { chromium, type Browser } from 'playwright-core';

/** Chromium binary (Debian's package). */
export const CHROMIUM_PATH =
  process.env.CHROMIUM_PATH || process.env.CHROME_PATH || '/usr/bin/chromium';

/** Chrome flags for a headless run on these machines (also used for Lighthouse). */
export const CHROME_FLAGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Bytes a page loads. */
export interface PageWeight {
  /** HTTP status of the document. */
  status: number;
  jsGzip: number;
  jsRaw: number;
  jsFiles: number;
  cssGzip: number;
  cssRaw: number;
  cssFiles: number;
  /** The HTML document itself, gzip. */
  htmlGzip: number;
  /** Every request the page made (document, scripts, styles, images, data). */
  requests: number;
}

/** gzip size of `body` at level 6 (the compression middleware's default). */
export function gzipBytes(body: Buffer): number {
  return gzipSync(body, { level: 6 }).length;
}

/** Opens Debian's Chromium for {@link measurePageWeight}. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: CHROME_FLAGS.slice(1) });
}

/**
 * Loads `url` in a fresh context (empty cache, 1360×900 desktop) and sums what it loaded.
 * @throws when the page cannot be loaded at all
 */
export async function measurePageWeight(browser: Browser, url: string): Promise<PageWeight> {
  const context = await browser.newContext({ viewport: { width: 1360, height: 900 } });
  const page = await context.newPage();
  const pending: Array<Promise<void>> = [];
  const weight: PageWeight = {
    status: 0,
    jsGzip: 0,
    jsRaw: 0,
    jsFiles: 0,
    cssGzip: 0,
    cssRaw: 0,
    cssFiles: 0,
    htmlGzip: 0,
    requests: 0,
  };
  page.on('response', (response) => {
    weight.requests += 1;
    const type = response.request().resourceType();
    if (type !== 'script' && type !== 'stylesheet' && type !== 'document') return;
    pending.push(
      response.body().then(
        (body) => {
          if (type === 'script') {
            weight.jsFiles += 1;
            weight.jsRaw += body.length;
            weight.jsGzip += gzipBytes(body);
          } else if (type === 'stylesheet') {
            weight.cssFiles += 1;
            weight.cssRaw += body.length;
            weight.cssGzip += gzipBytes(body);
          } else if (response.url() === url || weight.htmlGzip === 0) {
            weight.htmlGzip = gzipBytes(body);
          }
        },
        () => undefined, // a redirect or aborted response has no body
      ),
    );
  });
  try {
    const response = await page.goto(url, { waitUntil: 'networkidle', timeout: 60_000 });
    weight.status = response?.status() ?? 0;
    await Promise.all(pending);
  } finally {
    await context.close();
  }
  return weight;
}
