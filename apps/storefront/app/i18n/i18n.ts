/**
 * UI texts from ICU message catalogues (SPEC §1: Swedish, sv-SE, is the only language loaded;
 * en, da, fi and nb exist with the same keys). Messages are compiled once, on first use.
 */
import { IntlMessageFormat, type PrimitiveType } from 'intl-messageformat';
import { isLiteralElement, type MessageFormatElement } from '@formatjs/icu-messageformat-parser';
import sv from './sv.json';

/** The locale the shop renders in (SPEC §1 default, fallback sv). */
export const locale = 'sv-SE';

/**
 * Languages whose message catalogue is loaded (SPEC §1: Swedish only). A page under another
 * language's prefix still has Swedish text: hreflang and `lang` say so (issue 20).
 */
export const LOADED_LANGUAGES = ['sv'] as const;

/** The language of every page's text while only {@link LOADED_LANGUAGES} are loaded. */
export const TEXT_LANGUAGE = 'sv';

/** Every message key of the catalogue. */
export type MessageKey = keyof typeof sv;

/** Values to put into a message's `{placeholders}`. */
export type MessageValues = Record<string, PrimitiveType>;

/** Message texts; in the browser build they arrive precompiled to ICU ASTs (vite.config.ts). */
const messages: Record<MessageKey, string | MessageFormatElement[]> = sv;
const numberFormats = new Map<string, Intl.NumberFormat>();

const cultures = new Map<string, string>();

/** `culture` when Intl knows it, else Swedish. */
function supportedCulture(culture: string): string {
  if (culture === locale) return locale;
  let resolved = cultures.get(culture);
  if (resolved === undefined) {
    try {
      resolved = Intl.NumberFormat.supportedLocalesOf([culture])[0] ?? locale;
    } catch {
      resolved = locale;
    }
    if (cultures.size < 100) cultures.set(culture, resolved);
  }
  return resolved;
}

/** A cached number format of the culture. */
function numberFormat(culture: string, options?: Intl.NumberFormatOptions): Intl.NumberFormat {
  const key = `${culture}|${JSON.stringify(options ?? {})}`;
  let format = numberFormats.get(key);
  if (!format) {
    format = new Intl.NumberFormat(culture, options);
    numberFormats.set(key, format);
  }
  return format;
}

const pluralRules = new Map<string, Intl.PluralRules>();

/** A cached plural-rules object (the texts' plural forms are Swedish). */
function pluralRule(
  locales: Intl.LocalesArgument,
  options?: Intl.PluralRulesOptions,
): Intl.PluralRules {
  const key = `${String(locales)}|${JSON.stringify(options ?? {})}`;
  let rules = pluralRules.get(key);
  if (!rules) {
    rules = new Intl.PluralRules(locales, options);
    pluralRules.set(key, rules);
  }
  return rules;
}

/**
 * The text of a message without placeholders, plural or markup, else null. Four in five of the
 * catalogue's messages are plain text: they skip IntlMessageFormat, whose constructor resolves
 * the locale through Intl each time (the start page's hydration spent more time there than in
 * any other function of ours; issue 23). Conservative: a string with `{`, `}`, `<`, `#` or an
 * apostrophe (ICU quoting) goes through the formatter.
 */
function literalText(message: string | MessageFormatElement[]): string | null {
  if (typeof message === 'string') return /[{}<#']/.test(message) ? null : message;
  if (message.length === 0) return '';
  const [only] = message;
  return message.length === 1 && only && isLiteralElement(only) ? only.value : null;
}

/** A compiled message: its fixed text, or the formatter for one with placeholders. */
type Compiled = { text: string } | { format: IntlMessageFormat };

const compiled = new Map<string, Compiled>();

/**
 * A message compiled for one culture: the texts and plural rules stay Swedish (SPEC §1, only
 * the Swedish catalogue is loaded), numbers (`{count, number}`, plural `#`) follow the culture.
 * Every message shares one cache of Intl formatters.
 */
function compile(key: MessageKey, culture: string): Compiled {
  const cacheKey = `${culture}|${key}`;
  let entry = compiled.get(cacheKey);
  if (!entry) {
    const text = literalText(messages[key]);
    entry =
      text !== null
        ? { text }
        : {
            format: new IntlMessageFormat(messages[key], locale, undefined, {
              formatters: {
                getNumberFormat: (_locales, options) => numberFormat(culture, options),
                getDateTimeFormat: (_locales, options) => new Intl.DateTimeFormat(culture, options),
                getPluralRules: (locales, options) => pluralRule(locales, options),
              },
            }),
          };
    compiled.set(cacheKey, entry);
  }
  return entry;
}

/**
 * Formats the message `key` of the Swedish catalogue with `values`. Numbers in the message
 * (`{count, number}`, a plural's `#`) are written in `culture`, the request language
 * (`useCulture()` in components, `context.market.languageId` on the server): texts stay
 * Swedish, "1 234" becomes "1,234" in en-US and "1 234" in fi-FI. Money arrives formatted
 * (formatMoney in the market's currency and culture). An unknown culture falls back to Swedish.
 * @example t('price.discount', { percent: 25 }) // "-25 %"
 * @example t('list.showing', { shown: 20, count: 1234 }, 'en-US') // "Visar 20 av 1,234 produkter"
 */
export function t(key: MessageKey, values?: MessageValues, culture: string = locale): string {
  const entry = compile(key, supportedCulture(culture));
  return 'text' in entry ? entry.text : String(entry.format.format(values));
}

/**
 * A number in the culture of the request language, e.g. for a value put into a message as
 * text: `formatNumber(1234, 'en-US')` -> "1,234"; Swedish ("1 234") by default.
 */
export function formatNumber(value: number, culture: string = locale): string {
  return numberFormat(supportedCulture(culture)).format(value);
}

/**
 * How the culture writes the currency: `currencySymbol('SEK', 'sv-SE')` -> "kr",
 * `currencySymbol('EUR', 'fi-FI')` -> "€"; the code itself when Intl does not know it.
 */
export function currencySymbol(currencyCode: string, culture: string = locale): string {
  try {
    return (
      numberFormat(supportedCulture(culture), { style: 'currency', currency: currencyCode })
        .formatToParts(0)
        .find((part) => part.type === 'currency')?.value ?? currencyCode
    );
  } catch {
    return currencyCode;
  }
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
