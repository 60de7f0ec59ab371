/**
 * The cart page `/varukorg` (SPEC §2 "cart", §4 cart states, §5 quantity within stock, §9 free
 * shipping over 499 kr). Its action takes every cart change as a plain form POST (works without
 * JavaScript: it redirects or re-renders) and answers fetchers with data: `add` (from the
 * product page), `update`, `remove`, `promo` and `clear` (the shopper's reset: clearCart and the
 * cookie removed). The cart panel (features/cart/cart-panel.tsx) loads and changes the cart
 * through this route too. With JavaScript a quantity over the stock shows the shop's message
 * ("Det finns bara 3 kvar i lager") instead of the browser's bubble, a removal is announced and
 * focus stays on the page, and every change reaches the header's badge and the other tabs.
 */
import { useEffect, useRef, useState } from 'react';
import { data as respond, Form, Link, redirect, useFetcher } from 'react-router';
import type { Route } from './+types/cart';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import {
  addItem,
  loadCart,
  resetCart,
  setGiftCard,
  setPromoCode,
  updateLine,
  type CartChange,
} from '../features/cart/cart.server';
import { toCartView, type CartLineView, type CartView } from '../features/cart/cart-view';
import { CartSummary } from '../features/cart/cart-summary';
import { GiftCardForm, PromoCodeForm } from '../features/cart/cart-code-form';
import { ResetCart } from '../features/cart/reset-cart';
import { publishCart, useCartMarkets, usePublishCartAnswer } from '../features/cart/cart-state';
import { trackCart } from '../features/tracking/data-layer';
import { checkoutContext } from '../features/checkout/checkout.server';
import { t } from '../i18n/i18n';
import { cartMoneyFormat } from '../market/request-market';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { sameOriginPath } from '../routing/safe-redirect';

/** "Varukorg", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('cart.title'), noindex: true });

/** The cart of the cookie (none: empty). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const cart = await loadCart(request, context);
  const format = cartMoneyFormat(context.market, context.markets, 'cart');
  return { cart: cart ? toCartView(cart, context.market.pricesIncludeVat, format) : null };
}

const quantityOf = (value: FormDataEntryValue | null, min: number): number | null => {
  const n = Number(value);
  return typeof value === 'string' && /^\d{1,3}$/.test(value) && n >= min ? n : null;
};

/** A same-site path to go back to after a form post without JavaScript. */
function safeReturnPath(value: FormDataEntryValue | null): string {
  return sameOriginPath(value, '/varukorg');
}

/** Cart changes; see the module comment. */
export async function action({ request, context: requestContext }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const js = form.get('js') === '1';
  // Promo code and gift card forms of the checkout page send the checkout market (SPEC §2).
  const onCheckout = form.get('cartMarket') === 'checkout';
  const context = onCheckout ? checkoutContext(requestContext, 'checkout') : requestContext;
  let change: CartChange;
  if (intent === 'add') {
    const skuId = Number(form.get('skuId'));
    const quantity = quantityOf(form.get('quantity') ?? '1', 1);
    if (!form.get('skuId') || !Number.isSafeInteger(skuId) || skuId <= 0) {
      change = { cart: null, setCookie: null, error: t('cart.chooseSize'), code: 'SIZE' };
    } else if (quantity === null) {
      change = {
        cart: null,
        setCookie: null,
        error: t('cart.badQuantity'),
        code: 'BAD_USER_INPUT',
      };
    } else {
      // Click and collect (issue 40 §6): the store chosen on the product page.
      const store = String(form.get('pickupStore') ?? '').trim();
      change = await addItem(
        request,
        context,
        skuId,
        quantity,
        /^[a-z0-9-]{1,40}$/.test(store) ? store : null,
      );
    }
    if (!js) {
      const back = safeReturnPath(form.get('returnTo'));
      const headers = change.setCookie ? { 'Set-Cookie': change.setCookie } : undefined;
      if (change.error) {
        const url = new URL(back, 'http://x');
        url.searchParams.set('cartError', change.code === 'SIZE' ? 'size' : change.error);
        throw redirect(url.pathname + url.search, { status: 303, headers });
      }
      throw redirect('/varukorg', { status: 303, headers });
    }
  } else if (intent === 'update' || intent === 'remove') {
    const quantity = intent === 'remove' ? 0 : quantityOf(form.get('quantity'), 0);
    const lineId = String(form.get('lineId') ?? '');
    change =
      quantity === null || !/^\d+$/.test(lineId)
        ? { cart: null, setCookie: null, error: t('cart.badQuantity'), code: 'BAD_USER_INPUT' }
        : await updateLine(request, context, lineId, quantity);
  } else if (intent === 'clear') {
    change = await resetCart(request, context);
    if (!js && !change.error) {
      const headers = change.setCookie ? { 'Set-Cookie': change.setCookie } : undefined;
      throw redirect('/varukorg', { status: 303, headers });
    }
  } else if (intent === 'promo' || intent === 'promo-clear') {
    const code = intent === 'promo' ? String(form.get('promoCode') ?? '').trim() : '';
    change =
      intent === 'promo' && code === ''
        ? {
            cart: null,
            setCookie: null,
            error: t('cart.promo.invalid'),
            code: 'INVALID_PROMO_CODE',
          }
        : await setPromoCode(request, context, code);
  } else if (intent === 'giftcard' || intent === 'giftcard-clear') {
    const code = intent === 'giftcard' ? String(form.get('giftCardCode') ?? '').trim() : '';
    change =
      intent === 'giftcard' && code === ''
        ? {
            cart: null,
            setCookie: null,
            error: t('cart.giftCardForm.empty'),
            code: 'BAD_USER_INPUT',
          }
        : await setGiftCard(request, context, code);
  } else {
    return respond({ ok: false, error: t('error.generic.text'), cart: null }, { status: 400 });
  }
  const format = cartMoneyFormat(context.market, context.markets, onCheckout ? 'checkout' : 'cart');
  const cart = change.cart
    ? toCartView(change.cart, context.market.pricesIncludeVat, format)
    : null;
  const headers = change.setCookie ? { 'Set-Cookie': change.setCookie } : undefined;
  return respond(
    { ok: !change.error, error: change.error, code: change.code, intent, cart },
    { headers },
  );
}

