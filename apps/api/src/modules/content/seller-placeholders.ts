/**
 * The seller's placeholders in content (issue 40 §2): a content page (the legal pages Köpvillkor
 * and Integritetspolicy, Kundtjänst, ...) writes `{{företagsnamn}}`, `{{organisationsnummer}}`,
 * `{{momsregistreringsnummer}}`, `{{adress}}`, `{{e-post}}` or `{{telefon}}` where the seller is
 * named, and the shop API fills them from the one source (config `seller`, src/seller.ts) when it
 * serves the widget's configuration. `tel:{{telefon}}` becomes the number in international form
 * (`tel:+46101234567`), `mailto:{{e-post}}` the address. The back office edits and shows the placeholders as written.
 *
 * A value that is unset (production without the variable) is written "(uppgift saknas)": never
 * a made-up company; the back office's order page names the missing variables.
 */
import { internationalPhone, type SellerIdentity } from '../../seller.ts';

/** The placeholders and the seller field each stands for. */
export const SELLER_PLACEHOLDERS = {
  company: '{{företagsnamn}}',
  organisationNumber: '{{organisationsnummer}}',
  vatNumber: '{{momsregistreringsnummer}}',
  address: '{{adress}}',
  email: '{{e-post}}',
  phone: '{{telefon}}',
} as const;

/** What an unset value reads as on a page. */
const MISSING_VALUE = '(uppgift saknas)';

/** Text for HTML (the rich-text widgets): `&`, `<`, `>` and `"` as entities. */
function escapeHtml(text: string): string {
  return text
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;');
}

/** Text inside a JSON string literal (the configuration is JSON text). */
function inJsonString(text: string): string {
  return JSON.stringify(text).slice(1, -1);
}

/**
 * A widget's configuration (JSON text) with the seller's placeholders filled, HTML-escaped and
 * JSON-escaped; unchanged when it has none. Unset values read {@link MISSING_VALUE}, but in a
 * `tel:{{telefon}}` or `mailto:{{e-post}}` link they are left empty.
 */
export function fillSellerPlaceholders(configuration: string, seller: SellerIdentity): string {
  if (!configuration.includes('{{')) return configuration;
  const value = (text: string | null) => inJsonString(escapeHtml(text ?? MISSING_VALUE));
  const values: Record<string, string> = {
    [SELLER_PLACEHOLDERS.company]: value(seller.legalName),
    [SELLER_PLACEHOLDERS.organisationNumber]: value(seller.organisationNumber),
    [SELLER_PLACEHOLDERS.vatNumber]: value(seller.vatNumber),
    [SELLER_PLACEHOLDERS.address]: value(seller.address),
    [SELLER_PLACEHOLDERS.email]: value(seller.email),
    [SELLER_PLACEHOLDERS.phone]: value(seller.phone),
  };
  return configuration
    .replaceAll(
      `tel:${SELLER_PLACEHOLDERS.phone}`,
      `tel:${seller.phone ? internationalPhone(seller.phone) : ''}`,
    )
    .replaceAll(
      `mailto:${SELLER_PLACEHOLDERS.email}`,
      `mailto:${seller.email ? value(seller.email) : ''}`,
    )
    .replace(/\{\{[^{}]{1,40}\}\}/g, (token) => values[token] ?? token);
}
