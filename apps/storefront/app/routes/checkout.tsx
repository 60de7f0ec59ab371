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
 * charged, incl. VAT, with the VAT in it. The page and its parts live in features/checkout/
 * (checkout-page.tsx); this route loads and saves.
 */
import { randomUUID } from 'node:crypto';
import { data as respond, redirect, redirectDocument } from 'react-router';
import type { Route } from './+types/checkout';
import { accountSummary } from '../features/account/account-summary.server';
import { CheckoutPageView } from '../features/checkout/checkout-page';
import {
  checkoutContext,
  checkoutCountry,
  checkoutInputFromForm,
  loadCheckout,
  placeOrder,
  type FieldErrors,
} from '../features/checkout/checkout.server';
import {
  atPostcode,
  validateCheckoutForm,
  zipError,
} from '../features/checkout/checkout-validation';
import { toCheckoutView, withProfileDefaults } from '../features/checkout/checkout-view';
import { AccountUserDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { cartMoneyFormat } from '../market/request-market';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** "Kassan" with a description, never indexed. */
export const meta: Route.MetaFunction = ({ matches }) => {
  const shop = shopFromMatches(matches);
  return pageMeta(shop, {
    title: t('checkout.title'),
    description: t('meta.checkout.description', { shop: shop?.name ?? '' }),
    noindex: true,
  });
};

/** This route's id (routes.ts); it contains "checkout": cart requests use the checkout market. */
const ROUTE_ID = 'checkout';

/**
 * Never stored: the page holds a fresh idempotency key (`attempt`) for every visit, so neither
 * the first visits' page copies (PAGE_CACHE_SECONDS, issue 23) nor a browser or proxy may keep it.
 */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

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
  const countryCode = checkoutCountry(context, ROUTE_ID);
  return { view, attempt: randomUUID(), swedishIdentity: countryCode === 'SE', countryCode };
}

/**
 * `zip` ("Visa leveranssätt") and `update` (autosave) save the form and check the postcode;
 * `place` validates everything at once with the checkout's zod schema (issue 14, 22; the one the
 * browser checks before sending), then places the order (in the checkout market). The answer
 * carries the intent and whether the terms were ticked (kept as they were).
 */
export async function action({ request, context: requestContext }: Route.ActionArgs) {
  const context = checkoutContext(requestContext, ROUTE_ID);
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'update');
  const terms = form.get('terms') === '1';
  const input = checkoutInputFromForm(form);
  const saved = await loadCheckout(request, context, input);
  const countryCode = checkoutCountry(context, ROUTE_ID);
  const answer = (errors: FieldErrors) => respond({ intent, terms, errors });
  if (intent !== 'place') {
    const zip = zipError(input.billingAddress?.zip ?? '', countryCode, intent === 'zip');
    return answer(zip ? { ...saved.errors, 'billingAddress.zip': zip } : saved.errors);
  }
  const view = saved.checkout ? toCheckoutView(saved.checkout, context.market.customerType) : null;
  // The same schema the browser checked before sending (checkout-validation.ts).
  const errors = {
    ...saved.errors,
    ...validateCheckoutForm(form, {
      countryCode,
      shippingOptions: view?.shippingOptions ?? [],
      paymentIds: view?.paymentOptions.map((p) => p.id) ?? [],
    }),
  };
  if (Object.keys(errors).length > 0) return answer(errors);
  const outcome = await placeOrder(request, context, input, String(form.get('attempt') ?? ''));
  if (outcome.kind === 'placed') {
    const params = new URLSearchParams({ cartid: outcome.cartId, oid: outcome.orderId });
    throw redirect(`/checkout/confirm?${params}`, { status: 303 });
  }
  if (outcome.kind === 'redirect') {
    // Paid in the Payment Element on this page (issue 42): the browser confirms the payment.
    const stripe =
      form.get('paymentFlow') === 'element'
        ? /^\/payments\/stripe\/([0-9a-f-]{36})$/i.exec(outcome.url)
        : null;
    if (stripe) return respond({ intent, terms, errors: {}, stripeSessionId: stripe[1] });
    // The payment page is not part of the storefront: a full document navigation.
    throw redirectDocument(outcome.url, { status: 303 });
  }
  return answer(atPostcode(outcome.errors, view));
}
/** The checkout page. */
export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  return <CheckoutPageView {...loaderData} actionData={actionData} />;
}
