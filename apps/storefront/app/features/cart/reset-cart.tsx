/**
 * "Töm varukorgen" (SPEC §4 "Reset clears the cart and its cookie and reloads"): a disclosure
 * that asks first, then posts `intent=clear` to `/varukorg`, which calls clearCart and removes
 * the `ralph-cart` cookie. Without JavaScript the native `<details>` still opens and the form
 * posts and redirects back to the cart page. With JavaScript a fetcher sends it, `cart:remove` is
 * pushed for every line removed (as the cart page does for one line), the empty cart goes to the
 * badge and the other tabs (cart-state.ts), and `onCleared` runs.
 */
import { useEffect, useRef } from 'react';
import { useFetcher } from 'react-router';
import { t } from '../../i18n/i18n';
import { publishCart, useCartMarkets } from './cart-state';
import type { CartView } from './cart-view';
import { trackCart } from '../tracking/data-layer';
import { JsFlag } from '../../components/ui/js-flag';

/** What the cart action answers. */
interface ClearResult {
  ok: boolean;
  error: string | null;
  intent?: unknown;
}

/** Pushes `cart:remove` for every line of the cart (browser only). */
export function trackCartCleared(cart: CartView): void {
  for (const line of cart.lines) {
    trackCart('remove', {
      skuId: line.skuId,
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      price: line.unitPriceIncVat,
    });
  }
}

/** The reset control of a cart with lines. */
export function ResetCart({ cart, onCleared }: { cart: CartView; onCleared?: () => void }) {
  const fetcher = useFetcher<ClearResult>();
  const markets = useCartMarkets();
  const notified = useRef<ClearResult | null>(null);
  useEffect(() => {
    const result = fetcher.data;
    if (fetcher.state !== 'idle' || !result?.ok || notified.current === result) return;
    notified.current = result;
    publishCart(null, markets);
    onCleared?.();
  }, [fetcher.state, fetcher.data, onCleared, markets]);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  return (
    <details className="cart-reset">
      <summary className="cart-reset__summary">{t('cart.reset')}</summary>
      <div className="cart-reset__confirm">
        <p className="cart-reset__question">{t('cart.reset.question')}</p>
        <fetcher.Form method="post" action="/varukorg" onSubmit={() => trackCartCleared(cart)}>
          <input type="hidden" name="intent" value="clear" />
          <JsFlag />
          <button type="submit" className="button cart-reset__yes">
            {t('cart.reset.confirm')}
          </button>
        </fetcher.Form>
        {error ? (
          <p className="form-error" role="alert">
            {error}
          </p>
        ) : null}
      </div>
    </details>
  );
}
