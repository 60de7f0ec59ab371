/**
 * Draws the app icons of the web app manifest (issue 19 PWA) from the SVG favicon:
 * `public/icons/icon-192.png` and `icon-512.png`, the shop's mark on the theme colour #510c76
 * (full bleed, so the maskable safe zone keeps the whole mark). Rendered by Debian's Chromium
 * through playwright-core; the PNGs are committed, so run this only after changing the favicon:
 * `npx tsx apps/storefront/scripts/pwa-icons.ts`.
 */
import { mkdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium } from 'playwright-core';

const publicDir = fileURLToPath(new URL('../public/', import.meta.url));
const svg = readFileSync(join(publicDir, 'favicon.svg'), 'utf8');
mkdirSync(join(publicDir, 'icons'), { recursive: true });

const browser = await chromium.launch({
  executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  args: ['--no-sandbox', '--disable-gpu'],
});
try {
  for (const size of [192, 512]) {
    const page = await browser.newPage({ viewport: { width: size, height: size } });
    // The mark at 80 % on a theme-coloured square (maskable icons need a 10 % safe margin).
    const mark = Math.round(size * 0.8);
    await page.setContent(
      `<body style="margin:0;background:#510c76;display:grid;place-items:center;height:${size}px">` +
        svg.replace('<svg ', `<svg width="${mark}" height="${mark}" `) +
        '</body>',
    );
    await page.screenshot({ path: join(publicDir, 'icons', `icon-${size}.png`) });
    await page.close();
  }
} finally {
  await browser.close();
}
