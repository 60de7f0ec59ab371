/**
 * The delivery facts of a placed order on the shop API (issue 43; ADR 020 §6): the chosen pickup
 * point in full, the carrier's name and the delivery promise, as fields of `CheckoutOrderType`
 * (the confirm page) and `OrderType` (getOrderPublic, the account's getOrders), both in
 * order.graphql.ts. Shop extensions, not in the Geins contract: its `pickupPoint` stays the
 * point's id. Read through the orders module's {@link loadOrderDelivery}.
 */
import { builder, type ApiSchemaTypes } from '../../graphql/builder.ts';
import type { GraphQLContext } from '../../graphql/context.ts';
import { loadOrderDelivery, orderDelivery, type OrderDelivery } from '../orders/order-delivery.ts';
import type { OrderView } from '../orders/orders.service.ts';
import type { PickupPoint } from '../shipping/provider.ts';

/** `OrderPickupPointType`. */
export const OrderPickupPointRef = builder
  .objectRef<PickupPoint>('OrderPickupPointType')
  .implement({
    description:
      'Shop extension (not in the Geins contract; issue 43): the pickup point an order is collected at, as the shopper chose it at the checkout (a carrier\'s service point, e.g. "ICA Kvantum Haga", or a Trampa store).',
    fields: (t) => ({
      id: t.exposeString('id', {
        nullable: false,
        description: "The point's id at the carrier (a store's alias): the order's `pickupPoint`.",
      }),
      name: t.exposeString('name', { nullable: false, description: 'Name, e.g. "ICA Haga".' }),
      address: t.exposeString('address', {
        nullable: false,
        description: 'Street address, e.g. "Haga Nygata 12"; "" when unknown.',
      }),
      zip: t.exposeString('zip', {
        nullable: false,
        description: 'Postcode as the carrier gave it, without formatting; "" when unknown.',
      }),
      city: t.exposeString('city', { nullable: false, description: 'City; "" when unknown.' }),
      country: t.exposeString('country', {
        nullable: false,
        description: 'ISO 3166-1 alpha-2, e.g. "SE".',
      }),
      distanceMetres: t.exposeInt('distanceMetres', {
        nullable: true,
        description:
          'Metres from the address entered at the checkout, as the carrier gave it; null when unknown.',
      }),
      openingHours: t.exposeString('openingHours', {
        nullable: true,
        description:
          'Opening hours as the carrier words them, e.g. "Mån–fre 8–21"; null when none.',
      }),
    }),
  });

/** Per request: one reading of each order's pickup point (a statement for an old store pickup). */
const deliveries = new WeakMap<GraphQLContext, Map<number, Promise<OrderDelivery>>>();

function deliveryOf(view: OrderView, ctx: GraphQLContext): Promise<OrderDelivery> {
  let byOrder = deliveries.get(ctx);
  if (!byOrder) {
    byOrder = new Map();
    deliveries.set(ctx, byOrder);
  }
  let found = byOrder.get(view.order.id);
  if (!found) {
    found = loadOrderDelivery(ctx.db, view.order);
    byOrder.set(view.order.id, found);
  }
  return found;
}

/**
 * The delivery fields of an order type whose source is an {@link OrderView}: spread into the
 * fields of `CheckoutOrderType` and `OrderType`.
 */
export function orderDeliveryFields(
  t: PothosSchemaTypes.ObjectFieldBuilder<ApiSchemaTypes, OrderView>,
) {
  return {
    pickupPointDetails: t.field({
      type: OrderPickupPointRef,
      nullable: true,
      description:
        "Shop extension (not in the Geins contract; issue 43): the pickup point as chosen (name, address, postcode, city, opening hours) for the confirmation and the account's order; an order placed before issue 43 with a store pickup answers the store as it is today. Null for home delivery.",
      resolve: async (view, _args, ctx) => (await deliveryOf(view, ctx)).pickupPoint,
    }),
    shippingCarrierName: t.string({
      nullable: true,
      description:
        'Shop extension (not in the Geins contract; issue 43): the carrier that delivers, e.g. "PostNord", as shown at the checkout; null when the shop delivers itself or it is unknown.',
      resolve: (view) => orderDelivery(view.order).carrierName,
    }),
    deliveryPromise: t.string({
      nullable: true,
      description:
        'Shop extension (not in the Geins contract; issue 43): the delivery promise shown at the checkout, e.g. "1–3 vardagar"; null when none was given.',
      resolve: (view) => orderDelivery(view.order).deliveryPromise,
    }),
  };
}
