/**
 * The totals of a cart (SPEC §3 Cart summary): items, discounts, shipping with what is left to
 * free shipping (SPEC §9: 499 kr; to service points and store pickup, as the top bar says: home
 * delivery is never free, issue 14) in the cart's VAT mode, or that the chosen paid delivery is
 * not part of it (issue 40 §6), total and VAT; incl. or excl. VAT by customer type.
 * Deductions carry the shop's one minus sign (U+2212, from `formatDeduction`).
 */
import { t } from '../../i18n/i18n';
import type { CartView } from './cart-view';

/** The summary table of a cart. */
export function CartSummary({ cart }: { cart: CartView }) {
  return (
    <div className="cart-summary">
      {cart.amountLeftToFreeShipping ? (
        <p className="cart-summary__free-shipping">
          {t(cart.includesVat ? 'cart.freeShippingLeft' : 'cart.freeShippingLeftExVat', {
            amount: cart.amountLeftToFreeShipping,
          })}
        </p>
      ) : cart.freeShippingNotChosen ? (
        <p className="cart-summary__free-shipping">
          {t('cart.freeShippingNotChosen', { name: cart.freeShippingNotChosen })}
        </p>
      ) : cart.freeShipping ? (
        <p className="cart-summary__free-shipping cart-summary__free-shipping--done">
          {t('cart.freeShippingReached')}
        </p>
      ) : null}
      <dl className="cart-summary__rows">
        <div>
          <dt>{t('cart.items')}</dt>
          <dd>{cart.itemsRegular}</dd>
        </div>
        {cart.discount ? (
          <div className="cart-summary__discount">
            <dt>{t('cart.discount')}</dt>
            <dd>{cart.discountOff}</dd>
          </div>
        ) : null}
        {cart.campaigns.length > 0 ? (
          <div className="cart-summary__campaigns">
            <dt>{t('cart.campaigns')}</dt>
            <dd>{cart.campaigns.join(', ')}</dd>
          </div>
        ) : null}
        <div>
          <dt>
            {cart.shippingName
              ? t('cart.shippingNamed', { name: cart.shippingName })
              : t('cart.shipping')}
          </dt>
          <dd>{cart.shippingFee}</dd>
        </div>
        {cart.giftCard ? (
          <div>
            <dt>{t('cart.giftCard')}</dt>
            <dd>{cart.giftCardOff}</dd>
          </div>
        ) : null}
        <div className="cart-summary__total">
          <dt>
            {t('cart.total')}{' '}
            <span className="price__vat">
              {cart.includesVat ? t('price.incVat') : t('price.exVat')}
            </span>
          </dt>
          <dd data-testid="cart-total">{cart.giftCard ? cart.toPay : cart.total}</dd>
        </div>
        <div className="cart-summary__vat">
          <dt>{cart.includesVat ? t('cart.vatIncluded') : t('cart.pricesExVat')}</dt>
          <dd>{cart.vat}</dd>
        </div>
      </dl>
    </div>
  );
}
