/**
 * The shipping provider of a running shop (issue 43; ADR 020 §1): one per database and
 * configuration, so nShift's answers are cached across a checkout's calls (60 s, ADR 020 §3).
 * The checkout, placeOrder and the booking job all ask here.
 */
import type { NshiftSettings } from '../../config-shipping.ts';
import type { Database } from '../../db/client.ts';
import { processLogger } from '../../log.ts';
import { CARRIER_NAMES, TRACKING_TEMPLATES } from './carriers.ts';
import { shippingProvider } from './own-provider.ts';
import type { ShippingProvider } from './provider.ts';

const providers = new WeakMap<Database, Map<string, ShippingProvider>>();

/**
 * The provider for `db` with `nshift` settings (`config.shipping.nshift`; null: the shop's own
 * options). Failures that make nShift's fallback answer are logged as warnings (never the key).
 */
export function shopShippingProvider(
  db: Database,
  nshift: NshiftSettings | null,
): ShippingProvider {
  let byKey = providers.get(db);
  if (!byKey) providers.set(db, (byKey = new Map()));
  const key = nshift
    ? JSON.stringify([nshift.apiUrl, nshift.keyId, nshift.deliveryCheckoutId])
    : '';
  let provider = byKey.get(key);
  if (!provider) {
    provider = shippingProvider(db, nshift, {
      carrierNames: CARRIER_NAMES,
      trackingTemplates: TRACKING_TEMPLATES,
      onFailure: (failure) =>
        processLogger().warn(
          { code: failure.code, retry: failure.retry },
          'nShift did not answer; the own shipping options are shown',
        ),
    });
    byKey.set(key, provider);
  }
  return provider;
}
