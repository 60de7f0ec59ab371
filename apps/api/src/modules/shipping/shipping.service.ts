/**
 * Shipping options per market and zip code (GEINS-API §4.6 ShippingOptionType; SPEC §3 store
 * stock per size, §8 "no shipping options for zip", §9 free shipping over 499 kr; issue 4 money
 * per market). Fees and thresholds in minor units of the market's currency incl. VAT.
 */
import { and, asc, eq, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { skus } from '../catalog/catalog.tables.ts';
import { stores, storeStock } from '../inventory/inventory.tables.ts';
import {
  freeShippingThresholds as freeShippingThresholdsTable,
  shippingFees,
  shippingMethods,
} from './shipping.tables.ts';
import { normalizeZip } from './zip.ts';

export { normalizeZip };

/**
 * A shipping method as offered in one market: the method row plus its fee there (minor units
 * of the market's currency incl. VAT) and the VAT rate charged on it (basis points).
 */
export interface ShippingMethodRecord extends Readonly<typeof shippingMethods.$inferSelect> {
  marketId: string;
  feeIncVat: number;
  vatRateBasisPoints: number;
}

/**
 * The methods offered in a market, in display order: those with a fee row for the market
 * (a method without one is not offered there). One statement.
 * @param marketId market id, e.g. `FI|EUR`
 */
export async function listShippingMethods(
  db: Database,
  marketId: string,
): Promise<ShippingMethodRecord[]> {
  const rows = await db
    .select({ method: shippingMethods, fee: shippingFees })
    .from(shippingMethods)
    .innerJoin(
      shippingFees,
      and(
        eq(shippingFees.shippingMethodId, shippingMethods.id),
        eq(shippingFees.marketId, marketId),
      ),
    )
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
  return rows.map(({ method, fee }) => ({
    ...method,
    marketId: fee.marketId,
    feeIncVat: fee.feeIncVat,
    vatRateBasisPoints: fee.vatRateBasisPoints,
  }));
}

/**
 * The free-shipping threshold of a market: minor units of its currency incl. VAT (49 900 = 499 kr
 * in Sweden, SPEC §9), or null when the market has no free shipping. One statement.
 */
export async function freeShippingThreshold(
  db: Database,
  marketId: string,
): Promise<number | null> {
  const [row] = await db
    .select({ threshold: freeShippingThresholdsTable.thresholdIncVat })
    .from(freeShippingThresholdsTable)
    .where(eq(freeShippingThresholdsTable.marketId, marketId))
    .limit(1);
  return row?.threshold ?? null;
}

/**
 * Every market's free-shipping threshold: market id -> minor units of its currency incl. VAT.
 * One statement.
 */
export async function freeShippingThresholds(db: Database): Promise<Map<string, number>> {
  const rows = await db.select().from(freeShippingThresholdsTable);
  return new Map(rows.map((row) => [row.marketId, row.thresholdIncVat]));
}

/**
 * A market's standard delivery (issue 20, the Product JSON-LD's `shippingDetails`): among its
 * methods that deliver (home or service point, not store pickup) and ship free at the market's
 * threshold, the default one, else the cheapest (then display order); undefined when it has none.
 * @param methods one market's methods ({@link listShippingMethods})
 */
export function standardShippingMethod(
  methods: readonly ShippingMethodRecord[],
): ShippingMethodRecord | undefined {
  const candidates = methods.filter((m) => m.kind !== 'pickup' && m.freeShippingEligible);
  return (
    candidates.find((m) => m.isDefault) ??
    [...candidates].sort((a, b) => a.feeIncVat - b.feeIncVat)[0]
  );
}

/**
 * Every market's standard delivery fee ({@link standardShippingMethod}): market id -> minor units
 * of its currency incl. VAT (4 900 = 49 kr in Sweden). Markets without one are absent. One
 * statement.
 */
export async function standardShippingFees(db: Database): Promise<Map<string, number>> {
  const rows = await db
    .select({ method: shippingMethods, fee: shippingFees })
    .from(shippingMethods)
    .innerJoin(shippingFees, eq(shippingFees.shippingMethodId, shippingMethods.id))
    .orderBy(asc(shippingMethods.sortOrder), asc(shippingMethods.id));
  const byMarket = new Map<string, ShippingMethodRecord[]>();
  for (const { method, fee } of rows) {
    const list = byMarket.get(fee.marketId) ?? [];
    list.push({
      ...method,
      marketId: fee.marketId,
      feeIncVat: fee.feeIncVat,
      vatRateBasisPoints: fee.vatRateBasisPoints,
    });
    byMarket.set(fee.marketId, list);
  }
  const fees = new Map<string, number>();
  for (const [marketId, methods] of byMarket) {
    const standard = standardShippingMethod(methods);
    if (standard) fees.set(marketId, standard.feeIncVat);
  }
  return fees;
}

/**
 * The methods (of one market, see {@link listShippingMethods}) available for a zip code there:
 * none for a zip that is not a postcode of the market's country; in Sweden no home delivery
 * north of 980 00 (Kiruna area: only service points and pickup there).
 * @param countryCode the market's country, default SE
 */
export function methodsForZip(
  methods: readonly ShippingMethodRecord[],
  zip: string | null | undefined,
  countryCode: string = 'SE',
): ShippingMethodRecord[] {
  const normalized = normalizeZip(zip, countryCode);
  if (!normalized) return [];
  const farNorth = countryCode.toUpperCase() === 'SE' && Number(normalized) >= 98_000;
  return methods.filter((m) => !(m.kind === 'home' && farNorth));
}

/**
 * The methods a checkout offers (issue 25): before a zip is known (none entered, in the billing
 * or the shipping address) every method of the market, so a storefront can show the choice
 * first (ralph's internal-shipping checkout does); once a zip is entered those serving it
 * ({@link methodsForZip}: none for a zip that is not a postcode of the market's country or that
 * no method serves).
 * @param zip the zip entered, null or blank when none
 * @param countryCode the checkout market's country, default SE
 */
export function checkoutShippingMethods(
  methods: readonly ShippingMethodRecord[],
  zip: string | null | undefined,
  countryCode: string = 'SE',
): ShippingMethodRecord[] {
  if (!zip?.trim()) return [...methods];
  return methodsForZip(methods, zip, countryCode);
}

/** Units of each SKU on a store's shelves, for pickup. */
export interface StoreStockView {
  alias: string;
  name: string;
  city: string;
  address: string;
  zip: string;
  openingHours: string;
  /** Per SKU of the cart: its size name and the units in the store. */
  skus: Array<{ skuId: number; name: string; quantity: number }>;
  /** True when every cart line is on the shelf in the wanted quantity. */
  hasAll: boolean;
}

/**
 * Stock of the cart's SKUs in every store (store stock per size). Two statements.
 * @param wanted quantity per SKU id in the cart
 */
export async function storeStockForSkus(
  db: Database,
  wanted: ReadonlyMap<number, number>,
): Promise<StoreStockView[]> {
  const ids = [...wanted.keys()];
  const [storeRows, stockRows, skuRows] = await Promise.all([
    db.select().from(stores).orderBy(asc(stores.id)),
    ids.length ? db.select().from(storeStock).where(inArray(storeStock.skuId, ids)) : [],
    ids.length
      ? db.select({ id: skus.id, name: skus.name }).from(skus).where(inArray(skus.id, ids))
      : [],
  ]);
  const names = new Map(skuRows.map((s) => [s.id, s.name]));
  return storeRows.map((store) => {
    const lines = ids.map((skuId) => ({
      skuId,
      name: names.get(skuId) ?? '',
      quantity:
        stockRows.find((row) => row.storeId === store.id && row.skuId === skuId)?.quantity ?? 0,
    }));
    return {
      alias: store.alias,
      name: store.name,
      city: store.city,
      address: store.address,
      zip: store.zip,
      openingHours: store.openingHours,
      skus: lines,
      hasAll: lines.every((l) => l.quantity >= (wanted.get(l.skuId) ?? 0)),
    };
  });
}

/**
 * The aliases of the stores a pickup order may name (issue 13 §7): every store of the shop. The
 * stores are Swedish and the pickup method is offered only in the markets with a fee row for it
 * (Sweden), so these are the checkout market's stores wherever pickup can be chosen. Store stock
 * is not required: a pickup order takes the central stock like any order and the goods are sent
 * to the store; the stock per store is shown to help the shopper choose. One statement.
 */
export async function pickupStoreAliases(db: Database): Promise<Set<string>> {
  const rows = await db.select({ alias: stores.alias }).from(stores);
  return new Set(rows.map((row) => row.alias));
}

/**
 * The tracking URL template of a shipping method (`{parcelNumber}` placeholder), or null when
 * the method has none or does not exist (issue 7: orders fill it in when a parcel ships).
 * One statement.
 */
export async function trackingUrlTemplateOf(
  db: Database,
  shippingMethodId: number,
): Promise<string | null> {
  const [row] = await db
    .select({ template: shippingMethods.trackingUrlTemplate })
    .from(shippingMethods)
    .where(inArray(shippingMethods.id, [shippingMethodId]));
  return row?.template ?? null;
}
