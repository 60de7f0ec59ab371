/**
 * `/mina-sidor/ordrar` (SPEC §2, §4 account order statuses): the customer's orders, in progress
 * (received, processing) and history (completed, cancelled), each with lines, totals, refunds,
 * shipping (method, carrier and delivery promise, the pickup point; issue 43), payment, addresses
 * and the tracking link when there is one.
 */
import { decimalToMinor, formatMoney } from '@trampa/api/money';
import { orderTotalsOfDecimals } from '@trampa/api/order-totals';
import { formatZip } from '@trampa/api/zip';
import { LEASING_TEXTS } from '../features/leasing/leasing-texts';
import type { Route } from './+types/account-orders';
import {
  CarrierFacts,
  orderDeliveryView,
  PickupPointFacts,
} from '../features/checkout/order-delivery';
import { OrderSummary, orderSummaryRows } from '../features/checkout/order-summary';
import { AccountOrdersDocument, type AccountOrdersQuery } from '../graphql/generated';
import { formatDate, t, type MessageKey } from '../i18n/i18n';
import { useCulture } from '../market/market-view';
import { pageMeta, shopFromMatches } from '../routing/meta';

type Order = NonNullable<NonNullable<AccountOrdersQuery['getOrders']>[number]>;
type Address = Order['billingAddress'];
type CartItem = NonNullable<NonNullable<NonNullable<Order['cart']>['items']>[number]>;

/** Title "Mina ordrar | <shop>", not indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('account.orders.title'), noindex: true });

/** The orders (the layout has checked the login). */
export async function loader({ context }: Route.LoaderArgs) {
  const result = await context.api.query(AccountOrdersDocument);
  return { orders: (result.getOrders ?? []).filter((order) => order !== null) };
}

const IN_PROGRESS = new Set(['awaiting_approval', 'received', 'processing']);
const countryNames = new Intl.DisplayNames(['sv'], { type: 'region' });

/** A country code as its Swedish name ("SE" -> "Sverige"); other values as they are. */
function countryName(value: string): string {
  try {
    return /^[A-Z]{2}$/.test(value) ? (countryNames.of(value) ?? value) : value;
  } catch {
    return value;
  }
}

function statusLabel(status: string): string {
  // Förmånscykel (issue 21): an application waiting for the employer, named as the application
  // status is everywhere (`@trampa/api/leasing-status`, issue 40).
  if (status === 'awaiting_approval') return LEASING_TEXTS.status.awaiting!;
  const key = `account.orders.status.${status}` as MessageKey;
  return ['received', 'processing', 'completed', 'cancelled'].includes(status) ? t(key) : status;
}

