/**
 * Postcode and delivery of the checkout (SPEC §5, §8; issue 14): "Visa leveranssätt" shows the
 * options for the postcode and announces how many appeared (or the postcode's error) in a live
 * region while focus stays on the button; a malformed postcode says so ("Ange ett giltigt
 * postnummer") and a valid one without options says "Det finns inga leveranssätt för det här
 * postnumret". Store pickup lists the stores in their own group (no label inside a label) and
 * each store's accessible name includes its stock ("3 st i butiken"). A cart with lines reserved
 * in a store (click and collect, issue 40 §6) says why only pickup there is offered. A shipping
 * provider's choices (nShift, issue 43) show the carrier's badge, the delivery promise and, for
 * the chosen service-point choice, its pickup points (pickup-points.tsx).
 */
import { t } from '../../i18n/i18n';
import type { FieldErrors } from './checkout.server';
import { Field, fieldId } from './checkout-fields';
import type { CheckoutFormView, ShippingChoice } from './checkout-view';
import { ChoiceCard } from './choice-card';
import { CarrierBadge, PickupPoints } from './pickup-points';

/** The postcode, its button and the live region that reports what the button did. */
export function ZipFieldset({
  view,
  errors,
  announcement,
  onShowOptions,
}: {
  view: CheckoutFormView;
  errors: FieldErrors;
  /** What to announce after "Visa leveranssätt" ('' for nothing). */
  announcement: string;
  /** With JavaScript: fetch the options without leaving the page (focus stays on the button). */
  onShowOptions?: (event: React.MouseEvent<HTMLButtonElement>) => void;
}) {
  return (
    <fieldset className="checkout-section">
      <legend>{t('checkout.zip.title')}</legend>
      <div className="checkout-fields">
        <Field
          name="billingAddress.zip"
          label={t('checkout.field.zip')}
          value={view.address.zip}
          errors={errors}
          autoComplete="postal-code"
          hint={t('checkout.zip.hint')}
        />
      </div>
      <button
        type="submit"
        name="intent"
        value="zip"
        className="button button--secondary"
        onClick={onShowOptions}
      >
        {t('checkout.zip.submit')}
      </button>
      {/* Always rendered, so a change of its text is announced. */}
      <p className="field__hint checkout-announcement" role="status" aria-live="polite">
        {announcement}
      </p>
      {view.noShippingForZip && !errors.shippingId ? (
        <p className="form-error">{t('checkout.shipping.none')}</p>
      ) : null}
    </fieldset>
  );
}

/** The stores to pick up in, with their stock of the cart's sizes. */
function StoreChoice({
  option,
  view,
  error,
}: {
  option: ShippingChoice;
  view: CheckoutFormView;
  error?: string;
}) {
  return (
    <fieldset className="store-choice" aria-describedby={error ? 'f-pickupPoint-error' : undefined}>
      <legend>{t('checkout.pickup.choose')}</legend>
      {error ? (
        <p id="f-pickupPoint-error" className="form-error">
          {error}
        </p>
      ) : null}
      <ul className="choice-list">
        {option.stores.map((store, index) => (
          <li key={store.alias}>
            <ChoiceCard
              id={index === 0 ? fieldId('pickupPoint') : undefined}
              name="pickupPoint"
              value={store.alias}
              // The only store (a cart reserved in a store, issue 40 §6) is chosen already.
              defaultChecked={view.pickupPoint === store.alias || option.stores.length === 1}
              invalid={Boolean(error)}
            >
              <span>
                {store.name}, {store.address}
              </span>
              {/* Part of the label: the radio's name says what the store has. */}
              <span className="store-stock">
                {store.skus.map((sku) => (
                  <span
                    key={sku.skuId}
                    className={sku.quantity > 0 ? 'store-stock__in' : 'store-stock__out'}
                  >
                    {t('checkout.pickup.sku', {
                      name: sku.productName,
                      size: sku.name,
                      quantity: sku.quantity,
                    })}
                  </span>
                ))}
              </span>
            </ChoiceCard>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The delivery options of the postcode. `freeShipping`: the cart reached the free-shipping
 * threshold; options that still cost something say they are not part of it.
 */
export function ShippingOptions({
  view,
  errors,
  freeShipping,
}: {
  view: CheckoutFormView;
  errors: FieldErrors;
  freeShipping: boolean;
}) {
  const error = errors.shippingId;
  // Lines reserved in a store (click and collect, issue 40 §6): only pickup there is offered.
  const reservedIn = view.cart.lines.find((line) => line.pickupStore)?.pickupStore ?? null;
  return (
    <fieldset
      className="checkout-section"
      id="shipping-options"
      aria-describedby={error ? 'f-shippingId-error' : undefined}
    >
      <legend>{t('checkout.shipping.title')}</legend>
      {reservedIn ? (
        <p className="checkout-notice">
          {t('checkout.pickup.reserved', { store: reservedIn.name })}
        </p>
      ) : null}
      {error ? (
        <p id="f-shippingId-error" className="form-error">
          {error}
        </p>
      ) : null}
      <ul className="choice-list">
        {view.shippingOptions.map((option, index) => (
          <li key={option.value}>
            <ChoiceCard
              id={index === 0 ? fieldId('shippingId') : undefined}
              name="shippingId"
              value={option.value}
              defaultChecked={option.isSelected}
              invalid={Boolean(error)}
              autosave
              price={option.fee}
            >
              {option.carrier ? (
                <span className="shipping-choice__head">
                  <CarrierBadge carrier={option.carrier} serviceName={option.name} />
                  <span>{option.name}</span>
                </span>
              ) : (
                <span>{option.name}</span>
              )}
              {option.deliveryPromise ? (
                <span className="field__hint">{option.deliveryPromise}</span>
              ) : null}
              {option.kind === 'pickup' && !option.isSelected ? (
                <span className="field__hint">{t('checkout.pickup.hint')}</span>
              ) : null}
              {freeShipping && !option.free ? (
                <span className="field__hint">{t('checkout.shipping.notFree')}</span>
              ) : null}
            </ChoiceCard>
            {option.kind === 'pickup' && option.isSelected ? (
              <StoreChoice option={option} view={view} error={errors.pickupPoint} />
            ) : null}
            {option.points.length > 0 && option.isSelected ? (
              <PickupPoints points={option.points} error={errors.pickupPoint} />
            ) : null}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}
