/**
 * nShift as the shop's shipping provider (issue 43; ADR 020 §1, §3–§5) on the client of
 * nshift-client.ts: options from the Delivery Checkout (nShift's answer verbatim as
 * `shippingData`, for ralph's CaNshift widget), the shop's free-shipping rule on top, choices
 * re-read for a client's selection, and bookings that are safe to repeat. When nShift cannot
 * answer, the fallback provider's offer is returned (nShift: "prepare a fallback solution").
 */
import type { NshiftSettings } from '../../config-shipping.ts';
import {
  NshiftClient,
  toShippingChoices,
  type DeliveryCheckout,
  type NshiftResult,
} from './nshift-client.ts';
import {
  type BookingOutcome,
  type BookingRequest,
  type ShippingChoice,
  type ShippingOffer,
  type ShippingProvider,
  type ShippingQuery,
} from './provider.ts';
import { applyFreeShipping } from '../cart/totals.ts';

export interface NshiftProviderOptions {
  /** Used when nShift fails (network, 5xx, an answer of another shape); none: an empty offer. */
  fallback?: ShippingProvider;
  /** Carrier names by nShift carrier id (`PLAB` → PostNord), for display. */
  carrierNames?: Record<string, string>;
  /** Tracking page per nShift carrier id, with `{parcelNumber}` (shipping_methods, ADR 020 §6). */
  trackingTemplates?: Record<string, string>;
  /** Option ids not eligible for free shipping (their shipping_methods row says so). */
  notFreeShippingEligible?: ReadonlySet<string>;
  /** How long an answer is reused for the same query (default 60 s). */
  cacheMs?: number;
  /** Called with failures that made the fallback answer (logging). */
  onFailure?: (failure: Extract<NshiftResult<unknown>, { ok: false }>) => void;
  now?: () => number;
}

/** The widget's empty list before a zip is known (N2 shape; ralph then asks for the zip). */
function emptyAnswer(deliveryCheckoutId: string): string {
  return JSON.stringify({ deliveryCheckoutId, options: [] });
}

export function nshiftProvider(
  settings: NshiftSettings,
  options: NshiftProviderOptions = {},
): ShippingProvider {
  const client = new NshiftClient({
    apiUrl: settings.apiUrl,
    keyId: settings.keyId,
    keySecret: settings.keySecret,
    timeoutMs: 4_000,
  });
  const cacheMs = options.cacheMs ?? 60_000;
  const now = options.now ?? Date.now;
  const cache = new Map<string, { at: number; body: DeliveryCheckout }>();

  async function answer(query: ShippingQuery & { zip: string }) {
    const key = JSON.stringify([
      query.country,
      query.currency,
      query.language,
      query.zip,
      query.street ?? '',
      query.city ?? '',
      query.weightGrams,
      query.itemsValue,
    ]);
    const hit = cache.get(key);
    if (hit && now() - hit.at < cacheMs) return { ok: true as const, body: hit.body };
    const result = await client.deliveryOptions({
      deliveryCheckoutId: settings.deliveryCheckoutId,
      currency: query.currency,
      language: query.language,
      country: query.country,
      zip: query.zip,
      weightGrams: query.weightGrams,
      cartValue: query.itemsValue,
      street: query.street,
      city: query.city,
    });
    if (result.ok) {
      if (cache.size > 500) cache.clear();
      cache.set(key, { at: now(), body: result.body });
    }
    return result;
  }

  function choicesOf(body: DeliveryCheckout, query: ShippingQuery): ShippingChoice[] {
    return toShippingChoices(body).map((c) => {
      const eligible = !options.notFreeShippingEligible?.has(c.id);
      return {
        id: c.id,
        name: c.name,
        carrier: {
          id: c.carrierId,
          name: (c.carrierId && options.carrierNames?.[c.carrierId]) ?? null,
        },
        kind: c.pickupPoints.length ? 'service_point' : 'home',
        fee: applyFreeShipping(c.price, eligible, query.itemsValue, query.freeShippingThreshold),
        providerFee: c.price,
        freeShippingEligible: eligible,
        deliveryPromise: c.deliveryTime ?? c.description,
        pickupPoints: c.pickupPoints,
      };
    });
  }

  const provider: ShippingProvider = {
    name: 'nshift',
    async offer(query) {
      if (!query.zip?.trim()) {
        return {
          provider: 'nshift',
          choices: [],
          shippingData: emptyAnswer(`${settings.deliveryCheckoutId}`),
          fallback: false,
        };
      }
      const result = await answer({ ...query, zip: query.zip });
      if (!result.ok) {
        options.onFailure?.(result);
        if (options.fallback) {
          const other: ShippingOffer = await options.fallback.offer(query);
          return { ...other, fallback: true };
        }
        return {
          provider: 'nshift',
          choices: [],
          shippingData: emptyAnswer(settings.deliveryCheckoutId),
          fallback: true,
        };
      }
      return {
        provider: 'nshift',
        choices: choicesOf(result.body, query),
        shippingData: JSON.stringify(result.body),
        fallback: false,
      };
    },

    async choiceFor(query, choiceId, pickupPointId) {
      if (!query.zip?.trim()) return null;
      const result = await answer({ ...query, zip: query.zip });
      if (!result.ok) return null;
      const choice = choicesOf(result.body, query).find((c) => c.id === choiceId);
      if (!choice) return null;
      if (pickupPointId && !choice.pickupPoints.some((p) => p.id === pickupPointId)) return null;
      if (!pickupPointId && choice.pickupPoints.length) {
        // No point named: the nearest one, as preselected in the checkout.
        return { ...choice, pickupPoints: choice.pickupPoints.slice(0, 1) };
      }
      return pickupPointId
        ? { ...choice, pickupPoints: choice.pickupPoints.filter((p) => p.id === pickupPointId) }
        : choice;
    },

    async book(request: BookingRequest, onProviderRef): Promise<BookingOutcome> {
      const booked = await client.bookShipment(
        {
          orderNo: request.orderNo,
          senderQuickId: settings.senderQuickId,
          serviceId: request.serviceId,
          receiver: {
            name: request.receiver.name,
            address1: request.receiver.address1,
            address2: request.receiver.address2,
            zipcode: request.receiver.zip.replace(/\s/g, ''),
            city: request.receiver.city,
            country: request.receiver.country,
            email: request.receiver.email,
            mobile: request.receiver.mobile,
          },
          agentId: request.pickupPointId,
          parcels: request.parcels.map((p) => ({
            weightKg: Math.round(p.weightGrams) / 1000,
            contents: p.contents,
          })),
          senderReference: request.orderNo,
        },
        request.providerRef,
        onProviderRef,
      );
      if (!booked.ok) return booked;
      const template = request.carrierId
        ? options.trackingTemplates?.[request.carrierId]
        : undefined;
      const parcels = booked.body.shipments.flatMap((s) =>
        s.parcels.map((p) => ({
          parcelNumber: p.parcelNo,
          trackingUrl: template
            ? template.split('{parcelNumber}').join(encodeURIComponent(p.parcelNo))
            : null,
        })),
      );
      const first = booked.body.shipments[0]!;
      const labelLink = first.pdfs[0]?.href;
      // The label is kept one hour at nShift (N5): fetched now; a failure leaves it null
      // (the parcel is booked; the label can be re-printed in nShift Delivery).
      const label = labelLink ? await client.fetchLabel(labelLink) : null;
      return {
        ok: true,
        providerRef: booked.body.storedId,
        shipmentRef: first.id,
        parcels,
        label: label?.ok ? label.body : null,
      };
    },
  };
  return provider;
}
