/**
 * UI texts from ICU message catalogues (SPEC §1: Swedish, sv-SE, is the only language loaded;
 * en, da, fi and nb exist with the same keys). Messages are compiled once, on first use.
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import type { MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import sv from './sv.json';

/** The locale the shop renders in (SPEC §1 default, fallback sv). */
export const locale = 'sv-SE';

/** Every message key of the catalogue. */
export type MessageKey = keyof typeof sv;

/** Values to put into a message's `{placeholders}`. */
export type MessageValues = Record<string, PrimitiveType>;

/** Message texts; in the browser build they arrive precompiled to ICU ASTs (vite.config.ts). */
const messages: Record<MessageKey, string | MessageFormatElement[]> = sv;
const compiled = new Map<MessageKey, IntlMessageFormat>();

/**
 * Formats the message `key` of the Swedish catalogue with `values`.
 * @example t('price.discount', { percent: 25 }) // "-25 %"
 */
export function t(key: MessageKey, values?: MessageValues): string {
  let format = compiled.get(key);
  if (!format) {
    format = new IntlMessageFormat(messages[key], locale);
    compiled.set(key, format);
  }
  return String(format.format(values));
}

const dateFormats = new Map<string, Intl.DateTimeFormat>();

/**
 * A date in the culture of the request's language, Swedish by default: "21 nov. 2026" (sv-SE),
 * "21. nov. 2026" (nb-NO), "21.11.2026"-like forms elsewhere. Texts stay Swedish (SPEC §1: only
 * the Swedish catalogue is loaded), numbers and dates follow the language (issue 4). Accepts an
 * ISO string or a Date; returns '' for a missing or invalid date; an unknown culture falls back
 * to Swedish.
 * @param culture BCP 47 culture, e.g. `nb-NO` (`useMarketView().languageId` in components)
 */
export function formatDate(
  value: string | Date | null | undefined,
  culture: string = locale,
): string {
  if (!value) return '';
  const date = typeof value === 'string' ? new Date(value) : value;
  if (Number.isNaN(date.getTime())) return '';
  let format = dateFormats.get(culture);
  if (!format) {
    let resolved = locale;
    try {
      resolved = Intl.DateTimeFormat.supportedLocalesOf([culture])[0] ?? locale;
    } catch {
      resolved = locale;
    }
    format = new Intl.DateTimeFormat(resolved, {
      day: 'numeric',
      month: 'short',
      year: 'numeric',
      timeZone: 'Europe/Stockholm',
    });
    dateFormats.set(culture, format);
  }
  return format.format(date);
}
