/**
 * The product page's buy form (SPEC §5 "Du måste välja storlek först", §8 stock messages, §4 the
 * cart-added notification for 5 s): the size picker and a "Lägg i varukorgen" button in one POST
 * form to `/varukorg` (without JavaScript it goes to the cart, or back with the message); with
 * JavaScript a fetcher sends it, the snackbar (features/feedback) shows the added item for 5
 * seconds and the cart panel opens with the cart the action returned (focus returns to the buy button on close); the
 * cart goes to the tab's cart state and the other tabs (cart-state.ts `publishCart`).
 *
 * Click and collect (issue 40 §6): a size sold out online that a store has offers "Hämta i
 * butik": the shopper chooses the store (one with the size; the only one is chosen already) and
 * "Reservera i butik" adds the size reserved from that store's shelf (`pickupStore`).
 */
import { useEffect, useRef, useState } from 'react';
import { useFetcher, useLocation, useSearchParams } from 'react-router';
import { t } from '../../i18n/i18n';
import { notify } from '../feedback/notifications';
import type { SizeOption } from '../product/product-view';
import { SizePicker } from '../product/size-picker';
import { BackInStockForm } from '../product/back-in-stock-form';
import { openCartPanel } from './cart-panel-events';
import { publishCart, useCartMarkets } from './cart-state';
import type { CartView } from './cart-view';
import { trackCart } from '../tracking/data-layer';
import { JsFlag } from '../../components/ui/js-flag';
import { ChoiceCard } from '../checkout/choice-card';

/**
 * True when the size is sold out online but on a store's shelf: it can be reserved there
 * (click and collect, issue 40 §6).
 */
export function collectable(option: SizeOption | null | undefined): option is SizeOption {
  return option?.status === 'out-of-stock' && option.stores.length > 0;
}

