/**
 * The cart beside the checkout form (SPEC §2 "Kassan"): lines, summary, promo code and gift
 * card, and a link back to the cart.
 */
import { Link } from 'react-router';
import { CartSummary } from '../cart/cart-summary';
import { GiftCardForm, PromoCodeForm } from '../cart/cart-code-form';
import type { CartView } from '../cart/cart-view';
import { t } from '../../i18n/i18n';

/** The checkout's cart aside. */
export function CheckoutAside({ cart, culture }: { cart: CartView; culture: string }) {
  return (
    <aside className="cart-aside" aria-labelledby="checkout-cart-title">
      <h2 id="checkout-cart-title" className="cart-aside__title">
        {t('checkout.yourCart', { count: cart.count }, culture)}
      </h2>
      <ul className="cart-lines">
        {cart.lines.map((line) => (
          <li key={line.id} className="cart-line">
            {line.image ? (
              <img className="cart-line__image" src={line.image} alt="" width={72} height={72} />
            ) : (
              <span className="cart-line__image" aria-hidden="true" />
            )}
            <div className="cart-line__info">
              <p className="cart-line__name">{line.name}</p>
              <p className="cart-line__size">
                {line.size ? `${t('cart.size', { size: line.size })} · ` : ''}
                {t('cart.quantity', { quantity: line.quantity })}
              </p>
              {line.pickupStore ? (
                <p className="cart-line__pickup">
                  {t('cart.pickupStore', { store: line.pickupStore.name })}
                </p>
              ) : null}
            </div>
            <div className="cart-line__total">
              <strong>{line.total}</strong>
            </div>
          </li>
        ))}
      </ul>
      <CartSummary cart={cart} />
      <PromoCodeForm cart={cart} checkout />
      <GiftCardForm cart={cart} checkout />
      <Link to="/varukorg">{t('checkout.editCart')}</Link>
    </aside>
  );
}
