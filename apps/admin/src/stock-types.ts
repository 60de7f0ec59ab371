/**
 * Shapes and Swedish names of the stock page (issue 26): what `stockSearch`/`stockItem` return
 * on /admin/graphql, the reasons of an adjustment and the storefront's stock statuses.
 */

/** Units of a SKU on one store's shelf. */
export interface StoreLevel {
  storeId: number;
  name: string;
  quantity: number;
}

/** A SKU with its web stock and stock per store (`StockItem` of the admin schema). */
export interface StockItem {
  skuId: number;
  articleNumber: string;
  ean: string | null;
  size: string;
  productName: string;
  productArticleNumber: string;
  inStock: number;
  oversellable: number;
  static: number;
  incoming: string | null;
  status: string;
  stores: StoreLevel[];
}

/** A store stock can be adjusted in. */
export interface Store {
  id: number;
  alias: string;
  name: string;
  city: string;
}

/** The fields of {@link StockItem} every query asks for. */
export const STOCK_ITEM_FIELDS =
  'skuId articleNumber ean size productName productArticleNumber inStock oversellable static incoming status stores { storeId name quantity }';

/** The reasons of an adjustment (`StockReason`), in the order the form offers them. */
export const STOCK_REASONS: Array<{ code: string; name: string }> = [
  { code: 'inleverans', name: 'Inleverans' },
  { code: 'inventering', name: 'Inventering' },
  { code: 'svinn', name: 'Svinn' },
  { code: 'retur', name: 'Retur' },
  { code: 'korrigering', name: 'Korrigering' },
];

/** The Swedish name of a reason code. */
export function reasonName(code: string): string {
  return STOCK_REASONS.find((reason) => reason.code === code)?.name ?? code;
}

/** The storefront's words for a stock status (apps/storefront/app/i18n/sv.json `stock.*`). */
export function statusName(status: string): string {
  switch (status) {
    case 'in-stock':
      return 'I lager';
    case 'few-left':
      return 'Få kvar';
    case 'oversellable':
      return 'Beställningsvara';
    case 'static':
      return 'I lager (alltid)';
    default:
      return 'Slut i lager';
  }
}