/** "Hämta i butik": the stores that have the sold-out size, to reserve it in one of them. */
function PickupStoreChoice({
  option,
  error,
  onPick,
}: {
  option: SizeOption;
  error: string | null;
  /** Hears the choice of a store (it clears the "choose a store" error). */
  onPick: () => void;
}) {
  const only = option.stores.length === 1;
  return (
    <fieldset className="pickup-choice" aria-describedby="pickup-choice-intro" onChange={onPick}>
      <legend className="pickup-choice__title">{t('product.pickup.title')}</legend>
      <p id="pickup-choice-intro" className="pickup-choice__intro">
        {t('product.pickup.intro')}
      </p>
      <ul className="choice-list">
        {option.stores.map((store) => (
          <li key={store.alias}>
            <ChoiceCard
              name="pickupStore"
              value={store.alias}
              defaultChecked={only}
              invalid={Boolean(error)}
            >
              <span>{store.name}</span>
              <span className="field__hint">
                {t('product.pickup.store', { quantity: store.quantity })}
              </span>
            </ChoiceCard>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

interface AddResult {
  ok: boolean;
  error: string | null;
  cart: CartView | null;
}

/**
 * Size picker and buy button of one product, and under them the "Bevaka" form of a sold-out
 * chosen size (issue 17): its own form beside the buy form, never inside it. `initial` is the
 * size chosen when the page opens (e.g. carried over from another colour); `onChoose` hears
 * every size choice.
 */
export function AddToCart(props: {
  options: SizeOption[];
  productId: number;
  productName: string;
  initial?: SizeOption | null;
  onChoose?: (option: SizeOption) => void;
}) {
  const { options, initial = null, onChoose } = props;
  const [chosen, setChosen] = useState<SizeOption | null>(initial);
  const current = chosen ?? (options.length === 1 ? options[0] : undefined);
  return (
    <>
      <BuyForm
        options={options}
        productId={props.productId}
        productName={props.productName}
        initial={initial}
        onChoose={(option) => {
          setChosen(option);
          onChoose?.(option);
        }}
      />
      {current?.status === 'out-of-stock' ? (
        <BackInStockForm key={current.id} option={current} />
      ) : null}
    </>
  );
}

/** The buy form: size picker and "Lägg i varukorgen"; `onChoose` hears every size choice. */
function BuyForm({
  options,
  productId,
  productName,
  initial,
  onChoose,
}: {
  options: SizeOption[];
  productId: number;
  productName: string;
  initial: SizeOption | null;
  onChoose: (option: SizeOption) => void;
}) {
  const fetcher = useFetcher<AddResult>();
  const markets = useCartMarkets();
  const location = useLocation();
  const [searchParams] = useSearchParams();
  const [clientError, setClientError] = useState<string | null>(null);
  // Choosing a size dismisses the error of the last attempt (issue 14); a new submit shows again.
  const [dismissed, setDismissed] = useState(false);
  const [chosen, setChosen] = useState<SizeOption | null>(initial);
  const lastSku = useRef<number | null>(null);
  const opener = useRef<HTMLElement | null>(null);
  const handled = useRef<AddResult | undefined>(undefined);

  const single = options.length === 1 && !options[0]?.name ? options[0] : null;
  const serverError = searchParams.get('cartError');
  const fetchError = fetcher.data && !fetcher.data.ok ? fetcher.data.error : null;
  const error =
    clientError ??
    (dismissed
      ? null
      : (fetchError ??
        (serverError === 'size' ? t('cart.chooseSize') : serverError ? serverError : null)));

  useEffect(() => {
    if (fetcher.state !== 'idle' || !fetcher.data?.ok || !fetcher.data.cart) return;
    if (handled.current === fetcher.data) return;
    handled.current = fetcher.data;
    const line = fetcher.data.cart.lines.find((l) => l.skuId === lastSku.current);
    if (!line) return;
    notify({
      key: 'cart-added',
      mode: 'success',
      message: t('cart.added'),
      detail: `${line.name}${line.size ? `, ${t('cart.size', { size: line.size })}` : ''} – ${line.total}`,
      link: { to: '/varukorg', label: t('cart.show') },
    });
    publishCart(fetcher.data.cart, markets);
    openCartPanel({ cart: fetcher.data.cart, addedSkuId: line.skuId, opener: opener.current });
    trackCart('add', {
      skuId: line.skuId,
      productId,
      name: productName,
      quantity: 1,
      price: line.unitPriceIncVat,
    });
  }, [fetcher.state, fetcher.data, productId, productName, markets]);

  const current = chosen ?? (options.length === 1 ? options[0] : null);
  // A size sold out online that a store has: reserve it there (issue 40 §6).
  const collect = collectable(current) ? current : null;
  const soldOut = !collect && options.every((o) => o.status === 'out-of-stock');
  const chosenSoldOut = !soldOut && !collect && chosen?.status === 'out-of-stock';
  return (
    <fetcher.Form
      method="post"
      action="/varukorg"
      className="add-to-cart"
      noValidate
      onSubmit={(event) => {
        const data = new FormData(event.currentTarget);
        const skuId = Number(data.get('skuId'));
        if (!skuId) {
          event.preventDefault();
          setClientError(t('cart.chooseSize'));
          return;
        }
        if (collect && !data.get('pickupStore')) {
          event.preventDefault();
          setClientError(t('checkout.error.pickup'));
          return;
        }
        setClientError(null);
        setDismissed(false);
        lastSku.current = skuId;
        const submitter = (event.nativeEvent as SubmitEvent).submitter;
        opener.current = submitter instanceof HTMLElement ? submitter : null;
      }}
    >
      <input type="hidden" name="intent" value="add" />
      <input type="hidden" name="quantity" value="1" />
      <input type="hidden" name="returnTo" value={location.pathname} />
      <JsFlag />
      {single ? <input type="hidden" name="skuId" value={single.id} /> : null}
      <SizePicker
        options={options}
        initialId={initial?.id ?? null}
        onChoose={(option) => {
          setChosen(option);
          onChoose(option);
          setClientError(null);
          setDismissed(true);
        }}
      />
      {collect ? (
        <PickupStoreChoice
          key={collect.id}
          option={collect}
          error={error}
          onPick={() => setClientError(null)}
        />
      ) : null}
      {error ? (
        <p className="form-error add-to-cart__error" role="alert">
          {error}
        </p>
      ) : null}
      <button
        type="submit"
        className={`button button--block add-to-cart__button ${
          soldOut || chosenSoldOut ? 'button--unavailable' : 'button--primary'
        }`}
        disabled={soldOut || chosenSoldOut || fetcher.state !== 'idle'}
      >
        {soldOut
          ? t('cart.soldOut')
          : chosenSoldOut
            ? t('cart.sizeSoldOut')
            : collect
              ? t('product.pickup.submit')
              : t('cart.add')}
      </button>
    </fetcher.Form>
  );
}
