/**
 * Order confirmation `/checkout/confirm` (SPEC §2; GEINS-API §2.4 "Confirm"): the payment type
 * comes from the query (`kid` KLARNA, i.e. the payment sandbox, otherwise `oid` STANDARD); the
 * page reads checkout(id, paymentType, cartId), completes the cart when it is not yet, clears
 * the cart cookie, shows the order (the delivery method with its carrier and delivery promise,
 * for store pickup the store's name, the pickup point's address and opening hours, issue 43; the
 * organisationsnummer of a company order; postcodes as "411 01", issue 40 §6) and pushes
 * `checkout:purchase` once. completed false sends the shopper back to the checkout.
 */
import { useEffect } from 'react';
import { normalizeOrganisationsnummer } from '@trampa/api/identity-number';
import { decimalToMinor } from '@trampa/api/money';
import { stripeMethodsFor } from '@trampa/api/stripe-methods';
import { orderTotalsOfDecimals } from '@trampa/api/order-totals';
import { formatZip } from '@trampa/api/zip';
import { data as respond, Link, redirect } from 'react-router';
import type { Route } from './+types/checkout-confirm';
import { kronor } from '../features/cart/cart-view';
import { pushEvent } from '../features/tracking/data-layer';
import { checkoutContext, checkoutCountry } from '../features/checkout/checkout.server';
import {
  CarrierFacts,
  orderDeliveryView,
  PickupPointFacts,
} from '../features/checkout/order-delivery';
import { OrderSummary, orderSummaryRows } from '../features/checkout/order-summary';
import { purchaseEvent } from '../features/checkout/purchase-tracking';
import { CheckoutConfirmDocument, CompleteCartDocument } from '../graphql/generated';
import { t, type MessageKey } from '../i18n/i18n';
import { cartMoneyFormat } from '../market/request-market';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** "Tack för din beställning", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('confirm.title'), noindex: true });

/** This route's id (routes.ts); it contains "checkout": cart requests use the checkout market. */
const ROUTE_ID = 'checkout-confirm';

/** The order, or back to the checkout / failure page (in the checkout market, SPEC §2). */
export async function loader({ request, context: requestContext }: Route.LoaderArgs) {
  const context = checkoutContext(requestContext, ROUTE_ID);
  const url = new URL(request.url);
  const kid = url.searchParams.get('kid');
  const oid = url.searchParams.get('oid');
  const cartId = url.searchParams.get('cartid') ?? '';
  const id = kid ?? oid;
  if (!id) throw redirect('/kassan');
  const result = await context.api.attempt(CheckoutConfirmDocument, {
    id,
    cartId,
    paymentType: kid ? 'KLARNA' : 'STANDARD',
  });
  const checkout = result.data?.checkout;
  if (!checkout?.completed || !checkout.order) {
    const failure = checkout?.htmlSnippet
      ? (JSON.parse(checkout.htmlSnippet) as { failure?: string }).failure
      : null;
    if (failure) throw redirect(`/checkout/klarna-fail?reason=${encodeURIComponent(failure)}`);
    throw redirect('/kassan');
  }
  if (checkout.cart && !checkout.cart.isCompleted && checkout.cart.id) {
    await context.api.attempt(CompleteCartDocument, { id: checkout.cart.id });
  }
  const order = checkout.order;
  const includesVat = context.market.pricesIncludeVat && order.organizationNumber == null;
  const format = cartMoneyFormat(context.market, context.markets, ROUTE_ID);
  const currency = order.currency ?? format.currency;
  const culture = currency === format.currency ? format.culture : 'sv-SE';
  const amount = (value: number) => kronor(value, currency, culture);
  const rows = (order.rows ?? []).flatMap((r) => (r ? [r] : []));
  const toMinor = (value: number) => decimalToMinor(value, currency);
  // The one definition of the order's figures (issue 14): the e-mail and account pages use it too.
  const totals = orderTotalsOfDecimals(
    {
      discountIncVat: order.discountIncVat,
      discountExVat: order.discountExVat,
      shippingFeeIncVat: order.shippingFeeIncVat,
      shippingFeeExVat: order.shippingFeeExVat,
      paymentFeeIncVat: order.paymentFeeIncVat,
      paymentFeeExVat: order.paymentFeeExVat,
      orderValueIncVat: order.orderValueIncVat,
      orderValueExVat: order.orderValueExVat,
      fromBalance: order.balance,
    },
    toMinor,
  );
  // Postcodes as the post writes them (issue 40 §6): of the checkout market's country.
  const country = checkoutCountry(context, ROUTE_ID);
  const address = <T extends { zip: string }>(from: T | null | undefined) =>
    from ? { ...from, zip: formatZip(from.zip, country) } : null;
  const organizationNumber = order.organizationNumber?.trim() || null;
  const view = {
    orderId: order.orderId ?? '',
    email: order.email ?? '',
    billing: address(order.billingAddress),
    shipping: address(order.shippingAddress),
    // A company order: its organisationsnummer as NNNNNN-NNNN (a sole trader's personnummer, or
    // a foreign number, as entered).
    organizationNumber: organizationNumber
      ? (normalizeOrganisationsnummer(organizationNumber) ?? organizationNumber)
      : null,
    shippingName: order.shippingName,
    // The store's name (the alias only when the store no longer exists); a carrier's pickup
    // point (nShift, issue 43) is shown under "Utlämningsställe" instead.
    pickupStore: order.shippingCarrierName
      ? null
      : (order.pickupPointName ?? order.pickupPoint ?? null),
    // The carrier, its promise and the pickup point's address (issue 43).
    delivery: orderDeliveryView(order),
    // Lines at regular prices, so they add up to the "Varor" row; what was paid after the
    // discounts beside it when lower (issue 22 review).
    lines: rows.map((r) => {
      const regular = includesVat ? r.regularPriceIncVat : r.regularPriceExVat;
      const paid = includesVat ? r.priceIncVat : r.priceExVat;
      return {
        name: r.name ?? '',
        variant: r.variant ?? '',
        quantity: r.quantity,
        total: amount(regular),
        paid: toMinor(paid) < toMinor(regular) ? amount(paid) : null,
      };
    }),
    summary: orderSummaryRows(totals, {
      includesVat,
      currency,
      culture,
      promoCode: order.promoCode ?? null,
    }),
    paymentName: t(paymentNameKey(order.paymentId, currency)),
  };
  const tracking = purchaseEvent({
    orderId: view.orderId,
    email: order.email ?? '',
    firstName: order.firstName ?? '',
    lastName: order.lastName ?? '',
    zip: order.zip ?? '',
    currency,
    totals,
    promoCode: order.promoCode ?? null,
    rows: rows.map((r) => ({
      sku: r.sku ?? '',
      name: r.name ?? '',
      quantity: r.quantity,
      paidIncVat: toMinor(r.priceIncVat),
      discountIncVat: toMinor(r.discountIncVat),
      productId: r.productId,
    })),
  });
  const secure = url.protocol === 'https:';
  return respond(
    { view, tracking },
    { headers: { 'Set-Cookie': await context.cookies.cart.clear(secure) } },
  );
}

