/**
 * An order's delivery facts (issue 43; ADR 020 §6): how it is delivered, by whom, how soon and,
 * for a pickup, where the shopper collects it. One reading for every place that shows them: the
 * confirmation page and the account's orders (shop API), the order e-mail, the back office's
 * order page (admin API), the packing slip and the packing list.
 *
 * The facts come from the order row as the checkout wrote them (`shipping_carrier_name`,
 * `delivery_promise`, `pickup_point_details`). An order placed before those columns existed
 * (migration 0049) with a store pickup has only the store's alias in `pickup_point`: its point is
 * then the store as it is today ({@link loadOrderDelivery}), or, when the store is gone, a point
 * named by the alias. No GraphQL here: the API layers map {@link OrderDelivery} to their types.
 */
import type { Database } from '../../db/client.ts';
import { findStoreByAlias, type StoreRecord } from '../inventory/inventory.service.ts';
import type { PickupPoint, ShippingProviderName } from '../shipping/provider.ts';
import { formatZip } from '../shipping/zip.ts';
import { swedishPromise } from '../shipping/delivery-promise.ts';
import type { OrderRecord } from './orders.service.ts';

/** The columns of an order {@link orderDelivery} reads. */
export type OrderDeliverySource = Pick<
  OrderRecord,
  | 'shippingProvider'
  | 'shippingName'
  | 'shippingCarrierName'
  | 'deliveryPromise'
  | 'pickupPoint'
  | 'pickupPointDetails'
>;

/** How an order is delivered, as the shopper chose it at the checkout. */
export interface OrderDelivery {
  /** Who delivers: `own` (the shop's shipping methods) or `nshift`. */
  provider: ShippingProviderName;
  /** The shipping method's (nShift: the service's) name, e.g. "Hämta hos ombud". */
  shippingName: string;
  /** The carrier's name, e.g. "PostNord"; null when the shop delivers itself or it is unknown. */
  carrierName: string | null;
  /** The delivery promise as shown at the checkout, e.g. "1–3 vardagar"; null when none. */
  deliveryPromise: string | null;
  /**
   * Where the shopper collects the parcel (a carrier's service point or a store), as chosen;
   * null for home delivery. `distanceMetres` is from the address entered at the checkout.
   */
  pickupPoint: PickupPoint | null;
}

/** A store as a pickup point (the shop's own pickup method's points; own-provider.ts). */
export function storePickupPoint(
  store: Pick<StoreRecord, 'alias' | 'name' | 'address' | 'zip' | 'city' | 'openingHours'>,
): PickupPoint {
  return {
    id: store.alias,
    name: store.name,
    address: store.address,
    zip: store.zip,
    city: store.city,
    country: 'SE',
    distanceMetres: null,
    openingHours: store.openingHours || null,
  };
}

/** Trimmed text, null when empty. */
function text(value: string | null | undefined): string | null {
  const trimmed = value?.trim() ?? '';
  return trimmed === '' ? null : trimmed;
}

/**
 * The delivery facts of an order from its row alone (no statement).
 * @param store the store the order's `pickupPoint` names, for an order without
 *   `pickupPointDetails` (placed before migration 0049); ignored when the order has details
 */
export function orderDelivery(
  order: OrderDeliverySource,
  store?: Parameters<typeof storePickupPoint>[0] | null,
): OrderDelivery {
  const alias = text(order.pickupPoint);
  let pickupPoint: PickupPoint | null = order.pickupPointDetails ?? null;
  if (!pickupPoint && alias) {
    pickupPoint = store
      ? storePickupPoint(store)
      : {
          id: alias,
          name: alias,
          address: '',
          zip: '',
          city: '',
          country: 'SE',
          distanceMetres: null,
          openingHours: null,
        };
  }
  return {
    provider: order.shippingProvider === 'nshift' ? 'nshift' : 'own',
    shippingName: order.shippingName,
    carrierName: text(order.shippingCarrierName),
    deliveryPromise: text(order.deliveryPromise),
    pickupPoint,
  };
}

/**
 * The delivery facts of an order, looking up the store of a pickup order that has only the
 * store's alias (placed before migration 0049). One statement then, none otherwise.
 */
export async function loadOrderDelivery(
  db: Database,
  order: OrderDeliverySource,
): Promise<OrderDelivery> {
  const alias = text(order.pickupPoint);
  const store =
    !order.pickupPointDetails && alias && order.shippingProvider !== 'nshift'
      ? await findStoreByAlias(db, alias)
      : null;
  return orderDelivery(order, store);
}

/**
 * The carrier and the delivery promise as one text, e.g. "PostNord, 1–3 vardagar"; "" when the
 * order has neither.
 */
export function carrierAndPromise(delivery: OrderDelivery): string {
  return [delivery.carrierName, swedishPromise(delivery.deliveryPromise)]
    .filter(Boolean)
    .join(', ');
}

/**
 * The shipping method with its carrier and promise, e.g. "Hämta hos ombud (PostNord, 1–3
 * vardagar)", or the method's name alone.
 */
export function shippingMethodText(delivery: OrderDelivery): string {
  const extra = carrierAndPromise(delivery);
  return extra ? `${delivery.shippingName} (${extra})` : delivery.shippingName;
}

/**
 * A pickup point as the lines of a label: name, street address, postcode and city (the postcode
 * as the post writes it, "411 01"), and "Öppettider: …" when known. Empty parts are left out.
 * @param openingHoursLabel the word before the opening hours, "Öppettider" unless a mail in
 *   another language says otherwise
 */
export function pickupPointLines(point: PickupPoint, openingHoursLabel = 'Öppettider'): string[] {
  const zip = point.zip ? formatZip(point.zip, point.country || 'SE') : '';
  return [
    point.name,
    point.address,
    [zip, point.city].filter(Boolean).join(' '),
    point.openingHours ? `${openingHoursLabel}: ${point.openingHours}` : '',
  ]
    .map((line) => line.trim())
    .filter((line) => line !== '');
}
