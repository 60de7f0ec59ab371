/**
 * The slide-in cart panel (SPEC §2 "cart" screen, §3 Cart / Cart item / Cart summary, §4 cart
 * states and "Modal: open or closed", §5 quantity within stock, §9 free shipping over 499 kr):
 * a native modal `<dialog>` opened with `showModal()` from the header's cart button and after
 * an add to cart (cart-panel-events.ts). The browser makes the rest of the page inert (focus
 * stays in the panel), Escape closes it, and focus returns to the element that opened it; the
 * dialog is labelled by its heading. Each line has its image, name, size, a quantity stepper
 * and its price (incl. VAT for private persons, excl. for companies, as `toCartView` made it),
 * then the summary with the free-shipping hint, "Till kassan", a link to the cart page and
 * "Töm varukorgen". The cart is the tab's cart state (cart-state.ts, shared with the header's
 * badge): it comes with the add that opened the panel, from another tab's `cart` message, or
 * from `/varukorg/antal?visa=1` with the cart retry (5 attempts, 1 s apart; then a message and
 * "Försök igen"). Changes post to the cart page's action, the same forms the page uses, and are
 * published to the badge and the other tabs.
 * The contents are rendered only while the panel is open.
 */
import { useCallback, useEffect, useRef, useState } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { t } from '../../i18n/i18n';
import { notify } from '../feedback/notifications';
import { CartSummary } from './cart-summary';
import { CART_PANEL_OPEN, type CartPanelOpen } from './cart-panel-events';
import type { CartLineView, CartView } from './cart-view';
import { fetchJsonWithRetry } from './cart-retry';
import { publishCart, setCart, useCartMarkets, useCartView } from './cart-state';
import { ResetCart } from './reset-cart';
import { trackCart } from '../tracking/data-layer';

/** What the cart route's action answers a fetcher: `{ ok, error, cart }`. */
interface CartAnswer {
  ok?: boolean;
  error?: string | null;
  cart: CartView | null;
}

/** The `aria-describedby` target naming the item just added. */
const ADDED_ID = 'cart-panel-added';
const TITLE_ID = 'cart-panel-title';

