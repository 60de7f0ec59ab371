/**
 * The postal address shape shared by customers, checkout and orders (GEINS-API §4.6), as plain
 * data. The GraphQL types built on it live in `graphql/address.ts`; services import this file,
 * never the GraphQL layer.
 */

/** The 14 string fields of an address (GEINS-API §4.6 AddressType; '' when unknown). */
export interface AddressData {
  firstName: string;
  lastName: string;
  addressLine1: string;
  addressLine2: string;
  addressLine3: string;
  entryCode: string;
  careOf: string;
  city: string;
  state: string;
  /** English name or ISO 3166-1 alpha-2 code, e.g. "SE". */
  country: string;
  zip: string;
  company: string;
  mobile: string;
  phone: string;
}

/** The field names of {@link AddressData}, in the contract's order. */
export const ADDRESS_FIELDS = [
  'firstName',
  'lastName',
  'addressLine1',
  'addressLine2',
  'addressLine3',
  'entryCode',
  'careOf',
  'city',
  'state',
  'country',
  'zip',
  'company',
  'mobile',
  'phone',
] as const satisfies ReadonlyArray<keyof AddressData>;

/** An empty address (every field ''). */
export function emptyAddress(): AddressData {
  return Object.fromEntries(ADDRESS_FIELDS.map((field) => [field, ''])) as unknown as AddressData;
}
