/**
 * The outcome of a back-in-stock request (issue 17) as the `/bevaka` action returns it to the
 * form (JSON with JavaScript, `?bevaka=<status>` after a plain form post), and its text.
 */
import { t } from '../../i18n/i18n';

/** What became of a request. */
export type BackInStockStatus =
  'subscribed' | 'in-stock' | 'invalid-email' | 'rate-limited' | 'error';

/** The statuses a `?bevaka=` parameter may carry. */
export const BACK_IN_STOCK_STATUSES: readonly BackInStockStatus[] = [
  'subscribed',
  'in-stock',
  'invalid-email',
  'rate-limited',
  'error',
];

/** The `/bevaka` action's JSON answer. */
export interface BackInStockResult {
  status: BackInStockStatus;
  /** The SKU the answer is about (the form ignores answers for another size). */
  skuId: number;
}

/** A status from a query parameter, or null. */
export function parseBackInStockStatus(value: string | null): BackInStockStatus | null {
  return BACK_IN_STOCK_STATUSES.find((status) => status === value) ?? null;
}

/** True for the outcomes that are errors (shown as an alert next to the field). */
export function isBackInStockError(status: BackInStockStatus): boolean {
  return status === 'invalid-email' || status === 'rate-limited' || status === 'error';
}

/** The Swedish text of an outcome. */
export function backInStockText(status: BackInStockStatus): string {
  switch (status) {
    case 'subscribed':
      return t('backInStock.subscribed');
    case 'in-stock':
      return t('backInStock.inStock');
    case 'invalid-email':
      return t('validation.email');
    case 'rate-limited':
      return t('backInStock.rateLimited');
    default:
      return t('error.generic.text');
  }
}
