/**
 * The code boxes of the cart and checkout: a promo code (SPEC §8 "Koden är ej giltig"; GEINS-API
 * §4.5 setCartPromoCode) and a gift card (SPEC §1 gift cards, §3 Cart summary balance; wrong
 * codes get the API's message, after five "too many attempts"). Each is a POST form to
 * `/varukorg` that works without JavaScript and is sent with a fetcher when it runs; the changed
 * cart reaches the badge and the other tabs (cart-state.ts).
 */
import { useFetcher } from 'react-router';
import { t } from '../../i18n/i18n';
import { usePublishCartAnswer } from './cart-state';
import type { CartView } from './cart-view';

interface CodeResult {
  ok: boolean;
  error: string | null;
}

/** What differs between the two boxes: intents, field name, element ids and texts. */
interface CodeFormKind {
  /** `/varukorg` action intent that applies the code; `${intent}-clear` removes it. */
  intent: 'promo' | 'giftcard';
  /** Form field with the code. */
  field: 'promoCode' | 'giftCardCode';
  /** Id of the input; the error paragraph is `${id}-error`. */
  id: string;
  label: string;
  removeLabel: string;
  /** The applied code or balance text, or null when none is applied. */
  active: string | null;
  /** Why the applied code gives less than its face value (issue 40 §3), or null. */
  note?: string | null;
}

function CartCodeForm({ kind, checkout }: { kind: CodeFormKind; checkout: boolean }) {
  const fetcher = useFetcher<CodeResult>();
  usePublishCartAnswer(fetcher, !checkout);
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="js" value="1" />
      {checkout ? <input type="hidden" name="cartMarket" value="checkout" /> : null}
    </>
  );
  if (kind.active) {
    return (
      <fetcher.Form method="post" action="/varukorg" className="promo-form">
        {hidden(`${kind.intent}-clear`)}
        <p className="promo-form__active">{kind.active}</p>
        {kind.note ? (
          <p className="promo-form__note" data-testid="promo-limit">
            {kind.note}
          </p>
        ) : null}
        <button type="submit" className="link-button">
          {kind.removeLabel}
        </button>
      </fetcher.Form>
    );
  }
  const errorId = `${kind.id}-error`;
  return (
    <fetcher.Form method="post" action="/varukorg" className="promo-form">
      {hidden(kind.intent)}
      <label htmlFor={kind.id} className="promo-form__label">
        {kind.label}
      </label>
      <div className="promo-form__row">
        <input
          id={kind.id}
          name={kind.field}
          className="input"
          autoComplete="off"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
        />
        <button type="submit" className="button button--secondary">
          {t('cart.promo.submit')}
        </button>
      </div>
      {error ? (
        <p id={errorId} className="form-error" role="alert">
          {error}
        </p>
      ) : null}
    </fetcher.Form>
  );
}

/**
 * Why the cart's promo code gave less than its face value (issue 40 §3): "VÅR10 gäller inte redan
 * nedsatta varor" when it left out some lines, "Koden gäller inte redan nedsatta varor och ger
 * ingen rabatt på din varukorg" when it left out all; null when it applies to every line.
 */
export function promoLimitText(cart: Pick<CartView, 'promoLimit'>): string | null {
  const limit = cart.promoLimit;
  if (!limit) return null;
  return limit.all
    ? t('cart.promo.excludesAllDiscounted')
    : t('cart.promo.excludesDiscounted', { code: limit.code });
}

/** Enter or remove the cart's promo code; `checkout`: on the checkout page (checkout market). */
export function PromoCodeForm({ cart, checkout = false }: { cart: CartView; checkout?: boolean }) {
  return (
    <CartCodeForm
      checkout={checkout}
      kind={{
        intent: 'promo',
        field: 'promoCode',
        id: 'promo-code',
        label: t('cart.promo.label'),
        removeLabel: t('cart.promo.remove'),
        active: cart.promoCode ? t('cart.promo.active', { code: cart.promoCode }) : null,
        note: promoLimitText(cart),
      }}
    />
  );
}

/** Enter or remove a gift card; `checkout`: on the checkout page (checkout market). */
export function GiftCardForm({ cart, checkout = false }: { cart: CartView; checkout?: boolean }) {
  return (
    <CartCodeForm
      checkout={checkout}
      kind={{
        intent: 'giftcard',
        field: 'giftCardCode',
        id: 'gift-card-code',
        label: t('cart.giftCardForm.label'),
        removeLabel: t('cart.giftCardForm.remove'),
        active: cart.giftCard ? t('cart.giftCardForm.active', { amount: cart.giftCard }) : null,
      }}
    />
  );
}