function LineRow({ line, onRemove }: { line: CartLineView; onRemove: (l: CartLineView) => void }) {
  const fetcher = useFetcher<typeof action>();
  usePublishCartAnswer(fetcher);
  const [tooMany, setTooMany] = useState<string | null>(null);
  const serverError = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const error = tooMany ?? serverError;
  const max = line.maxQuantity ?? 999;
  const errorId = `qty-${line.id}-error`;
  return (
    <li className="cart-line">
      {line.image ? (
        <img className="cart-line__image" src={line.image} alt="" width={96} height={96} />
      ) : (
        <span className="cart-line__image" aria-hidden="true" />
      )}
      <div className="cart-line__info">
        {line.brand ? <p className="cart-line__brand">{line.brand}</p> : null}
        <Link to={line.url} className="cart-line__name">
          {line.name}
        </Link>
        {line.size ? (
          <p className="cart-line__size">{t('cart.size', { size: line.size })}</p>
        ) : null}
        {line.pickupStore ? (
          <p className="cart-line__pickup">
            {t('cart.pickupStore', { store: line.pickupStore.name })}
          </p>
        ) : null}
        <p className="cart-line__unit">
          {line.unitRegularPrice ? <s>{line.unitRegularPrice}</s> : null} {line.unitPrice}
        </p>
        {line.unitLowestPrice ? (
          <p className="cart-line__lowest">
            {t('price.lowest30', { price: line.unitLowestPrice })}
          </p>
        ) : null}
        {line.campaigns.length > 0 ? (
          <p className="cart-line__campaigns">{line.campaigns.join(', ')}</p>
        ) : null}
      </div>
      <fetcher.Form
        method="post"
        action="/varukorg"
        className="cart-line__quantity"
        noValidate
        onSubmit={(event) => {
          // The shop's own message instead of the browser's validation bubble (issue 14).
          const value = Number(new FormData(event.currentTarget).get('quantity'));
          if (line.maxQuantity !== null && value > line.maxQuantity) {
            event.preventDefault();
            setTooMany(
              line.pickupStore
                ? t('api.outOfStock.store.only', {
                    stock: line.maxQuantity,
                    store: line.pickupStore.name,
                  })
                : t('cart.stockLeft', { stock: line.maxQuantity }),
            );
            return;
          }
          setTooMany(null);
          if (value === 0) onRemove(line);
        }}
      >
        <input type="hidden" name="intent" value="update" />
        <input type="hidden" name="lineId" value={line.id} />
        <input type="hidden" name="js" value="1" />
        <label htmlFor={`qty-${line.id}`} className="sr-only">
          {t('cart.quantityOf', { name: line.name })}
        </label>
        <input
          id={`qty-${line.id}`}
          className="cart-line__qty-input"
          type="number"
          name="quantity"
          inputMode="numeric"
          min={0}
          max={max}
          defaultValue={line.quantity}
          key={line.quantity}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? errorId : undefined}
          onChange={() => setTooMany(null)}
        />
        <button type="submit" className="button button--secondary">
          {t('cart.update')}
        </button>
      </fetcher.Form>
      <div className="cart-line__total">
        {line.totalBefore ? <s>{line.totalBefore}</s> : null}
        <strong>{line.total}</strong>
      </div>
      <fetcher.Form
        method="post"
        action="/varukorg"
        className="cart-line__remove"
        onSubmit={() => onRemove(line)}
      >
        <input type="hidden" name="intent" value="remove" />
        <input type="hidden" name="lineId" value={line.id} />
        <input type="hidden" name="js" value="1" />
        <button type="submit" className="link-button">
          {t('cart.remove')}
          <span className="sr-only"> {line.name}</span>
        </button>
      </fetcher.Form>
      {error ? (
        <p id={errorId} className="form-error cart-line__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/**
 * The cart contents and summary (page and checkout). `onRemove` is told of each line the shopper
 * removes (when the form is sent).
 */
export function CartContents({
  cart,
  onRemove,
}: {
  cart: CartView;
  onRemove?: (line: CartLineView) => void;
}) {
  const remove = (line: CartLineView) => {
    trackCart('remove', {
      skuId: line.skuId,
      productId: line.productId,
      name: line.name,
      quantity: line.quantity,
      price: line.unitPriceIncVat,
    });
    onRemove?.(line);
  };
  return (
    <ul className="cart-lines" aria-label={t('cart.linesLabel')}>
      {cart.lines.map((line) => (
        <LineRow key={line.id} line={line} onRemove={remove} />
      ))}
    </ul>
  );
}

/**
 * After a removal (issue 14; WCAG 2.4.3, 4.1.3): once the line is gone a polite live region says
 * which item was removed, and focus, which was on the removed line's button, goes to the empty
 * cart's message or else the page heading instead of falling to `<body>`.
 */
function useRemovalFocus(cart: CartView | null) {
  const [removing, setRemoving] = useState<CartLineView | null>(null);
  const [announcement, setAnnouncement] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  const empty = useRef<HTMLParagraphElement>(null);
  const markets = useCartMarkets();
  useEffect(() => {
    if (!removing || cart?.lines.some((line) => line.id === removing.id)) return;
    setRemoving(null);
    // The row (and its fetcher) is gone: tell the badge and the other tabs from here.
    publishCart(cart, markets);
    setAnnouncement(t('cart.removed', { name: removing.name }));
    (empty.current ?? heading.current)?.focus();
  }, [cart, removing, markets]);
  return { onRemove: setRemoving, announcement, heading, empty };
}

/** The cart page. */
export default function CartPage({ loaderData, actionData }: Route.ComponentProps) {
  const cart = loaderData.cart;
  const message = actionData && !actionData.ok ? actionData.error : null;
  const removal = useRemovalFocus(cart);
  return (
    <div className="page container cart-page">
      <Breadcrumbs items={[{ name: t('cart.title'), url: '/varukorg' }]} />
      <h1 className="cart-page__title" ref={removal.heading} tabIndex={-1}>
        {t('cart.title')}
      </h1>
      <p className="sr-only" role="status" aria-live="polite">
        {removal.announcement}
      </p>
      {message ? (
        <p className="form-error" role="alert">
          {message}
        </p>
      ) : null}
      {!cart || cart.lines.length === 0 ? (
        <div className="cart-empty">
          <p ref={removal.empty} tabIndex={-1}>
            {t('cart.empty')}
          </p>
          <Link to="/" className="button button--primary">
            {t('cart.continue')}
          </Link>
        </div>
      ) : (
        <div className="cart-layout">
          <section aria-labelledby="cart-lines-title">
            <h2 id="cart-lines-title" className="sr-only">
              {t('cart.linesLabel')}
            </h2>
            <CartContents cart={cart} onRemove={removal.onRemove} />
            <ResetCart cart={cart} />
          </section>
          <aside className="cart-aside" aria-labelledby="cart-summary-title">
            <h2 id="cart-summary-title" className="cart-aside__title">
              {t('cart.summary')}
            </h2>
            <CartSummary cart={cart} />
            <PromoCodeForm cart={cart} />
            <GiftCardForm cart={cart} />
            <Form method="get" action="/kassan">
              <button type="submit" className="button button--primary button--block">
                {t('cart.toCheckout')}
              </button>
            </Form>
          </aside>
        </div>
      )}
    </div>
  );
}
