/**
 * The promo code box (SPEC §8 "Koden är ej giltig"; GEINS-API §4.5 setCartPromoCode): a POST
 * form to `/varukorg` that works without JavaScript and is sent with a fetcher when it runs.
 */
import { useFetcher } from 'react-router';
import { t } from '../../i18n/i18n';
import type { CartView } from './cart-view';

interface PromoResult {
  ok: boolean;
  error: string | null;
}

/** Enter or remove the cart's promo code; `checkout`: on the checkout page (checkout market). */
export function PromoCodeForm({ cart, checkout = false }: { cart: CartView; checkout?: boolean }) {
  const fetcher = useFetcher<PromoResult>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  if (cart.promoCode) {
    return (
      <fetcher.Form method="post" action="/varukorg" className="promo-form">
        <input type="hidden" name="intent" value="promo-clear" />
        <input type="hidden" name="js" value="1" />
        {checkout ? <input type="hidden" name="cartMarket" value="checkout" /> : null}
        <p className="promo-form__active">{t('cart.promo.active', { code: cart.promoCode })}</p>
        <button type="submit" className="link-button">
          {t('cart.promo.remove')}
        </button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" action="/varukorg" className="promo-form">
      <input type="hidden" name="intent" value="promo" />
      <input type="hidden" name="js" value="1" />
      {checkout ? <input type="hidden" name="cartMarket" value="checkout" /> : null}
      <label htmlFor="promo-code" className="promo-form__label">
        {t('cart.promo.label')}
      </label>
      <div className="promo-form__row">
        <input
          id="promo-code"
          name="promoCode"
          className="input"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'promo-code-error' : undefined}
        />
        <button type="submit" className="button button--secondary">
          {t('cart.promo.submit')}
        </button>
      </div>
      {error ? (
        <p id="promo-code-error" className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
