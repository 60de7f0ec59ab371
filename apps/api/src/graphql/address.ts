/**
 * Types shared by several modules (customers, checkout, orders): `AddressType`,
 * `AddressInputType` (GEINS-API §4.6) and the `CustomerType` enum (GEINS-API §4.7, §6). Defined
 * once here so that every module imports the same refs (Pothos allows one definition per name).
 */
import { builder } from './builder.ts';
import { ADDRESS_FIELDS, type AddressData } from '../modules/customers/address.ts';

export type { AddressData };

const ADDRESS_DESCRIPTIONS: Record<keyof AddressData, string> = {
  firstName: 'First name.',
  lastName: 'Last name.',
  addressLine1: 'Street address.',
  addressLine2: 'Second address line (e.g. apartment).',
  addressLine3: 'Third address line.',
  entryCode: 'Door entry code.',
  careOf: 'Care of (c/o).',
  city: 'City (postort).',
  state: 'State or region.',
  country: 'Country: ISO 3166-1 alpha-2 code (e.g. "SE") or English name.',
  zip: 'Postal code, e.g. "11122".',
  company: 'Company name.',
  mobile: 'Mobile phone number.',
  phone: 'Phone number.',
};

/** `AddressType`: every field a non-null String ('' when unknown), GEINS-API §4.6. */
export const AddressRef = builder.objectRef<AddressData>('AddressType').implement({
  description: 'A postal address of a customer or an order (GEINS-API §4.6).',
  fields: (t) =>
    Object.fromEntries(
      ADDRESS_FIELDS.map((field) => [
        field,
        t.exposeString(field, { nullable: false, description: ADDRESS_DESCRIPTIONS[field] }),
      ]),
    ) as Record<keyof AddressData, ReturnType<typeof t.exposeString>>,
});

/** `AddressInputType`: the same 14 fields, all optional (GEINS-API §4.6). */
export const AddressInputRef = builder.inputType('AddressInputType', {
  description:
    'An address as input: the AddressType fields, all optional; clients may pass an output ' +
    'address back after removing __typename (GEINS-API §4.6).',
  fields: (t) => ({
    firstName: t.string({ description: ADDRESS_DESCRIPTIONS.firstName }),
    lastName: t.string({ description: ADDRESS_DESCRIPTIONS.lastName }),
    addressLine1: t.string({ description: ADDRESS_DESCRIPTIONS.addressLine1 }),
    addressLine2: t.string({ description: ADDRESS_DESCRIPTIONS.addressLine2 }),
    addressLine3: t.string({ description: ADDRESS_DESCRIPTIONS.addressLine3 }),
    entryCode: t.string({ description: ADDRESS_DESCRIPTIONS.entryCode }),
    careOf: t.string({ description: ADDRESS_DESCRIPTIONS.careOf }),
    city: t.string({ description: ADDRESS_DESCRIPTIONS.city }),
    state: t.string({ description: ADDRESS_DESCRIPTIONS.state }),
    country: t.string({ description: ADDRESS_DESCRIPTIONS.country }),
    zip: t.string({ description: ADDRESS_DESCRIPTIONS.zip }),
    company: t.string({ description: ADDRESS_DESCRIPTIONS.company }),
    mobile: t.string({ description: ADDRESS_DESCRIPTIONS.mobile }),
    phone: t.string({ description: ADDRESS_DESCRIPTIONS.phone }),
  }),
});

/** `CustomerType` enum: PERSON (default, prices incl. VAT) or ORGANIZATION. */
export const CustomerTypeEnum = builder.enumType('CustomerType', {
  description: 'A private person (PERSON, the default) or a company (ORGANIZATION); SPEC §3.',
  values: {
    PERSON: { value: 'PERSON', description: 'A private person; prices shown incl. VAT.' },
    ORGANIZATION: {
      value: 'ORGANIZATION',
      description: 'A company or organisation; prices shown excl. VAT.',
    },
  } as const,
});