/** The confirmation. */
/** The confirm page's name of a payment option, by `paymentId` (the API's PAYMENT_OPTIONS). */
const PAYMENT_NAME_KEYS: Record<number, MessageKey> = {
  2: 'confirm.payment.sandbox',
  4: 'confirm.payment.kustom',
};

/**
 * The message key of the order's payment: the Stripe option (5) named by the methods it has in
 * the order's currency (`stripeMethodsFor`, as the checkout names it: no Swish outside SEK).
 */
function paymentNameKey(paymentId: number, currency: string): MessageKey {
  if (paymentId !== 5) return PAYMENT_NAME_KEYS[paymentId] ?? 'confirm.payment.invoice';
  const methods = stripeMethodsFor(currency);
  if (methods.includes('swish')) return 'confirm.payment.stripe';
  return methods.includes('klarna')
    ? 'confirm.payment.stripeCardKlarna'
    : 'confirm.payment.stripeCard';
}

export default function ConfirmPage({ loaderData }: Route.ComponentProps) {
  const { view, tracking } = loaderData;
  useEffect(() => {
    const key = `trampa-purchase-${tracking.orderId}`;
    if (sessionStorage.getItem(key)) return;
    sessionStorage.setItem(key, '1');
    pushEvent(tracking);
  }, [tracking]);
  return (
    <div className="page container confirmation">
      <div className="confirmation__hero">
        <h1>{t('confirm.title')}</h1>
        <p>
          {t('confirm.orderNumber')} <strong data-testid="order-number">{view.orderId}</strong>
        </p>
        <p>{t('confirm.email', { email: view.email })}</p>
      </div>
      <section aria-labelledby="confirm-lines">
        <h2 id="confirm-lines">{t('confirm.lines')}</h2>
        <table>
          <thead>
            <tr>
              <th scope="col">{t('confirm.product')}</th>
              <th scope="col">{t('confirm.quantity')}</th>
              <th scope="col">{t('confirm.amount')}</th>
            </tr>
          </thead>
          <tbody>
            {view.lines.map((line, i) => (
              <tr key={i}>
                <td>
                  {line.name}
                  {line.variant ? `, ${line.variant}` : ''}
                </td>
                <td>{line.quantity}</td>
                <td>
                  <span data-testid="confirm-line-amount">{line.total}</span>
                  {line.paid ? (
                    <>
                      <br />
                      <small>{t('confirm.linePaid', { amount: line.paid })}</small>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
        <OrderSummary rows={view.summary} />
      </section>
      <div className="confirmation__grid">
        <section aria-labelledby="confirm-billing">
          <h2 id="confirm-billing">{t('confirm.billing')}</h2>
          <address>
            {view.billing?.company ? (
              <>
                {view.billing.company}
                <br />
              </>
            ) : null}
            {view.billing?.firstName} {view.billing?.lastName}
            <br />
            {view.billing?.addressLine1}
            <br />
            {view.billing?.zip} {view.billing?.city}
          </address>
          {view.organizationNumber ? (
            <p data-testid="confirm-organization-number">
              {t('confirm.organizationNumber')} {view.organizationNumber}
            </p>
          ) : null}
        </section>
        <section aria-labelledby="confirm-delivery">
          <h2 id="confirm-delivery">{t('confirm.delivery')}</h2>
          <p data-testid="confirm-shipping">
            {t('confirm.shippingLabel')} {view.shippingName}
          </p>
          <CarrierFacts delivery={view.delivery} />
          {view.pickupStore ? (
            <p data-testid="pickup-store">{t('confirm.pickup', { store: view.pickupStore })}</p>
          ) : null}
          <PickupPointFacts delivery={view.delivery} id="confirm-pickup-point" />
          {view.pickupStore ? null : (
            <address>
              {view.shipping?.firstName} {view.shipping?.lastName}
              <br />
              {view.shipping?.addressLine1}
              <br />
              {view.shipping?.zip} {view.shipping?.city}
            </address>
          )}
          <p>
            {t('confirm.paymentLabel')} {view.paymentName}
          </p>
        </section>
      </div>
      <Link to="/" className="button button--primary">
        {t('cart.continue')}
      </Link>
    </div>
  );
}
