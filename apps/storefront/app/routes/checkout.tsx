/**
 * Checkout `/kassan` (SPEC §2, §5, §8; GEINS-API §2.4 "Checkout"): in the undistracted layout;
 * one plain POST form that works without JavaScript (zip code first, then the shipping options
 * for that zip, customer details, payment, terms) and is enhanced with it (changing the customer
 * type, zip, shipping or payment saves at once with createOrUpdateCheckout). Placing the order
 * uses an idempotency key rendered into the form, so a double submit gives one order.
 *
 * Issue 14: a submit is validated in one round (every field, the terms too) with an error summary
 * that gets focus; the terms box stays as the shopper left it; "Visa leveranssätt" keeps focus on
 * the button and announces the options (or the postcode's error); the button shows what is
 * charged, incl. VAT, with the VAT in it. The parts live in features/checkout/.
 */
import { randomUUID } from 'node:crypto';
import { useEffect, useMemo, useRef } from 'react';
import {
  data as respond,
  Form,
  Link,
  redirect,
  redirectDocument,
  useNavigation,
  useSubmit,
  type AppLoadContext,
} from 'react-router';
import type { Route } from './+types/checkout';
import { pushEvent } from '../features/cart/tracking';
import { CheckoutAside } from '../features/checkout/checkout-aside';
import {
  DetailsFieldset,
  identityLabel,
  PaymentFieldset,
  TermsField,
} from '../features/checkout/checkout-fields';
import {
  checkoutContext,
  checkoutInputFromForm,
  loadCheckout,
  placeOrder,
  type FieldErrors,
} from '../features/checkout/checkout.server';
import { checkoutFormErrors, zipError } from '../features/checkout/checkout-validation';
import {
  toCheckoutView,
  withProfileDefaults,
  type CheckoutFormView,
} from '../features/checkout/checkout-view';
import { ErrorSummary } from '../features/checkout/error-summary';
import { ShippingOptions, ZipFieldset } from '../features/checkout/shipping-options';
import { AccountUserDocument } from '../graphql/generated';
import { CheckoutMarketSelect } from '../features/market/checkout-market-select';
import { accountSummary } from '../features/account/account-summary.server';
import { t } from '../i18n/i18n';
import { useCulture } from '../market/market-view';
import { findMarket } from '../market/markets';
import { cartMarketAlias, cartMoneyFormat } from '../market/request-market';
import { pageMeta, shopFromMatches } from '../routing/meta';
import cartStyles from '../styles/cart.css?url';

/** Cart and checkout styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];

/** "Kassan", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('checkout.title'), noindex: true });

/** This route's id (routes.ts); it contains "checkout": cart requests use the checkout market. */
const ROUTE_ID = 'checkout';

/** The checkout market's country (ISO alpha-2; SE when the markets are not known). */
function checkoutCountry(context: AppLoadContext): string {
  const market = context.markets
    ? findMarket(context.markets, cartMarketAlias(context.market, ROUTE_ID))
    : null;
  return market?.countryCode ?? 'SE';
}

/**
 * The cart's checkout in the checkout market (SPEC §2) with what was entered before, and a fresh
 * idempotency key.
 */
export async function loader({ request, context: requestContext }: Route.LoaderArgs) {
  const context = checkoutContext(requestContext, ROUTE_ID);
  const { checkout } = await loadCheckout(request, context, null);
  const format = cartMoneyFormat(context.market, context.markets, ROUTE_ID);
  let view = checkout ? toCheckoutView(checkout, context.market.customerType, {}, format) : null;
  // A logged-in customer's profile fills a checkout not yet begun (no e-mail entered): one
  // getUser on the first visit, not on every autosave revalidation.
  if (view && !view.email && accountSummary(requestContext).loggedIn) {
    const profile = await requestContext.api.query(AccountUserDocument).catch(() => null);
    if (profile?.getUser) view = withProfileDefaults(view, profile.getUser);
  }
  // Swedish id numbers are asked for (and required) only in a Swedish checkout market.
  const swedishIdentity = checkoutCountry(context) === 'SE';
  return { view, attempt: randomUUID(), swedishIdentity };
}

/**
 * "No options for the postcode" is told at the postcode (the API names `shippingId`): the
 * delivery fieldset is not shown then.
 */
function atPostcode(errors: FieldErrors, view: CheckoutFormView | null): FieldErrors {
  if (!errors.shippingId || (view && view.shippingOptions.length > 0)) return errors;
  const { shippingId, ...rest } = errors;
  return { ...rest, 'billingAddress.zip': rest['billingAddress.zip'] ?? shippingId };
}

