/**
 * The checkout page's form (`/kassan`, SPEC §2, §5, §8; issue 14): customer type, postcode and
 * shipping options, details, payment, terms and the place button that shows what is charged,
 * with the cart beside it. One plain POST form that works without JavaScript and autosaves with
 * it. With JavaScript the browser checks the form with the checkout's zod schema before the order
 * is sent (the route's action checks the same schema again, also for forms sent without
 * JavaScript); after a failed submit the error summary gets focus and links to each field. With
 * JavaScript the delivery options come as soon as a valid postcode is typed (issue 40 §6; the
 * "Visa leveranssätt" button stays, the only way without JavaScript). The route
 * (routes/checkout.tsx) loads and saves; this renders.
 */
import { useEffect, useMemo, useRef, useState } from 'react';
import { formatZip, normalizeZip } from '@trampa/api/zip';
import { Form, Link, useFetcher, useNavigation, useSubmit } from 'react-router';
import { trackCheckout } from '../tracking/data-layer';
import { CheckoutMarketSelect } from '../market/checkout-market-select';
import { t } from '../../i18n/i18n';
import { useCulture } from '../../market/market-view';
import { CheckoutAside } from './checkout-aside';
import { DetailsFieldset, identityLabel, PaymentFieldset, TermsField } from './checkout-fields';
import type { FieldErrors } from './checkout-validation';
import { atPostcode, validateCheckoutForm } from './checkout-validation';
import type { CheckoutActionAnswer, CheckoutFormView } from './checkout-view';
import { ErrorSummary } from './error-summary';
import { ShippingOptions, ZipFieldset } from './shipping-options';
import { ChoiceCard } from './choice-card';
import { useStripePayment } from './use-stripe-payment';