/** One line with its quantity stepper and remove button. */
function PanelLine({
  line,
  added,
  onCart,
  onRemoved,
  onNavigate,
}: {
  line: CartLineView;
  added: boolean;
  onCart: (cart: CartView) => void;
  onRemoved: () => void;
  onNavigate: () => void;
}) {
  const fetcher = useFetcher<CartAnswer>();
  const handled = useRef<CartAnswer | null>(null);
  useEffect(() => {
    const answer = fetcher.data;
    if (fetcher.state !== 'idle' || !answer || handled.current === answer) return;
    handled.current = answer;
    if (answer.ok && answer.cart) {
      onCart(answer.cart);
      if (!answer.cart.lines.some((l) => l.id === line.id)) {
        notify({ key: 'cart-removed', message: t('cart.removed', { name: line.name }) });
        onRemoved();
      }
    }
  }, [fetcher.state, fetcher.data, line.id, line.name, onCart, onRemoved]);

  // Optimistic: the quantity being sent, so quick clicks count from it.
  const pending = fetcher.formData?.get('quantity');
  const quantity =
    fetcher.formData?.get('intent') === 'update' && typeof pending === 'string'
      ? Number(pending)
      : line.quantity;
  const max = line.maxQuantity ?? 999;
  const atMin = quantity <= 1;
  const atMax = quantity >= max;
  const error = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const track = (delta: number) => {
    if (delta === 0) return;
    trackCart(delta > 0 ? 'add' : 'remove', {
      skuId: line.skuId,
      productId: line.productId,
      name: line.name,
      quantity: Math.abs(delta),
      price: line.unitPriceIncVat,
    });
  };
  return (
    <li className={`cart-panel__line${added ? ' cart-panel__line--added' : ''}`}>
      {line.image ? (
        <img className="cart-panel__image" src={line.image} alt="" width={72} height={72} />
      ) : (
        <span className="cart-panel__image" aria-hidden="true" />
      )}
      <div className="cart-panel__info">
        <Link to={line.url} className="cart-panel__name" onClick={onNavigate}>
          {line.name}
        </Link>
        {line.size ? (
          <p className="cart-panel__size">{t('cart.size', { size: line.size })}</p>
        ) : null}
        {line.pickupStore ? (
          <p className="cart-line__pickup">
            {t('cart.pickupStore', { store: line.pickupStore.name })}
          </p>
        ) : null}
        <fetcher.Form
          method="post"
          action="/varukorg"
          className="cart-panel__stepper"
          onSubmit={(event) => {
            const submitter = (event.nativeEvent as SubmitEvent).submitter as
              HTMLButtonElement | null | undefined;
            const next = Number(submitter?.value);
            if (!Number.isInteger(next) || next < 1 || next > max || next === quantity) {
              event.preventDefault();
              return;
            }
            track(next - quantity);
          }}
        >
          <input type="hidden" name="intent" value="update" />
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="js" value="1" />
          <button
            type="submit"
            name="quantity"
            value={quantity - 1}
            className="cart-panel__step"
            aria-label={t('cart.panel.decrease', { name: line.name })}
            aria-disabled={atMin || undefined}
          >
            <span aria-hidden="true">−</span>
          </button>
          <span className="cart-panel__qty" aria-live="polite" aria-atomic="true">
            <span className="sr-only">{t('cart.panel.quantity', { quantity })}</span>
            <span aria-hidden="true">{quantity}</span>
          </span>
          <button
            type="submit"
            name="quantity"
            value={quantity + 1}
            className="cart-panel__step"
            aria-label={t('cart.panel.increase', { name: line.name })}
            aria-disabled={atMax || undefined}
          >
            <span aria-hidden="true">+</span>
          </button>
        </fetcher.Form>
      </div>
      <div className="cart-panel__price">
        {line.totalBefore ? <s>{line.totalBefore}</s> : null}
        <strong>{line.total}</strong>
        <fetcher.Form method="post" action="/varukorg" onSubmit={() => track(-line.quantity)}>
          <input type="hidden" name="intent" value="remove" />
          <input type="hidden" name="lineId" value={line.id} />
          <input type="hidden" name="js" value="1" />
          <button type="submit" className="link-button cart-panel__remove">
            {t('cart.remove')}
            <span className="sr-only"> {line.name}</span>
          </button>
        </fetcher.Form>
      </div>
      {error ? (
        <p className="form-error cart-panel__error" role="alert">
          {error}
        </p>
      ) : null}
    </li>
  );
}

