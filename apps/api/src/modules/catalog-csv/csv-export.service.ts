/**
 * The catalogue CSV export (issue 26 "CSV import and export"; docs/csv-format.md): every SKU of
 * every product as one row, with its product's columns, a price and VAT column per market and
 * its stock per store, written with the cell writers of csv-format.ts so that the file imports
 * back unchanged (csv-import.service.ts). Products without SKUs have no row. The file goes
 * through the shop's one CSV writer (csv/safe-csv.ts): a cell that a spreadsheet would read as a
 * formula (a product name `=HYPERLINK(…)`) is written as text, and the import undoes that.
 * A caller whose role may not read prices or stock gets the file without those columns.
 */
import { asc, eq } from 'drizzle-orm';
import type { Database } from '../../db/client.ts';
import { directoryMarketsById } from '../channel/channel-admin.ts';
import { brands, categories, products, skus } from '../catalog/catalog.tables.ts';
import { writeCsv } from '../csv/safe-csv.ts';
import { listStores } from '../inventory/inventory.service.ts';
import { stock, storeStock } from '../inventory/inventory.tables.ts';
import { productPrices } from '../pricing/pricing.tables.ts';
import {
  CSV_DELIMITER,
  formatMoney,
  formatVatPercent,
  formatYesNo,
  priceColumn,
  PRODUCT_COLUMNS,
  SKU_COLUMNS,
  storeStockColumn,
  vatColumn,
  WEB_STOCK_COLUMNS,
} from './csv-format.ts';

/** The markets the file has columns for: those with a currency, the first of each alias. */
export async function csvMarkets(db: Database): Promise<Array<{ id: string; alias: string }>> {
  const byAlias = new Map<string, { id: string; alias: string }>();
  for (const market of (await directoryMarketsById(db)).values()) {
    if (market.currency && !byAlias.has(market.alias)) {
      byAlias.set(market.alias, { id: market.id, alias: market.alias });
    }
  }
  return [...byAlias.values()];
}

/** Which column groups an export has besides the product and SKU columns. */
export interface CsvExportColumns {
  /** `pris_<market>` and `moms_<market>` (the caller's role may read prices). */
  prices: boolean;
  /** `lager_webb`, `inleverans` and `lager_<store>` (the caller's role may read stock). */
  stock: boolean;
}

/**
 * Every product's SKUs as the catalogue CSV (UTF-8 with BOM, semicolons, CRLF), products in id
 * order and their SKUs in size order, with the price and stock columns that `columns` asks for
 * (a file without them still imports: an absent column leaves its values as they are). The same
 * few statements whatever the size of the catalogue; the price and stock tables are not read
 * when their columns are left out.
 */
export async function exportCatalogueCsv(db: Database, columns: CsvExportColumns): Promise<string> {
  const markets = columns.prices ? await csvMarkets(db) : [];
  const stores = columns.stock ? await listStores(db) : [];
  const rows = await db
    .select({
      productId: products.id,
      productArticleNumber: products.articleNumber,
      alias: products.alias,
      name: products.name,
      shortText: products.text2,
      description: products.text1,
      brand: brands.alias,
      category: categories.alias,
      published: products.active,
      skuId: skus.id,
      skuArticleNumber: skus.articleNumber,
      size: skus.name,
      ean: skus.gtin,
      weight: skus.weight,
      lengthMm: skus.lengthMm,
      widthMm: skus.widthMm,
      heightMm: skus.heightMm,
    })
    .from(skus)
    .innerJoin(products, eq(products.id, skus.productId))
    .innerJoin(brands, eq(brands.id, products.brandId))
    .innerJoin(categories, eq(categories.id, products.primaryCategoryId))
    .orderBy(asc(products.id), asc(skus.sortOrder), asc(skus.id));
  const prices = columns.prices ? await pricesByProductMarket(db) : new Map<string, never>();
  const levels = columns.stock
    ? new Map((await db.select().from(stock)).map((s) => [s.skuId, s]))
    : new Map<number, never>();
  const shelves = columns.stock
    ? new Map(
        (await db.select().from(storeStock)).map((s) => [`${s.skuId}:${s.storeId}`, s.quantity]),
      )
    : new Map<string, never>();
  const header = [
    ...PRODUCT_COLUMNS,
    ...SKU_COLUMNS,
    ...markets.flatMap((m) => [priceColumn(m.alias), vatColumn(m.alias)]),
    ...(columns.stock ? WEB_STOCK_COLUMNS : []),
    ...stores.map((s) => storeStockColumn(s.alias)),
  ];
  const records = rows.map((row) => {
    const level = levels.get(row.skuId);
    return [
      row.productArticleNumber,
      row.alias,
      row.name,
      row.shortText,
      row.description,
      row.brand,
      row.category,
      formatYesNo(row.published),
      row.skuArticleNumber,
      row.size,
      row.ean ?? '',
      String(row.weight),
      String(row.lengthMm),
      String(row.widthMm),
      String(row.heightMm),
      ...markets.flatMap((m) => {
        const price = prices.get(`${row.productId}:${m.id}`);
        return price ? [formatMoney(price.amount), formatVatPercent(price.vat)] : ['', ''];
      }),
      ...(columns.stock ? [String(level?.inStock ?? 0), level?.incoming ?? ''] : []),
      ...stores.map((s) => String(shelves.get(`${row.skuId}:${s.id}`) ?? 0)),
    ];
  });
  return writeCsv([header, ...records], { delimiter: CSV_DELIMITER, bom: true });
}

/** Every regular price by `productId:marketId`: minor units incl. VAT and the rate. */
async function pricesByProductMarket(
  db: Database,
): Promise<Map<string, { amount: number; vat: number }>> {
  const prices = new Map<string, { amount: number; vat: number }>();
  for (const p of await db.select().from(productPrices)) {
    prices.set(`${p.productId}:${p.marketId}`, {
      amount: p.regularPriceIncVat,
      vat: p.vatRateBasisPoints,
    });
  }
  return prices;
}
