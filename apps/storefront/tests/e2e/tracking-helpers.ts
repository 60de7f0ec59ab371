/**
 * Helpers of the consent and tracking journeys (consent-tracking.e2e.ts): the page's
 * dataLayer as plain entries, its events by name, axe's WCAG 2.2 AA violations, and amounts
 * read from Swedish price texts.
 */
import { AxeBuilder } from '@axe-core/playwright';
import type { Page } from '@playwright/test';

/** The WCAG 2.2 AA rule sets of axe-core. */
const wcagTags = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa'];

/** axe-core's WCAG violations on the page (rule ids). */
export async function axeViolations(page: Page): Promise<string[]> {
  const result = await new AxeBuilder({ page }).withTags(wcagTags).analyze();
  return result.violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`);
}

/** A dataLayer entry: an object, or the arguments of a `gtag(...)` call as `{ gtag: [...] }`. */
export type Entry = Record<string, unknown> & { gtag?: unknown[] };

export function dataLayer(page: Page): Promise<Entry[]> {
  return page.evaluate(() => {
    const layer = (window as unknown as { dataLayer?: unknown[] }).dataLayer;
    if (!layer) return [];
    return layer.map((entry) =>
      Object.prototype.toString.call(entry) === '[object Arguments]'
        ? { gtag: Array.from(entry as ArrayLike<unknown>) }
        : (entry as Entry),
    );
  });
}

/** The events named `name`. */
export async function events(page: Page, name: string): Promise<Entry[]> {
  return (await dataLayer(page)).filter((entry) => entry.event === name);
}

/** Resolves once React has hydrated the page. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.documentElement.dataset.hydrated === 'true');
}

/** "1 039,20 kr" -> 1039.2. */
export function amount(text: string | null): number {
  return Number((text ?? '').replace(/[^\d,]/g, '').replace(',', '.'));
}