/**
 * `zip` ("Visa leveranssätt") and `update` (autosave) save the form and check the postcode;
 * `place` validates everything at once (issue 14), then places the order (in the checkout
 * market). The answer carries the intent and whether the terms were ticked (kept as they were).
 */
export async function action({ request, context: requestContext }: Route.ActionArgs) {
  const context = checkoutContext(requestContext, ROUTE_ID);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'update');
  const terms = form.get('terms') === '1';
  const input = checkoutInputFromForm(form);
  const saved = await loadCheckout(request, context, input);
  const countryCode = checkoutCountry(context);
  const answer = (errors: FieldErrors) => respond({ intent, terms, errors });
  if (intent !== 'place') {
    const zip = zipError(input.billingAddress?.zip ?? '', countryCode, intent === 'zip');
    return answer(zip ? { ...saved.errors, 'billingAddress.zip': zip } : saved.errors);
  }
  const view = saved.checkout ? toCheckoutView(saved.checkout, context.market.customerType) : null;
  const errors = {
    ...saved.errors,
    ...checkoutFormErrors(input, {
      countryCode,
      shippingOptions: view?.shippingOptions ?? [],
      paymentIds: view?.paymentOptions.map((p) => p.id) ?? [],
      terms,
    }),
  };
  if (Object.keys(errors).length > 0) return answer(errors);
  const outcome = await placeOrder(request, context, input, String(form.get('attempt') ?? ''));
  if (outcome.kind === 'placed') {
    const params = new URLSearchParams({ cartid: outcome.cartId, oid: outcome.orderId });
    throw redirect(`/checkout/confirm?${params}`, { status: 303 });
  }
  // The payment page is not part of the storefront: a full document navigation.
  if (outcome.kind === 'redirect') throw redirectDocument(outcome.url, { status: 303 });
  return answer(atPostcode(outcome.errors, view));
}

/** The checkout page. */
export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, attempt, swedishIdentity } = loaderData;
  const culture = useCulture();
  const errors: FieldErrors = useMemo(
    () => atPostcode(actionData?.errors ?? {}, view),
    [actionData, view],
  );
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const summaryRef = useRef<HTMLDivElement>(null);
  const busy = navigation.state !== 'idle';
  const cart = view?.cart ?? null;

  useEffect(() => {
    if (!cart || cart.lines.length === 0) return;
    pushEvent({
      event: 'checkout:impression',
      value: cart.totalIncVat,
      items: cart.lines.map((l) => ({
        skuId: l.skuId,
        productId: l.productId,
        name: l.name,
        quantity: l.quantity,
        price: l.unitPriceIncVat,
      })),
    });
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  // After a failed submit, focus goes to the error summary (WCAG 2.4.3, 3.3.1).
  useEffect(() => {
    if (actionData?.intent === 'place' && Object.keys(actionData.errors).length > 0) {
      summaryRef.current?.focus();
    }
  }, [actionData]);

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
  // With JavaScript the options come without a page load: focus stays on the button.
  const showOptions = (event: React.MouseEvent<HTMLButtonElement>) => {
    if (!formRef.current) return;
    event.preventDefault();
    const data = new FormData(formRef.current);
    data.set('intent', 'zip');
    void submit(data, { method: 'post', preventScrollReset: true });
  };
  const announcement =
    actionData?.intent === 'zip' && !busy
      ? (errors['billingAddress.zip'] ??
        t('checkout.shipping.count', {
          count: view.shippingOptions.length,
          zip: view.address.zip,
        }))
      : '';
  const labels: Record<string, string> = {
    'billingAddress.zip': t('checkout.field.zip'),
    shippingId: t('checkout.shipping.title'),
    pickupPoint: t('checkout.pickup.choose'),
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
          noValidate
          preventScrollReset
          // Placing the order is a plain form post: the hosted payment page is another site.
          reloadDocument
        >
          <input type="hidden" name="attempt" value={attempt} />
          <ErrorSummary ref={summaryRef} errors={errors} labels={labels} />
          <fieldset className="checkout-section">
            <legend>{t('checkout.customerType')}</legend>
            <div className="customer-type-choice">
              {(['PERSON', 'ORGANIZATION'] as const).map((type) => (
                <label key={type} className="choice">
                  <input
                    type="radio"
                    name="customerType"
                    value={type}
                    defaultChecked={view.customerType === type}
                    data-autosave
                  />
                  <span>{t(type === 'PERSON' ? 'checkout.person' : 'checkout.company')}</span>
                </label>
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
          <PaymentFieldset view={view} errors={errors} />
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
