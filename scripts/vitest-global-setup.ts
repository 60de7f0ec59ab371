/**
 * Vitest global setup of the unit and API tests: builds the storefront when stale, once, before
 * the workers start, so that test files serving it in parallel never build it at the same time
 * (each still calls buildIfStale, which is then a no-op).
 */
import { buildIfStale } from './build-if-stale.ts';

export default function setup(): void {
  buildIfStale();
}
