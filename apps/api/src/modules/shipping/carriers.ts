/**
 * The carriers the shop names (issue 43; ADR 020 §6): display name and tracking page per
 * provider carrier id. nShift's ids: `PLAB` is PostNord in nShift's own example
 * (docs/shipping-stand-ins.md N2); the others are the ids the stand-in uses and must be checked
 * against a real Delivery Checkout set-up before release (ADR 020 "Consequences"). The
 * tracking pages are the carriers' public ones, `{parcelNumber}` where the URL-encoded parcel
 * number goes.
 */

/** A carrier as the shop shows it. */
export interface Carrier {
  id: string;
  name: string;
  /** The carrier's tracking page with `{parcelNumber}`, or null when it has none. */
  trackingUrlTemplate: string | null;
  /** The storefront's badge for the carrier (`ShippingOptionType.logo`, a file in /shipping/). */
  logo: string;
}

export const CARRIERS: Readonly<Record<string, Carrier>> = {
  PLAB: {
    id: 'PLAB',
    logo: 'postnord.svg',
    name: 'PostNord',
    trackingUrlTemplate: 'https://tracking.postnord.com/se/?id={parcelNumber}',
  },
  DHL: {
    id: 'DHL',
    logo: 'dhl.svg',
    name: 'DHL',
    trackingUrlTemplate: 'https://www.dhl.com/se-sv/home/tracking.html?tracking-id={parcelNumber}',
  },
  BUDBEE: {
    id: 'BUDBEE',
    logo: 'budbee.svg',
    name: 'Budbee',
    trackingUrlTemplate: 'https://tracking.budbee.com/{parcelNumber}',
  },
  INSTABOX: {
    id: 'INSTABOX',
    logo: 'instabox.svg',
    name: 'Instabox',
    trackingUrlTemplate: 'https://track.instabox.io/{parcelNumber}',
  },
  BRING: {
    id: 'BRING',
    logo: 'bring.svg',
    name: 'Bring',
    trackingUrlTemplate: 'https://tracking.bring.se/tracking/{parcelNumber}',
  },
};

/** The carrier of a provider carrier id, or null when the shop does not know it. */
export function carrierOf(id: string | null | undefined): Carrier | null {
  return (id && CARRIERS[id]) || null;
}

/** Carrier names by id, for `nshiftProvider`'s `carrierNames`. */
export const CARRIER_NAMES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(CARRIERS).map((c) => [c.id, c.name]),
);

/** Tracking templates by id, for `nshiftProvider`'s `trackingTemplates`. */
export const TRACKING_TEMPLATES: Readonly<Record<string, string>> = Object.fromEntries(
  Object.values(CARRIERS).flatMap((c) =>
    c.trackingUrlTemplate ? [[c.id, c.trackingUrlTemplate]] : [],
  ),
);