/** The panel's dialog; render once (the header's cart button does). */
export function CartPanel() {
  const dialogRef = useRef<HTMLDialogElement>(null);
  const titleRef = useRef<HTMLHeadingElement>(null);
  const openerRef = useRef<HTMLElement | null>(null);
  const location = useLocation();
  const markets = useCartMarkets();
  const [open, setOpen] = useState(false);
  /** The tab's cart (cart-state.ts): undefined while loading; null when there is no cart. */
  const cart = useCartView();
  const [loading, setLoading] = useState(false);
  const [failed, setFailed] = useState(false);
  const [addedSkuId, setAddedSkuId] = useState<number | null>(null);
  /** Counts loads, so an answer that arrives after a newer load or a close is dropped. */
  const loadId = useRef(0);

  /**
   * Loads the cart, up to 5 attempts 1 s apart (SPEC §4, §9); after that an error to retry.
   * Never rejects (fetchJsonWithRetry answers null on failure), so callers start it with `void`.
   */
  const load = useCallback(async () => {
    const id = ++loadId.current;
    setLoading(true);
    setFailed(false);
    const body = await fetchJsonWithRetry<{ cart: CartView | null }>('/varukorg/antal?visa=1');
    if (id !== loadId.current) return;
    setLoading(false);
    if (body) setCart(body.cart);
    else setFailed(true);
  }, []);

  useEffect(() => {
    const onOpen = (event: Event) => {
      const detail = (event as CustomEvent<CartPanelOpen>).detail ?? {};
      const active = document.activeElement;
      openerRef.current =
        detail.opener ??
        (active instanceof HTMLElement && active !== document.body ? active : null);
      setAddedSkuId(detail.addedSkuId ?? null);
      if (detail.cart !== undefined) {
        loadId.current += 1;
        setCart(detail.cart);
        setLoading(false);
        setFailed(false);
      } else {
        void load();
      }
      setOpen(true);
    };
    window.addEventListener(CART_PANEL_OPEN, onOpen);
    return () => window.removeEventListener(CART_PANEL_OPEN, onOpen);
  }, [load]);

  // The cart went stale while open (the count changed elsewhere): load it again.
  useEffect(() => {
    if (open && cart === undefined && !loading && !failed) void load();
  }, [open, cart, loading, failed, load]);

  useEffect(() => {
    const dialog = dialogRef.current;
    if (open && dialog && !dialog.open) dialog.showModal();
  }, [open]);

  const close = useCallback(() => dialogRef.current?.close(), []);

  // A link followed from the panel (a product, the checkout) closes it.
  const path = location.pathname + location.search;
  const lastPath = useRef(path);
  useEffect(() => {
    if (lastPath.current === path) return;
    lastPath.current = path;
    close();
  }, [path, close]);

  const focusTitle = useCallback(() => titleRef.current?.focus(), []);
  const onCart = useCallback((next: CartView | null) => publishCart(next, markets), [markets]);

  const lines = cart?.lines ?? [];
  const added = addedSkuId !== null ? lines.find((l) => l.skuId === addedSkuId) : undefined;
  return (
    <dialog
      ref={dialogRef}
      className="cart-panel"
      aria-labelledby={TITLE_ID}
      aria-describedby={added ? ADDED_ID : undefined}
      onClose={() => {
        loadId.current += 1;
        setLoading(false);
        setOpen(false);
        setAddedSkuId(null);
        const opener = openerRef.current;
        openerRef.current = null;
        if (opener?.isConnected) opener.focus();
      }}
      onClick={(event) => {
        // A click on the backdrop (outside the panel's box) closes it.
        if (event.target === event.currentTarget) close();
      }}
    >
      {open ? (
        <div className="cart-panel__box">
          <div className="cart-panel__head">
            <h2 id={TITLE_ID} ref={titleRef} tabIndex={-1} className="cart-panel__title">
              {t('cart.title')}
              {cart && cart.count > 0 ? (
                <span className="cart-panel__count"> ({cart.count})</span>
              ) : null}
            </h2>
            <button
              type="button"
              className="cart-panel__close"
              aria-label={t('cart.panel.close')}
              onClick={close}
            >
              <svg viewBox="0 0 24 24" width="24" height="24" aria-hidden="true" focusable="false">
                <path
                  d="M6 6l12 12M18 6L6 18"
                  stroke="currentColor"
                  strokeWidth="2"
                  strokeLinecap="round"
                />
              </svg>
            </button>
          </div>
          {added ? (
            <p id={ADDED_ID} className="cart-panel__added">
              {t('cart.panel.added', {
                item: added.size
                  ? `${added.name}, ${t('cart.size', { size: added.size })}`
                  : added.name,
              })}
            </p>
          ) : null}
          {failed ? (
            <div className="cart-panel__empty">
              <p role="alert">{t('error.generic.text')}</p>
              <button
                type="button"
                className="button button--secondary"
                onClick={() => void load()}
              >
                {t('cart.panel.retry')}
              </button>
            </div>
          ) : cart === undefined || loading ? (
            <p className="cart-panel__status" role="status">
              {t('cart.panel.loading')}
            </p>
          ) : lines.length === 0 ? (
            <div className="cart-panel__empty">
              <p>{t('cart.empty')}</p>
              <button type="button" className="button button--primary" onClick={close}>
                {t('cart.continue')}
              </button>
            </div>
          ) : (
            <>
              <ul className="cart-panel__lines" aria-label={t('cart.linesLabel')}>
                {lines.map((line) => (
                  <PanelLine
                    key={line.id}
                    line={line}
                    added={line.skuId === addedSkuId}
                    onCart={onCart}
                    onRemoved={focusTitle}
                    onNavigate={close}
                  />
                ))}
              </ul>
              <div className="cart-panel__foot">
                <CartSummary cart={cart!} />
                <Link to="/kassan" className="button button--primary button--block">
                  {t('cart.toCheckout')}
                </Link>
                <Link to="/varukorg" className="button button--secondary button--block">
                  {t('cart.panel.toCart')}
                </Link>
                <ResetCart cart={cart!} onCleared={focusTitle} />
              </div>
            </>
          )}
        </div>
      ) : null}
    </dialog>
  );
}
