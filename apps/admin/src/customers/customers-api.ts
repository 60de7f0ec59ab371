/**
 * The customer pages' queries and types (issue 27 "Customers"), over the admin API's
 * `customerSearch`, `customer`, `exportCustomerData`, `impersonateCustomer` and `eraseCustomer`.
 */

/** A customer as the search lists it: an account or a guest buyer (amounts in öre). */
export interface CustomerRow {
  /** null for a guest buyer (orders, no account; its page is by e-mail). */
  id: number | null;
  guest: boolean;
  email: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  newsletter: boolean;
  balance: number;
  balanceCurrency: string;
  createdAt: string;
}

/** The search's query. */
export const CUSTOMER_SEARCH = `query($q: String, $skip: Int, $take: Int) {
  customerSearch(query: $q, skip: $skip, take: $take) {
    total items { id guest email firstName lastName company phone newsletter balance balanceCurrency createdAt } } }`;

/** One of the customer's orders (amounts in öre of `currencyCode`). */
export interface CustomerOrder {
  id: number;
  /** Placed without an account. */
  guest: boolean;
  createdAt: string;
  status: string;
  /** The status's Swedish name from the API (the order pages' names; issue 40). */
  statusName: string;
  marketId: string;
  currencyCode: string;
  orderValueIncVat: number;
  quantity: number;
}

/** The newsletter subscription and its consent. */
export interface CustomerNewsletter {
  state: string;
  source: string;
  consentText: string;
  consentedAt: string;
  confirmedAt: string | null;
  unsubscribedAt: string | null;
}

/** The customer page's data. */
export interface CustomerDetail {
  /** null for a guest buyer. */
  id: number | null;
  guest: boolean;
  email: string;
  customerType: string;
  firstName: string;
  lastName: string;
  company: string;
  phone: string;
  mobile: string;
  addressLine1: string;
  zip: string;
  city: string;
  country: string;
  personalId: string;
  balance: number;
  balanceCurrency: string;
  newsletter: boolean;
  createdAt: string;
  orders: CustomerOrder[];
  newsletterSubscription: CustomerNewsletter | null;
  availabilityRequests: Array<{ skuId: number; createdAt: string; notifiedAt: string | null }>;
  reviews: Array<{ productId: number; rating: number; state: string; createdAt: string }>;
}

/** The customer page's query: an account by `id`, a guest buyer by `email`. */
export const CUSTOMER_DETAIL = `query($id: Int, $email: String) { customer(customerId: $id, email: $email) {
  id guest email customerType firstName lastName company phone mobile addressLine1 zip city country
  personalId balance balanceCurrency newsletter createdAt
  orders { id guest createdAt status statusName marketId currencyCode orderValueIncVat quantity }
  newsletterSubscription { state source consentText consentedAt confirmedAt unsubscribedAt }
  availabilityRequests { skuId createdAt notifiedAt }
  reviews { productId rating state createdAt } } }`;

/** Newsletter states in Swedish. */
export const NEWSLETTER_STATE_NAMES: Record<string, string> = {
  pending: 'Anmäld, ej bekräftad',
  confirmed: 'Prenumererar',
  unsubscribed: 'Avslutad',
};

/** Where a newsletter consent was given, in Swedish. */
export const NEWSLETTER_SOURCE_NAMES: Record<string, string> = {
  footer: 'formuläret i sidfoten',
  account: 'kontoinställningarna',
  api: 'API',
};

/** Review states in Swedish. */
export const REVIEW_STATE_NAMES: Record<string, string> = {
  pending: 'Väntar på granskning',
  published: 'Publicerad',
  rejected: 'Avvisad',
};

/** The back-office path of a customer's page: `/kunder/12`, a guest's `/kunder/gast?epost=…`. */
export function customerPath(c: { id: number | null; email: string }): string {
  return c.id === null
    ? `/kunder/gast?${new URLSearchParams({ epost: c.email }).toString()}`
    : `/kunder/${c.id}`;
}

/** The customer's name, or their e-mail when they have none. */
export function customerName(c: { firstName: string; lastName: string; email: string }): string {
  return `${c.firstName} ${c.lastName}`.trim() || c.email;
}
