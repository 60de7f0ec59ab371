/**
 * Debian's Chromium through playwright-core, with a page that fails the test on any console
 * error or uncaught page error (ARCHITECTURE convention 10).
 */
import { existsSync } from 'node:fs';
import { chromium, type Browser, type BrowserContext, type Page } from 'playwright-core';
import { afterAll, afterEach, beforeAll, expect, inject } from 'vitest';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/** True when the browser exists; in CI a missing browser is an error, not a skip. */
export const browserAvailable = existsSync(chromiumPath);
if (!browserAvailable && process.env.CI === 'true') {
  throw new Error(`Chromium is missing at ${chromiumPath}; CI must run the browser tests`);
}

/** Base URL of the shop started in global-setup.ts. */
export const baseUrl = (): string => inject('baseUrl');

/**
 * Registers a browser for the current test file and returns accessors for a fresh page per test.
 * Collected console errors are asserted empty after each test.
 */
export function useBrowser(viewport = { width: 1360, height: 900 }) {
  let browser: Browser | undefined;
  let context: BrowserContext | undefined;
  let errors: string[] = [];
  let allowed: RegExp[] = [];

  beforeAll(async () => {
    if (!browserAvailable) return;
    browser = await chromium.launch({
      executablePath: chromiumPath,
      args: [
        '--headless',
        '--no-sandbox',
        '--disable-gpu',
        '--disable-quic',
        '--no-first-run',
        '--disable-background-networking',
        '--disable-component-update',
        '--disable-sync',
      ],
    });
  });
  afterAll(async () => {
    await browser?.close();
  });
  afterEach(async () => {
    await context?.close();
    context = undefined;
    const seen = errors.filter((message) => !allowed.some((pattern) => pattern.test(message)));
    errors = [];
    allowed = [];
    expect(seen, 'console errors').toEqual([]);
  });

  return {
    /**
     * A new page in a fresh context, with console-error collection. The shop's service worker
     * (issue 19) is blocked unless `serviceWorkers: 'allow'`: route interception then sees every
     * request, and a journey does not wait for the worker's precache.
     */
    async newPage(
      options: { javaScriptEnabled?: boolean; serviceWorkers?: 'allow' | 'block' } = {},
    ): Promise<Page> {
      if (!browser) throw new Error('no browser');
      await context?.close();
      context = await browser.newContext({
        viewport,
        locale: 'sv-SE',
        serviceWorkers: 'block',
        ...options,
      });
      const page = await context.newPage();
      page.on('console', (message) => {
        if (message.type() === 'error') errors.push(`${message.text()} (${page.url()})`);
      });
      page.on('pageerror', (error) => errors.push(`pageerror: ${error.message}`));
      return page;
    },
    /**
     * Allows expected console errors (e.g. the browser's own 404 log) matching `pattern` for the
     * rest of the current test, including ones logged after this call.
     */
    allowConsoleError(pattern: RegExp) {
      allowed.push(pattern);
    },
  };
}
