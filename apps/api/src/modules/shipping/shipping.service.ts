/**
 * Shipping options by zip code (GEINS-API §4.6 ShippingOptionType; SPEC §3 store stock per
 * size, §8 "no shipping options for zip"). Fees in minor units (öre) incl. VAT.
 */
import { asc, inArray } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { skus } from '../catalog/catalog.tables.ts';
import { stores, storeStock } from '../inventory/inventory.tables.ts';
import { shippingMethods } from './shipping.tables.ts';

/** A shipping method row. */
export type ShippingMethodRecord = typeof shippingMethods.$inferSelect;

/**
 * A Swedish postcode: five digits, optionally "NNN NN", from 100 00 to 984 99 (the ranges Posten
 * uses). Returns the five digits, or null when it is not a Swedish postcode.
 */
export function normalizeSwedishZip(zip: string | null | undefined): string | null {
  const digits = (zip ?? '').replace(/\s+/g, '');
  if (!/^\d{5}$/.test(digits)) return null;
  const value = Number(digits);
  return value >= 10000 && value <= 98499 ? digits : null;
}

/** Every shipping method, in display order. One statement. */
export async function listShippingMethods(db: Database): Promise<ShippingMethodRecord[]> {
  return db.select().from(shippingMethods).orderBy(asc(shippingMethods.sortOrder));
}

/**
 * The methods available for a zip code: none for a zip that is not Swedish; home delivery not
 * north of 980 00 (Kiruna area: only service points and pickup there).
 */
export function methodsForZip(
  methods: readonly ShippingMethodRecord[],
  zip: string | null | undefined,
): ShippingMethodRecord[] {
  const normalized = normalizeSwedishZip(zip);
  if (!normalized) return [];
  return methods.filter((m) => !(m.kind === 'home' && Number(normalized) >= 98000));
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
