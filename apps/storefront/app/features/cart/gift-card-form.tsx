/**
 * The gift card box (SPEC §1 gift cards, §3 Cart summary balance): a POST form to `/varukorg`
 * that works without JavaScript and is sent with a fetcher when it runs. Wrong codes get the
 * API's message; after five the API answers "too many attempts".
 */
import { useFetcher } from 'react-router';
import { t } from '../../i18n/i18n';
import type { CartView } from './cart-view';

interface GiftCardResult {
  ok: boolean;
  error: string | null;
}

/** Enter or remove a gift card; `checkout`: on the checkout page (checkout market). */
export function GiftCardForm({ cart, checkout = false }: { cart: CartView; checkout?: boolean }) {
  const fetcher = useFetcher<GiftCardResult>();
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  if (cart.giftCard) {
    return (
      <fetcher.Form method="post" action="/varukorg" className="promo-form">
        <input type="hidden" name="intent" value="giftcard-clear" />
        <input type="hidden" name="js" value="1" />
        {checkout ? <input type="hidden" name="cartMarket" value="checkout" /> : null}
        <p className="promo-form__active">
          {t('cart.giftCardForm.active', { amount: cart.giftCard })}
        </p>
        <button type="submit" className="link-button">
          {t('cart.giftCardForm.remove')}
        </button>
      </fetcher.Form>
    );
  }
  return (
    <fetcher.Form method="post" action="/varukorg" className="promo-form">
      <input type="hidden" name="intent" value="giftcard" />
      <input type="hidden" name="js" value="1" />
      {checkout ? <input type="hidden" name="cartMarket" value="checkout" /> : null}
      <label htmlFor="gift-card-code" className="promo-form__label">
        {t('cart.giftCardForm.label')}
      </label>
      <div className="promo-form__row">
        <input
          id="gift-card-code"
          name="giftCardCode"
          className="input"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'gift-card-error' : undefined}
        />
        <button type="submit" className="button button--secondary">
          {t('cart.promo.submit')}
        </button>
      </div>
      {error ? (
        <p id="gift-card-error" className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}
