/**
 * The shop's own shipping options behind the provider interface (issue 43; ADR 020 §1): the
 * market's shipping_methods and fees (issue 25, shipping.service.ts), the zip filter, the
 * free-shipping rule of provider.ts, the shop's stores as the pickup method's points. It needs
 * no configuration and books nothing: staff enter parcel numbers (`MANUAL`). And which provider
 * a shop uses: {@link shippingProvider}.
 */
import type { NshiftSettings } from '../../config-shipping.ts';
import type { Database } from '../../db/client.ts';
import { listStores } from '../inventory/inventory.service.ts';
import { nshiftProvider, type NshiftProviderOptions } from './nshift-provider.ts';
import {
  type PickupPoint,
  type ShippingChoice,
  type ShippingProvider,
  type ShippingQuery,
} from './provider.ts';
import { applyFreeShipping } from '../cart/totals.ts';
import { checkoutShippingMethods, listShippingMethods, normalizeZip } from './shipping.service.ts';

async function storePoints(db: Database): Promise<PickupPoint[]> {
  const rows = await listStores(db);
  return rows.map((s) => ({
    id: s.alias,
    name: s.name,
    address: s.address,
    zip: s.zip,
    city: s.city,
    country: 'SE',
    distanceMetres: null,
    openingHours: s.openingHours || null,
  }));
}

/** The own options of a database (today's shipping, the default provider). */
export function ownShippingProvider(db: Database): ShippingProvider {
  async function choices(query: ShippingQuery): Promise<ShippingChoice[]> {
    const methods = checkoutShippingMethods(
      await listShippingMethods(db, query.marketId),
      query.zip,
      query.country,
    );
    const points = methods.some((m) => m.kind === 'pickup') ? await storePoints(db) : [];
    return methods.map((m) => ({
      id: String(m.id),
      name: m.name,
      carrier: { id: null, name: null },
      kind: m.kind as ShippingChoice['kind'],
      fee: applyFreeShipping(
        m.feeIncVat,
        m.freeShippingEligible,
        query.itemsValue,
        query.freeShippingThreshold,
      ),
      providerFee: m.feeIncVat,
      freeShippingEligible: m.freeShippingEligible,
      deliveryPromise: null,
      pickupPoints: m.kind === 'pickup' ? points : [],
    }));
  }

  return {
    name: 'own',
    async offer(query) {
      const list = await choices(query);
      return {
        provider: 'own',
        choices: list,
        // Today's shippingData; the checkout adds the customerType and pickupPoint entered.
        shippingData: JSON.stringify({
          noShippingForZip: normalizeZip(query.zip, query.country) !== null && list.length === 0,
          customerType: null,
          pickupPoint: null,
        }),
        fallback: false,
      };
    },
    async choiceFor(query, choiceId, pickupPointId) {
      const choice = (await choices(query)).find((c) => c.id === choiceId);
      if (!choice) return null;
      if (!pickupPointId) return choice;
      const point = choice.pickupPoints.find((p) => p.id === pickupPointId);
      return point ? { ...choice, pickupPoints: [point] } : null;
    },
    async book() {
      return {
        ok: false,
        retry: false,
        code: 'MANUAL',
        message: 'Ingen fraktbokning är inställd: ange kollinummer manuellt',
      };
    },
  };
}

/**
 * The shop's provider (ADR 020 §1): nShift when `config.shipping.nshift` is set, with the own
 * options as its fallback; else the own options.
 */
export function shippingProvider(
  db: Database,
  nshift: NshiftSettings | null,
  options: Omit<NshiftProviderOptions, 'fallback'> = {},
): ShippingProvider {
  const own = ownShippingProvider(db);
  return nshift ? nshiftProvider(nshift, { ...options, fallback: own }) : own;
}
