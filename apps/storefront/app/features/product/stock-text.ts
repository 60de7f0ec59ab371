/**
 * Swedish texts of stock statuses and delivery times (SPEC §4): "I lager", "Få kvar",
 * "Slut i lager" (+ "Åter i lager {date}" when stock is incoming), "Beställningsvara",
 * and "Leveranstid 1-3 dagar" / "Leveranstid 3-10 dagar" / "Längre leveranstid".
 */
import { formatDate, t } from '../../i18n/i18n';
import type { DeliveryTimeName, StockStatusName } from './product-view';

/**
 * The stock status text; an out-of-stock size with an incoming date also says when it returns,
 * the date in `culture` (the request language, `useCulture()`; Swedish by default).
 */
export function stockText(
  status: StockStatusName,
  incoming?: string | null,
  culture?: string,
): string {
  const text = t(`stock.${status}`);
  const date = status === 'out-of-stock' ? formatDate(incoming, culture) : '';
  return date ? `${text} – ${t('stock.back-in-stock', { date })}` : text;
}

/** The delivery-time text. */
export function deliveryText(delivery: DeliveryTimeName): string {
  return t(`delivery.${delivery}`);
}
