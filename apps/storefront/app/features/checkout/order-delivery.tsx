/**
 * How a placed order is delivered (issue 43; ADR 020 §6), for the order confirmation and the
 * account's orders: the carrier and the delivery promise beside the shipping method, and the
 * pickup point ("Utlämningsställe") with its name, address, postcode and city (as the post writes
 * the postcode, issue 40 §6) and opening hours. From the API's shop extensions
 * `shippingCarrierName`, `deliveryPromise` and `pickupPointDetails` of the order.
 */
import { promiseText } from './checkout-view';
import { formatZip } from '@trampa/api/zip';
import { t } from '../../i18n/i18n';

/** The API's pickup point of an order (`OrderPickupPointType`), as the operations select it. */
export interface ApiPickupPoint {
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  openingHours?: string | null;
}

/** The carrier, promise and point of an order, ready to show. */
export interface OrderDeliveryView {
  /** E.g. "PostNord"; null when none is named. */
  carrier: string | null;
  /** E.g. "1–3 vardagar"; null when none. */
  promise: string | null;
  /** The point as lines: name, street, "411 01 Göteborg"; null for home delivery. */
  pickupPoint: { lines: string[]; openingHours: string | null } | null;
}

/** Trimmed, null when empty. */
function present(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/** The view of an order's delivery fields (absent fields as null). */
export function orderDeliveryView(order: {
  shippingCarrierName?: string | null;
  deliveryPromise?: string | null;
  pickupPointDetails?: ApiPickupPoint | null;
}): OrderDeliveryView {
  const point = order.pickupPointDetails;
  return {
    carrier: present(order.shippingCarrierName),
    promise: present(promiseText(order.deliveryPromise)),
    pickupPoint: point
      ? {
          lines: [
            point.name,
            point.address,
            [point.zip ? formatZip(point.zip, point.country || 'SE') : '', point.city]
              .filter(Boolean)
              .join(' '),
          ]
            .map((line) => line.trim())
            .filter((line) => line !== ''),
          openingHours: present(point.openingHours),
        }
      : null,
  };
}

/** "Transportör" and "Leveranstid" as a description list; nothing when neither is known. */
export function CarrierFacts({ delivery }: { delivery: OrderDeliveryView }) {
  if (!delivery.carrier && !delivery.promise) return null;
  return (
    <dl className="order-delivery__facts" data-testid="order-carrier">
      {delivery.carrier ? (
        <>
          <dt>{t('orderDelivery.carrier')}</dt>
          <dd>{delivery.carrier}</dd>
        </>
      ) : null}
      {delivery.promise ? (
        <>
          <dt>{t('orderDelivery.promise')}</dt>
          <dd>{delivery.promise}</dd>
        </>
      ) : null}
    </dl>
  );
}

/**
 * The pickup point under a heading "Utlämningsställe" (level `as`, labelled by `id`): the address
 * and the opening hours. Nothing for home delivery.
 */
export function PickupPointFacts({
  delivery,
  id,
  as: Heading = 'h3',
}: {
  delivery: OrderDeliveryView;
  id: string;
  as?: 'h3' | 'h4';
}) {
  const point = delivery.pickupPoint;
  if (!point) return null;
  return (
    <section className="order-delivery__point" aria-labelledby={id} data-testid="pickup-point">
      <Heading id={id}>{t('orderDelivery.pickupPoint')}</Heading>
      <address>
        {point.lines.map((line, index) => (
          <span key={index}>
            {line}
            <br />
          </span>
        ))}
      </address>
      {point.openingHours ? (
        <p>{t('orderDelivery.openingHours', { hours: point.openingHours })}</p>
      ) : null}
    </section>
  );
}
