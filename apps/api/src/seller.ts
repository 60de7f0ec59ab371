/**
 * The seller's identity (issue 40 §2): the one source of the company's registered name,
 * organisationsnummer, VAT number, address, e-mail and phone that the legal pages (through the
 * content placeholders, modules/content/seller-placeholders.ts), the receipts and packing slips
 * (modules/orders/order-documents.ts), the e-mail footer (modules/mail/templates/layout.tsx), the
 * storefront's footer and its JSON-LD Organization print. The values come from the environment
 * (SHOP_LEGAL_NAME, SHOP_ORGANISATION_NUMBER, SHOP_ADDRESS, SHOP_EMAIL, SHOP_PHONE; read and
 * validated by seller-config.ts); the VAT number follows from the organisationsnummer.
 *
 * Pure functions without Node or zod, so the storefront's browser code may import them
 * (`@trampa/api/seller`).
 */

/**
 * The seller as configured. Outside production an unset value is the made-up example's
 * (seller-config.ts); in production it is null: nothing made up is ever printed, receipts are not
 * made ({@link missingReceiptSettings}) and the other places leave the value out.
 */
export interface SellerIdentity {
  /** The registered company name (SHOP_LEGAL_NAME), e.g. `Trampa AB`. */
  legalName: string | null;
  /** Organisationsnummer NNNNNN-NNNN (SHOP_ORGANISATION_NUMBER), check digit validated. */
  organisationNumber: string | null;
  /** Momsregistreringsnummer `SE` + 10 digits + `01`, from the organisationsnummer. */
  vatNumber: string | null;
  /** Postal address on one line (SHOP_ADDRESS), e.g. `Storgatan 1, 111 22 Stockholm`. */
  address: string | null;
  /** Customer-service e-mail (SHOP_EMAIL). */
  email: string | null;
  /** Customer-service phone as printed (SHOP_PHONE), e.g. `010-123 45 67`. */
  phone: string | null;
}

/** The settable fields of a {@link SellerIdentity} (the VAT number is derived). */
type SellerSetting = Exclude<keyof SellerIdentity, 'vatNumber'>;

/** The environment variable of each seller setting. */
const SELLER_SETTINGS: Readonly<Record<SellerSetting, string>> = {
  legalName: 'SHOP_LEGAL_NAME',
  organisationNumber: 'SHOP_ORGANISATION_NUMBER',
  address: 'SHOP_ADDRESS',
  email: 'SHOP_EMAIL',
  phone: 'SHOP_PHONE',
};

/**
 * What a receipt (a simplified invoice under the VAT act, mervärdesskattelagen) must name: the
 * seller's name, address and organisationsnummer with the VAT number.
 */
const RECEIPT_SETTINGS: readonly SellerSetting[] = ['legalName', 'address', 'organisationNumber'];

/** The Swedish VAT registration number of an organisationsnummer: `SE` + 10 digits + `01`. */
export function vatNumberOf(organisationNumber: string): string {
  return `SE${organisationNumber.replace(/\D/g, '')}01`;
}

/**
 * The environment variables a receipt still needs (empty: receipts can be made), in the order
 * SHOP_LEGAL_NAME, SHOP_ADDRESS, SHOP_ORGANISATION_NUMBER.
 */
export function missingReceiptSettings(seller: SellerIdentity): string[] {
  return RECEIPT_SETTINGS.filter((key) => !seller[key]).map((key) => SELLER_SETTINGS[key]);
}

/** Every seller setting that is unset (production only; elsewhere the example fills them). */
export function missingSellerSettings(seller: SellerIdentity): string[] {
  return (Object.keys(SELLER_SETTINGS) as SellerSetting[])
    .filter((key) => !seller[key])
    .map((key) => SELLER_SETTINGS[key]);
}

/**
 * A printed phone number in international form for `tel:` links: `010-123 45 67` →
 * `+46101234567` (a leading 0 is Sweden's trunk prefix), `+47 22 12 34 56` → `+4722123456`,
 * `0046 8 123 456` → `+468123456`.
 */
export function internationalPhone(phone: string): string {
  const digits = phone.replace(/[^\d+]/g, '');
  if (digits.startsWith('+')) return `+${digits.slice(1).replace(/\+/g, '')}`;
  if (digits.startsWith('00')) return `+${digits.slice(2)}`;
  if (digits.startsWith('0')) return `+46${digits.slice(1)}`;
  return `+46${digits}`;
}

/** An address line split for schema.org's PostalAddress. */
interface PostalAddressParts {
  streetAddress: string;
  /** `111 22`, when the line ends in a Swedish postcode and town. */
  postalCode?: string;
  addressLocality?: string;
}

/**
 * The parts of a one-line address `Street 1, 111 22 Town` (the last comma separates the street
 * from postcode and town); a line in another form is all street.
 */
export function postalAddressParts(address: string): PostalAddressParts {
  const comma = address.lastIndexOf(',');
  if (comma > 0) {
    const match = /^(\d{3}) ?(\d{2})\s+(.+)$/.exec(address.slice(comma + 1).trim());
    if (match) {
      return {
        streetAddress: address.slice(0, comma).trim(),
        postalCode: `${match[1]} ${match[2]}`,
        addressLocality: match[3]!,
      };
    }
  }
  return { streetAddress: address.trim() };
}
