/**
 * The journeys' fixtures (issue 22, @playwright/test): the shop's URL, a `page` that fails the
 * test on any console error or uncaught page error (ARCHITECTURE convention 10) unless the test
 * allows it with `allowConsoleError`, `newPage` for a page in a fresh context of its own, and
 * unique data per test (`unique`). Defaults (viewport 1360x900, sv-SE, service workers
 * blocked, Debian's Chromium) are in playwright.config.ts.
 */
import { existsSync } from 'node:fs';
import {
  test as base,
  expect,
  type BrowserContext,
  type BrowserContextOptions,
  type Page,
} from '@playwright/test';

export { expect };
export type { Page, Locator } from '@playwright/test';

const chromiumPath = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';

/**
 * True when the browser exists. Browser journeys call `test.skip(!browserAvailable, ...)`; in CI
 * a missing browser already failed the run (playwright.config.ts).
 */
export const browserAvailable = existsSync(chromiumPath);
/** The reason a browser journey is skipped without Chromium. */
export const NO_BROWSER = `no Chromium at ${chromiumPath}`;

/**
 * Base URL of the shop started by global-setup.ts (E2E_BASE_URL).
 * @throws Error outside a Playwright run (no global setup ran)
 */
export function baseUrl(): string {
  const url = process.env.E2E_BASE_URL;
  if (!url) throw new Error('E2E_BASE_URL is not set: run the journeys with `npm run test:e2e`');
  return url;
}

let counter = 0;
/**
 * A string no other test of this run (or a retry, or another worker) produces: for e-mail
 * addresses and other data a journey creates in the shared shop.
 */
export function unique(): string {
  counter += 1;
  return `${Date.now()}${process.pid}${counter}`;
}

/** Options of {@link JourneyFixtures.newPage}. */
interface NewPageOptions {
  javaScriptEnabled?: boolean;
  serviceWorkers?: 'allow' | 'block';
}

interface JourneyFixtures {
  /** Console errors and page errors of the test's pages, asserted empty when it ends. */
  consoleErrors: { seen: string[]; allowed: RegExp[] };
  /**
   * Allows expected console errors (e.g. the browser's own log of a 404 answer) matching
   * `pattern` for the rest of the test, including ones logged after this call.
   */
  allowConsoleError: (pattern: RegExp) => void;
  /**
   * A page in a fresh context (closing the one the previous call made), with the config's
   * defaults and the console-error check; for a page without JavaScript or with the service
   * worker (`serviceWorkers: 'allow'`).
   */
  newPage: (options?: NewPageOptions) => Promise<Page>;
}

/** Records the page's console errors and uncaught errors into `seen`. */
function watchErrors(page: Page, seen: string[]): void {
  page.on('console', (message) => {
    if (message.type() === 'error') seen.push(`${message.text()} (${page.url()})`);
  });
  page.on('pageerror', (error) => seen.push(`pageerror: ${error.message}`));
}

/**
 * True once the page's scripts have run: React Router's module script has set its route modules
 * (hydration then starts at once), or the page has no React Router scripts to run (JavaScript
 * off, an error page of the server, a file). Evaluated in the page.
 */
function scriptsHaveRun(): boolean {
  return !('__reactRouterContext' in window) || '__reactRouterRouteModules' in window;
}

/**
 * Makes `goto` and `reload` also wait until the page's scripts have run. The shop loads them
 * after the first paint (app/routing/scripts-after-paint.server.ts, issue 23), which can be
 * after the `load` event these wait for; when the scripts were part of the document, `load`
 * waited for them. A journey acts like a shopper on a page that is ready; what the page does
 * before its scripts run (links, forms without JavaScript) has journeys of its own with
 * JavaScript turned off.
 */
function awaitScriptsOnNavigation(page: Page): void {
  const goto = page.goto.bind(page);
  const reload = page.reload.bind(page);
  const settle = async <T>(response: T): Promise<T> => {
    await page.waitForFunction(scriptsHaveRun, undefined, { timeout: 15_000 });
    return response;
  };
  page.goto = async (...args) => settle(await goto(...args));
  page.reload = async (...args) => settle(await reload(...args));
}

/**
 * Full-page screenshots show the whole page. Cards after the first four and the footer are laid
 * out only near the viewport (`content-visibility: auto`, issue 23), and Chromium does not paint
 * them in the part of a full-page capture beyond the viewport: they would be blank. For the
 * capture they are made visible by a DevTools style sheet, which the shop's CSP (`style-src
 * 'self'`, no inline styles) does not apply to, unlike Playwright's own `style` option.
 */
function paintWholePageInScreenshots(page: Page): void {
  const screenshot = page.screenshot.bind(page);
  page.screenshot = async (options = {}) => {
    if (!options.fullPage) return screenshot(options);
    const cdp = await page.context().newCDPSession(page);
    try {
      await cdp.send('DOM.enable');
      await cdp.send('CSS.enable');
      const { frameTree } = await cdp.send('Page.getFrameTree');
      const { styleSheetId } = await cdp.send('CSS.createStyleSheet', {
        frameId: frameTree.frame.id,
      });
      const text = '* { content-visibility: visible !important; }';
      await cdp.send('CSS.setStyleSheetText', { styleSheetId, text });
      try {
        return await screenshot(options);
      } finally {
        await cdp.send('CSS.setStyleSheetText', { styleSheetId, text: '' });
      }
    } finally {
      await cdp.detach();
    }
  };
}

/**
 * Watches every page of a context, also pages opened later (a second tab), and makes their
 * `goto` and `reload` wait for the page's scripts.
 */
function watchContext(context: BrowserContext, seen: string[]): void {
  const watch = (page: Page) => {
    watchErrors(page, seen);
    awaitScriptsOnNavigation(page);
    paintWholePageInScreenshots(page);
  };
  for (const page of context.pages()) watch(page);
  context.on('page', watch);
}

export const test = base.extend<JourneyFixtures>({
  // The shop of global-setup.ts: `page.goto('/path')` works as well as `${baseUrl()}/path`.
  // eslint-disable-next-line no-empty-pattern -- Playwright reads a fixture's dependencies from it
  baseURL: async ({}, provide) => {
    await provide(process.env.E2E_BASE_URL);
  },
  // eslint-disable-next-line no-empty-pattern -- as above
  consoleErrors: async ({}, provide) => {
    const errors = { seen: [] as string[], allowed: [] as RegExp[] };
    await provide(errors);
    // Runs after the pages' contexts closed (they depend on this fixture).
    const unexpected = errors.seen.filter(
      (message) => !errors.allowed.some((pattern) => pattern.test(message)),
    );
    expect(unexpected, 'console errors').toEqual([]);
  },
  allowConsoleError: async ({ consoleErrors }, provide) => {
    await provide((pattern) => {
      consoleErrors.allowed.push(pattern);
    });
  },
  context: async ({ context, consoleErrors }, provide) => {
    watchContext(context, consoleErrors.seen);
    await provide(context);
  },
  newPage: async (
    { browser, consoleErrors, viewport, locale, serviceWorkers, baseURL, javaScriptEnabled },
    provide,
  ) => {
    let context: BrowserContext | undefined;
    const defaults: BrowserContextOptions = {
      viewport,
      locale,
      serviceWorkers,
      baseURL,
      javaScriptEnabled,
    };
    await provide(async (options = {}) => {
      await context?.close();
      context = await browser.newContext({ ...defaults, ...options });
      watchContext(context, consoleErrors.seen);
      return context.newPage();
    });
    await context?.close();
  },
});