/** The checkout page: the form, or "the cart is empty" without a cart or lines. */
export function CheckoutPageView({
  view,
  attempt,
  swedishIdentity,
  countryCode,
  actionData: routeAnswer,
}: {
  /** The checkout as entered so far; null without a cart. */
  view: CheckoutFormView | null;
  /** The idempotency key of this attempt to place the order. */
  attempt: string;
  /** True in a Swedish checkout market: personnummer is asked for. */
  swedishIdentity: boolean;
  /** The checkout market's country (ISO alpha-2): postcodes and identity numbers. */
  countryCode: string;
  actionData?: CheckoutActionAnswer;
}) {
  const culture = useCulture();
  // "Slutför köp" with the Payment Element on the page (issue 42): the order is placed without a
  // page load, then the payment is confirmed in the Element; its answer counts like the action's.
  const stripe = useStripePayment(useFetcher<CheckoutActionAnswer>());
  const actionData = stripe.answer ?? routeAnswer;
  // The browser's check of the last submit, shown until the next answer of the action.
  const [checked, setChecked] = useState<{
    errors: FieldErrors;
    answer: CheckoutActionAnswer | undefined;
  } | null>(null);
  const clientErrors = checked && checked.answer === actionData ? checked.errors : null;
  const errors: FieldErrors = useMemo(
    () => clientErrors ?? atPostcode(actionData?.errors ?? {}, view),
    [clientErrors, actionData, view],
  );
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const busy = navigation.state !== 'idle' || stripe.busy;
  const cart = view?.cart ?? null;
  // The postcode whose options were last asked for (or shown on arrival), compact.
  const askedZip = useRef<string | null>(
    view?.shippingOptions.length ? normalizeZip(view.address.zip, countryCode) : null,
  );
  const zipTimer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(zipTimer.current), []);

  useEffect(() => {
    if (!cart || cart.lines.length === 0) return;
    trackCheckout(
      cart.lines.map((l) => ({
        productId: l.productId,
        variant: l.skuId,
        name: l.name,
        brand: l.brand,
        quantity: l.quantity,
        price: l.unitPriceIncVat,
      })),
      cart.totalIncVat,
    );
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After a failed submit, focus goes to the error summary (WCAG 2.4.3, 3.3.1).
  useEffect(() => {
    if (actionData?.intent === 'place' && Object.keys(actionData.errors).length > 0) {
      summaryRef.current?.focus();
    }
  }, [actionData]);
  useEffect(() => {
    if (checked) summaryRef.current?.focus();
  }, [checked]);

  if (!view || !cart || cart.lines.length === 0) {
    return (
      <div className="page container">
        <h1 className="checkout__title">{t('checkout.title')}</h1>
        <p>{t('cart.empty')}</p>
        <Link to="/" className="button button--primary">
          {t('cart.continue')}
        </Link>
      </div>
    );
  }
  const organization = view.customerType === 'ORGANIZATION';
  const autosave = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (target.matches('[data-autosave]') && formRef.current) {
      const data = new FormData(formRef.current);
      data.set('intent', 'update');
      void submit(data, { method: 'post', preventScrollReset: true });
    }
  };
  // "Slutför köp": the form is checked in the browser first, with the schema the action uses;
  // with errors it is not sent and the error summary gets focus. The delivery rules apply only
  // when the options shown are those of the postcode in the form.
  const checkBeforeSending = (event: React.FormEvent<HTMLFormElement>) => {
    const submitter = (event.nativeEvent as SubmitEvent).submitter;
    if (!(submitter instanceof HTMLButtonElement) || submitter.value !== 'place') return;
    const data = new FormData(event.currentTarget);
    const compact = (zip: unknown) => String(zip ?? '').replace(/\s+/g, '');
    const current = compact(data.get('billingAddress.zip')) === compact(view.address.zip);
    const found = validateCheckoutForm(data, {
      countryCode,
      shippingOptions: current ? view.shippingOptions : null,
      paymentIds: view.paymentOptions.map((p) => p.id),
    });
    if (Object.keys(found).length === 0) {
      if (stripe.handle.current) {
        event.preventDefault();
        stripe.place(data);
      }
      return;
    }
    event.preventDefault();
    setChecked({ errors: found, answer: actionData });
  };
  // The options of the postcode in the form, without a page load (focus stays where it is).
  const askForOptions = () => {
    if (!formRef.current) return;
    const data = new FormData(formRef.current);
    askedZip.current = normalizeZip(String(data.get('billingAddress.zip') ?? ''), countryCode);
    data.set('intent', 'zip');
    void submit(data, { method: 'post', preventScrollReset: true });
  };
  const showOptions = (event: React.MouseEvent<HTMLButtonElement>) => {
    event.preventDefault();
    clearTimeout(zipTimer.current);
    askForOptions();
  };
  // Issue 40 §6: a valid postcode of the checkout market's country brings its options as soon
  // as it is typed (after a short pause, so that typing on is not interrupted); a malformed one
  // waits for "Visa leveranssätt", which says what is wrong.
  const optionsWhenValid = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target;
    if (!(target instanceof HTMLInputElement) || target.name !== 'billingAddress.zip') return;
    clearTimeout(zipTimer.current);
    const zip = normalizeZip(target.value, countryCode);
    if (zip === null || zip === askedZip.current) return;
    zipTimer.current = setTimeout(askForOptions, 300);
  };
  const announcement =
    actionData?.intent === 'zip' && !busy
      ? (errors['billingAddress.zip'] ??
        t('checkout.shipping.count', {
          count: view.shippingOptions.length,
          zip: formatZip(view.address.zip, countryCode),
        }))
      : '';
  const labels: Record<string, string> = {
    'billingAddress.zip': t('checkout.field.zip'),
    shippingId: t('checkout.shipping.title'),
    // A carrier's pickup point (issue 43) or one of the shop's stores.
    pickupPoint: view.shippingOptions.some((o) => o.isSelected && o.points.length > 0)
      ? t('checkout.point.choose')
      : t('checkout.pickup.choose'),
    'billingAddress.company': t('checkout.field.company'),
    identityNumber: identityLabel(swedishIdentity, organization),
    email: t('checkout.field.email'),
    'billingAddress.firstName': t('checkout.field.firstName'),
    'billingAddress.lastName': t('checkout.field.lastName'),
    'billingAddress.addressLine1': t('checkout.field.address'),
    'billingAddress.city': t('checkout.field.city'),
    'billingAddress.mobile': t('checkout.field.mobile'),
    paymentId: t('checkout.payment.title'),
  };

  return (
    <div className="page container checkout">
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      <CheckoutMarketSelect />
      <div className="checkout-layout">
        <Form
          method="post"
          ref={formRef}
          onChange={autosave}
          onInput={optionsWhenValid}
          onSubmit={checkBeforeSending}
          noValidate
          preventScrollReset
          // Placing the order is a plain form post: the hosted payment page is another site.
          reloadDocument
        >
          <input type="hidden" name="attempt" value={attempt} />
          <ErrorSummary
            ref={summaryRef}
            errors={errors}
            labels={labels}
            autoFocus={actionData?.intent === 'place'}
          />
          <fieldset className="checkout-section">
            <legend>{t('checkout.customerType')}</legend>
            <div className="customer-type-choice">
              {(['PERSON', 'ORGANIZATION'] as const).map((type) => (
                <ChoiceCard
                  key={type}
                  name="customerType"
                  value={type}
                  defaultChecked={view.customerType === type}
                  autosave
                >
                  <span>{t(type === 'PERSON' ? 'checkout.person' : 'checkout.company')}</span>
                </ChoiceCard>
              ))}
            </div>
          </fieldset>
          <ZipFieldset
            view={view}
            errors={errors}
            announcement={announcement}
            onShowOptions={showOptions}
          />
          {view.shippingOptions.length > 0 ? (
            <ShippingOptions view={view} errors={errors} freeShipping={cart.freeShipping} />
          ) : null}
          <DetailsFieldset view={view} errors={errors} swedishIdentity={swedishIdentity} />
          <PaymentFieldset
            view={view}
            errors={errors}
            stripe={{ handle: stripe.handle, total: cart.chargedIncVat, message: stripe.message }}
          />
          <TermsField checked={actionData?.terms ?? false} error={errors.terms} />
          <button
            type="submit"
            name="intent"
            value="place"
            className="button button--primary button--block checkout-place"
            aria-disabled={busy || undefined}
          >
            {/* What is charged, incl. VAT, with its VAT (also for companies, issue 14). */}
            <span>{t('checkout.place', { total: cart.chargedIncVat })}</span>
            <span className="sr-only">, </span>
            <span className="checkout-place__vat">
              {t('checkout.place.vat', { vat: cart.chargedVat })}
            </span>
          </button>
        </Form>
        <CheckoutAside cart={cart} culture={culture} />
      </div>
    </div>
  );
}
