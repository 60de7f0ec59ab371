/**
 * nShift Delivery's answers as the client reads them (nshift-client.ts; docs/shipping-stand-ins.md
 * N2, N4, N5): zod schemas of the delivery options, stored and printed shipments, and the
 * options turned into bookable choices in minor units with their pickup points nearest first.
 * The schemas transform nothing, so a validated answer can be passed on as nShift sent it.
 */
import { z } from 'zod';

const agentSchema = z.object({
  id: z.string(),
  name: z.string(),
  address1: z.string().nullish(),
  address2: z.string().nullish(),
  zipCode: z.string().nullish(),
  city: z.string().nullish(),
  country: z.string().nullish(),
  /** Not in nShift's published example (N2): read when present. */
  distance: z.number().nullish(),
  /** Not in nShift's published example (N2): read when present. */
  openingHours: z.string().nullish(),
});

interface OptionShape {
  id: string;
  name: string;
  description1?: string | null;
  deliveryTime?: string | null;
  carrierId?: string | null;
  priceDescription?: string | null;
  priceValue?: number | null;
  subOptions?: OptionShape[] | null;
  agents?: Array<z.infer<typeof agentSchema>> | null;
}

const optionSchema: z.ZodType<OptionShape> = z.lazy(() =>
  z.object({
    id: z.string(),
    name: z.string(),
    description1: z.string().nullish(),
    deliveryTime: z.string().nullish(),
    carrierId: z.string().nullish(),
    priceDescription: z.string().nullish(),
    priceValue: z.number().nonnegative().nullish(),
    subOptions: z.array(optionSchema).nullish(),
    agents: z.array(agentSchema).nullish(),
  }),
);

/** `GET /delivery-checkouts/{id}` (N2); the body is returned as sent, unknown fields kept. */
export const deliveryCheckoutSchema = z
  .object({ deliveryCheckoutId: z.string(), options: z.array(optionSchema) })
  .passthrough();
export type DeliveryCheckout = z.infer<typeof deliveryCheckoutSchema>;

export const storedSchema = z.object({
  id: z.string(),
  status: z.string(),
  orderNo: z.string().nullish(),
});
export type StoredShipment = z.infer<typeof storedSchema>;

export const shipmentSchema = z.object({
  id: z.string(),
  shipmentNo: z.string().nullish(),
  orderNo: z.string().nullish(),
  parcels: z.array(z.object({ parcelNo: z.string() })),
  pdfs: z.array(z.object({ id: z.string(), description: z.string().nullish(), href: z.string() })),
});
export type PrintedShipment = z.infer<typeof shipmentSchema>;

/** A pickup point of a choice, nearest first. */
export interface PickupPoint {
  id: string;
  name: string;
  address: string;
  zip: string;
  city: string;
  country: string;
  /** Metres from the postcode, when nShift says (not confirmed, N2). */
  distanceMetres: number | null;
  openingHours: string | null;
}

/** A bookable choice: a leaf option of the Delivery Checkout (sub-options flattened). */
export interface ShippingChoice {
  /** nShift's option id: what ralph sends back as `externalShippingId`. */
  id: string;
  name: string;
  /** The containers above it, e.g. `['Hemleverans']`. */
  path: string[];
  carrierId: string | null;
  /** Minor units incl. VAT (öre): `priceValue × 100`. */
  price: number;
  priceDescription: string | null;
  description: string | null;
  /** nShift's `deliveryTime` text (the delivery promise), or null. */
  deliveryTime: string | null;
  pickupPoints: PickupPoint[];
}

/**
 * The leaf options of an answer with their price in minor units and their points nearest
 * first (by `distance` where given, else nShift's order); options without a price are left out.
 */
export function toShippingChoices(checkout: DeliveryCheckout): ShippingChoice[] {
  const out: ShippingChoice[] = [];
  const walk = (options: readonly OptionShape[], path: string[]) => {
    for (const o of options) {
      if (o.subOptions?.length) {
        walk(o.subOptions, [...path, o.name]);
        continue;
      }
      if (o.priceValue === null || o.priceValue === undefined) continue;
      const points = (o.agents ?? []).map((a, index) => ({
        index,
        point: {
          id: a.id,
          name: a.name,
          address: [a.address1, a.address2].filter(Boolean).join(', '),
          zip: a.zipCode ?? '',
          city: a.city ?? '',
          country: a.country ?? '',
          distanceMetres: a.distance ?? null,
          openingHours: a.openingHours ?? null,
        },
      }));
      points.sort(
        (x, y) =>
          (x.point.distanceMetres ?? Infinity) - (y.point.distanceMetres ?? Infinity) ||
          x.index - y.index,
      );
      out.push({
        id: o.id,
        name: o.name,
        path,
        carrierId: o.carrierId ?? null,
        price: Math.round(o.priceValue * 100),
        priceDescription: o.priceDescription ?? null,
        description: o.description1 || null,
        deliveryTime: o.deliveryTime || null,
        pickupPoints: points.map((p) => p.point),
      });
    }
  };
  walk(checkout.options, []);
  return out;
}