function AddressBlock({ title, address }: { title: string; address: Address }) {
  if (!address) return null;
  const lines = [
    [address.firstName, address.lastName].filter(Boolean).join(' '),
    address.company,
    address.addressLine1,
    address.addressLine2,
    [formatZip(address.zip, address.country), address.city].filter(Boolean).join(' '),
    countryName(address.country),
  ].filter(Boolean);
  return (
    <div>
      <h4>{title}</h4>
      <address>
        {lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  );
}

/** The size (SKU name) of an order line, when the product still lists it. */
function sizeOf(item: CartItem): string {
  return item.product?.skus?.find((sku) => sku?.skuId === item.skuId)?.name ?? '';
}

/** The parcels of an order with their tracking links (SPEC §3 Order: tracking). */
function Parcels({ details }: { details: Order['shippingDetails'] }) {
  const parcels = (details ?? []).filter((detail) => detail?.parcelNumber);
  if (parcels.length === 0) return null;
  return (
    <ul className="order-parcels">
      {parcels.map((parcel) =>
        parcel ? (
          <li key={parcel.id}>
            {t('account.orders.parcel', {
              parcelNumber: parcel.parcelNumber ?? '',
              date: formatDate(String(parcel.shippingDate ?? '')),
            })}
            {parcel.trackingLink ? (
              <>
                {' '}
                <a href={parcel.trackingLink} rel="noreferrer">
                  {t('account.orders.tracking')}
                </a>
              </>
            ) : null}
          </li>
        ) : null,
      )}
    </ul>
  );
}

/**
 * What was refunded of the order (issue 27, GEINS-API §4.6 RefundType): each line or the
 * shipping fee, the amount, where it went (the payment or the customer's balance) and when.
 */
function Refunds({ order, culture }: { order: Order; culture: string }) {
  const refunds = (order.refunds ?? []).filter((refund) => refund !== null);
  if (refunds.length === 0) return null;
  const currency = order.currency ?? 'SEK';
  const itemName = (itemId: number, articleNumber: string | null | undefined) => {
    if (itemId === 0) return t('account.orders.refundShipping');
    const item = order.cart?.items?.find((i) => i?.id === String(itemId));
    return item?.product?.name ?? articleNumber ?? '';
  };
  return (
    <div className="order-refunds">
      <h4>{t('account.orders.refunds')}</h4>
      <ul>
        {refunds.map((refund) => (
          <li key={refund.id}>
            {t('account.orders.refund', {
              item: itemName(refund.itemId, refund.articleNumber),
              amount: formatMoney(decimalToMinor(refund.total, currency), currency, culture),
              destination: refund.toBalance
                ? t('account.orders.refundToBalance')
                : t('account.orders.refundToPayment'),
              date: formatDate(String(refund.createdAt ?? '')),
            })}
          </li>
        ))}
      </ul>
    </div>
  );
}

/**
 * The order's money from the one order-totals definition (issue 14), incl. VAT: items at regular
 * prices − discount + shipping = total, then VAT, gift card and what was left to pay.
 */
function summaryRows(order: Order, culture: string) {
  const currency = order.currency ?? 'SEK';
  const totals = orderTotalsOfDecimals(
    {
      discountIncVat: order.discount?.sellingPriceIncVat ?? 0,
      discountExVat: order.discount?.sellingPriceExVat ?? 0,
      shippingFeeIncVat: order.shippingFee?.sellingPriceIncVat ?? 0,
      shippingFeeExVat: order.shippingFee?.sellingPriceExVat ?? 0,
      paymentFeeIncVat: 0,
      paymentFeeExVat: 0,
      orderValueIncVat: order.orderTotal?.sellingPriceIncVat ?? 0,
      orderValueExVat: order.orderTotal?.sellingPriceExVat ?? 0,
      fromBalance: order.fromBalance,
    },
    (amount) => decimalToMinor(amount, currency),
  );
  return orderSummaryRows(totals, {
    includesVat: true,
    currency,
    culture,
    shippingName: order.shippingDetails?.[0]?.name ?? null,
  });
}

/**
 * The delivery of an order (issue 43): the shipping method with its carrier and delivery promise,
 * and the pickup point with its address and opening hours.
 */
function Delivery({ order }: { order: Order }) {
  const delivery = orderDeliveryView(order);
  const method = order.shippingDetails?.[0]?.name ?? null;
  return (
    <div className="order-delivery">
      <h4>{t('orderDelivery.method')}</h4>
      {method ? <p>{method}</p> : null}
      <CarrierFacts delivery={delivery} />
      <PickupPointFacts delivery={delivery} id={`order-${order.id}-pickup-point`} as="h4" />
    </div>
  );
}

function OrderCard({ order, culture }: { order: Order; culture: string }) {
  const payment = order.paymentDetails?.[0];
  return (
    <article className="order-card" aria-labelledby={`order-${order.id}`}>
      <header className="order-card__header">
        <h3 id={`order-${order.id}`}>{t('account.orders.number', { id: order.id ?? '' })}</h3>
        <span className={`order-status order-status--${order.status}`}>
          {statusLabel(order.status)}
        </span>
        {order.leasingStatus ? (
          <span className="order-card__leasing">
            Förmånscykel: {LEASING_TEXTS.status[order.leasingStatus] ?? order.leasingStatus}
          </span>
        ) : null}
        <span>
          {t('account.orders.placed', { date: formatDate(String(order.createdAt ?? '')) })}
        </span>
      </header>
      <table className="order-lines">
        <caption className="sr-only">{t('account.orders.lines')}</caption>
        <tbody>
          {(order.cart?.items ?? []).map((item) =>
            item ? (
              <tr key={item.id}>
                <td>
                  <strong>{item.product?.name}</strong>
                  {sizeOf(item) ? ` – ${sizeOf(item)}` : ''}
                  <br />
                  <small>
                    {t('product.articleNumber')} {item.product?.articleNumber}
                  </small>
                </td>
                <td>{t('account.orders.quantity', { quantity: item.quantity })}</td>
                <td className="order-lines__price">
                  {/* Campaign lines show the ordinary price too: items - discount adds up. */}
                  {item.totalPrice?.isDiscounted ? (
                    <>
                      <s className="order-lines__regular">
                        <span className="sr-only">{t('price.regular')} </span>
                        {item.totalPrice.regularPriceIncVatFormatted}
                      </s>{' '}
                    </>
                  ) : null}
                  {item.totalPrice?.sellingPriceIncVatFormatted}
                </td>
              </tr>
            ) : null,
          )}
        </tbody>
      </table>
      <OrderSummary rows={summaryRows(order, culture)} />
      <Refunds order={order} culture={culture} />
      <Parcels details={order.shippingDetails} />
      <div className="order-card__meta">
        <Delivery order={order} />
        {payment ? (
          <div>
            <h4>{t('account.orders.payment')}</h4>
            <p>{payment.displayName || payment.name}</p>
          </div>
        ) : null}
        <AddressBlock title={t('account.orders.billingAddress')} address={order.billingAddress} />
        <AddressBlock title={t('account.orders.shippingAddress')} address={order.shippingAddress} />
      </div>
    </article>
  );
}

/** Orders in progress, then history. */
export default function AccountOrdersPage({ loaderData }: Route.ComponentProps) {
  const { orders } = loaderData;
  const culture = useCulture();
  const inProgress = orders.filter((order) => IN_PROGRESS.has(order.status));
  const history = orders.filter((order) => !IN_PROGRESS.has(order.status));
  return (
    <>
      <h1>{t('account.orders.title')}</h1>
      {orders.length === 0 ? <p>{t('account.orders.empty')}</p> : null}
      {inProgress.length > 0 ? (
        <section aria-labelledby="orders-in-progress">
          <h2 id="orders-in-progress">{t('account.orders.inProgress')}</h2>
          {inProgress.map((order) => (
            <OrderCard key={order.publicId} order={order} culture={culture} />
          ))}
        </section>
      ) : null}
      {history.length > 0 ? (
        <section aria-labelledby="orders-history">
          <h2 id="orders-history">{t('account.orders.history')}</h2>
          {history.map((order) => (
            <OrderCard key={order.publicId} order={order} culture={culture} />
          ))}
        </section>
      ) : null}
    </>
  );
}
