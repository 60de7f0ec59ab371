/**
 * What each admin query belongs to and which of its fields belong to another area (issue 41
 * point 3; modules/staff/roles.ts), for admin-query-permissions.test.ts, which runs every query
 * of the built admin schema as every role. A query missing from {@link QUERY_ACCESS} fails that
 * test, and so does a price- or stock-looking field that a role without prices or stock can reach
 * and that is neither guarded ({@link FIELD_AREAS}) nor explained ({@link NOT_PRICES_OR_STOCK}).
 */
import type { StaffArea } from '../src/modules/staff/roles.ts';

/**
 * Who may run a query: a role with read permission in a staff area; `session`: any logged-in
 * staff user (the query filters by area itself, or shows no area's data); `public`: also
 * without a session.
 */
export type QueryGate = StaffArea | 'session' | 'public';

/** A query's gate and the arguments the test calls it with (`$productId`, `$skuId` filled in). */
export interface QueryAccess {
  gate: QueryGate;
  args?: string;
}

/** Every query of the admin schema. */
export const QUERY_ACCESS: Record<string, QueryAccess> = {
  activeAdministrator: { gate: 'public' },
  backOfficeSetup: { gate: 'public' },
  adminSellerIdentity: { gate: 'session' },
  roles: { gate: 'session' },
  permissionAreas: { gate: 'session' },
  failedJobs: { gate: 'session' },
  adminBrands: { gate: 'catalogue' },
  adminCategories: { gate: 'catalogue' },
  adminProduct: { gate: 'catalogue', args: '(id: $productId)' },
  adminProducts: { gate: 'catalogue' },
  catalogueCsvExport: { gate: 'catalogue' },
  catalogueLanguages: { gate: 'catalogue' },
  catalogueMarkets: { gate: 'catalogue' },
  catalogueParameters: { gate: 'catalogue' },
  vatBreakdown: { gate: 'prices', args: '(price: { marketId: "SE|SEK", amount: 10000 })' },
  campaign: { gate: 'prices', args: '(id: 1)' },
  campaignChoices: { gate: 'prices' },
  campaigns: { gate: 'prices' },
  giftCard: { gate: 'prices', args: '(code: "ABCD-EFGH")' },
  promoCode: { gate: 'prices', args: '(code: "HUNDRA")' },
  promoCodes: { gate: 'prices' },
  lowStock: { gate: 'stock' },
  stockHistory: { gate: 'stock', args: '(skuId: $skuId)' },
  stockItem: { gate: 'stock', args: '(skuId: $skuId)' },
  stockSearch: { gate: 'stock', args: '(query: "a")' },
  stockStores: { gate: 'stock' },
  adminOrder: { gate: 'orders', args: '(id: 1)' },
  adminOrderFilterOptions: { gate: 'orders' },
  nshiftServices: { gate: 'orders' },
  failedPaymentOperations: { gate: 'orders' },
  failedShipmentBookings: { gate: 'orders' },
  paymentAuthorisationAlerts: { gate: 'orders' },
  adminOrders: { gate: 'orders' },
  orderStats: { gate: 'orders' },
  leasingApplications: { gate: 'orders' },
  pendingLeasingApplicationCount: { gate: 'orders' },
  customer: { gate: 'customers', args: '(email: "ingen@example.se")' },
  customerSearch: { gate: 'customers' },
  newsletterSubscribers: { gate: 'customers' },
  backInStockRequests: { gate: 'customers' },
  contentPage: { gate: 'content', args: '(id: 1)' },
  contentPages: { gate: 'content' },
  adminMenus: { gate: 'content' },
  pendingReviewCount: { gate: 'content' },
  reviewCounts: { gate: 'content' },
  reviewQueue: { gate: 'content' },
  staffUsers: { gate: 'staff' },
  auditActions: { gate: 'audit' },
  auditLog: { gate: 'audit' },
};

/**
 * Fields (`Type.field`) whose data belong to another area than the query that reaches them: null
 * for a role that may not read that area (guard.ts `readableIn`), non-null for one that may.
 */
export const FIELD_AREAS: Record<string, StaffArea> = {
  'AdminProduct.prices': 'prices',
};

/**
 * Field names that look like prices or like stock: every such field a role without that area can
 * reach must be in {@link FIELD_AREAS} or {@link NOT_PRICES_OR_STOCK}.
 */
export const FIELD_PATTERNS: Partial<Record<StaffArea, RegExp>> = {
  prices: /price|vat|amount|cost|discount|total/i,
  stock: /stock|incoming|oversell|quantity|units|shelf/i,
};

/**
 * Price- or stock-looking fields that are not prices or stock, with the reason: a role without
 * prices or stock may read them where its other permissions let it.
 */
export const NOT_PRICES_OR_STOCK: Record<string, string> = {
  'CatalogueMarket.vatRateBasisPoints':
    "a market's standard VAT rate, a setting of the market (the product form's labels), not a price",
  'AdminProductPage.total': 'the number of products found',
  'AdminSellerIdentity.vatNumber': "the shop's VAT registration number (momsregistreringsnummer)",
  'FailedJobPage.total': 'the number of failed jobs',
};
