/**
 * UI texts from ICU message catalogues (SPEC §1: Swedish, sv-SE, is the only language loaded;
 * en, da, fi and nb exist with the same keys). Messages are compiled once, on first use.
 */
import {
  IntlMessageFormat,
  formatToParts,
  type Formatters,
  type PrimitiveType,
} from 'intl-messageformat';
import {
  isLiteralElement,
  parse,
  type MessageFormatElement,
} from '@formatjs/icu-messageformat-parser';
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

/**
 * Languages whose digits are the Latin 0–9 and whose number format writes a non-negative integer
 * below 1000 as its plain digits (no grouping, no sign): for those, {@link lightNumberFormat} and
 * {@link lightPluralRules} answer without Intl.
 */
const PLAIN_DIGIT_LANGUAGES = new Set(['sv', 'nb', 'nn', 'no', 'da', 'fi', 'en', 'de', 'is']);

/** True for an integer 0–999, which every {@link PLAIN_DIGIT_LANGUAGES} culture writes as `String(n)`. */
function isSmallCount(value: number): boolean {
  return Number.isInteger(value) && value >= 0 && value < 1000;
}

/**
 * The default number format of `culture` for a message's `#` and `{n, number}`: small counts
 * (the usual "3 produkter") are written without touching Intl, everything else by
 * `Intl.NumberFormat`. Why: the first use of Intl in a page costs 35–170 ms in Chromium (its
 * locale data is loaded then; docs/performance.md, issue 23), and the pages' hydration only
 * needs such counts. Identical output, checked for every catalogue message in i18n.test.ts.
 */
function lightNumberFormat(culture: string): Pick<Intl.NumberFormat, 'format'> {
  const plain = PLAIN_DIGIT_LANGUAGES.has(culture.split('-')[0]!.toLowerCase());
  return {
    format: (value: number | bigint | string) =>
      plain && typeof value === 'number' && isSmallCount(value)
        ? String(value)
        : numberFormat(culture).format(value as number),
  };
}

/**
 * Swedish cardinal plural rules (CLDR: "one" is i = 1 and v = 0) for non-negative integers
 * without Intl, `Intl.PluralRules` for anything else (ordinals, fractions): see
 * {@link lightNumberFormat} for why.
 */
function lightPluralRules(options?: Intl.PluralRulesOptions): Pick<Intl.PluralRules, 'select'> {
  const cardinal = (options?.type ?? 'cardinal') === 'cardinal';
  return {
    select: (value: number) =>
      cardinal && Number.isInteger(value) && value >= 0
        ? value === 1
          ? 'one'
          : 'other'
        : pluralRule(locale, options).select(value),
  };
}

/**
 * A compiled message: its fixed text, or its ICU elements (formatted by intl-messageformat's
 * `formatToParts`; the IntlMessageFormat constructor is not used since it resolves the locale
 * through Intl for every message).
 */
type Compiled = { text: string } | { elements: MessageFormatElement[]; formatters: Formatters };

const compiled = new Map<string, Compiled>();
const formattersByCulture = new Map<string, Formatters>();

/** The formatters of one culture, shared by every message. */
function formattersOf(culture: string): Formatters {
  let formatters = formattersByCulture.get(culture);
  if (!formatters) {
    formatters = {
      getNumberFormat: ((_locales: unknown, options?: Intl.NumberFormatOptions) =>
        options ? numberFormat(culture, options) : lightNumberFormat(culture)) as never,
      getDateTimeFormat: ((_locales: unknown, options?: Intl.DateTimeFormatOptions) =>
        new Intl.DateTimeFormat(culture, options)) as never,
      getPluralRules: ((_locales: unknown, options?: Intl.PluralRulesOptions) =>
        lightPluralRules(options)) as never,
    };
    formattersByCulture.set(culture, formatters);
  }
  return formatters;
}

/**
 * A message compiled for one culture: the texts and plural rules stay Swedish (SPEC §1, only
 * the Swedish catalogue is loaded), numbers (`{count, number}`, plural `#`) follow the culture.
 * Every message shares one cache of Intl formatters. On the server the catalogue is text and is
 * parsed here; the browser build has it as ICU elements already (vite.config.ts).
 */
function compile(key: MessageKey, culture: string): Compiled {
  const cacheKey = `${culture}|${key}`;
  let entry = compiled.get(cacheKey);
  if (!entry) {
    const message = messages[key];
    const text = literalText(message);
    entry =
      text !== null
        ? { text }
        : {
            elements: typeof message === 'string' ? parse(message) : message,
            formatters: formattersOf(culture),
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
  if ('text' in entry) return entry.text;
  return formatToParts(
    entry.elements,
    locale,
    entry.formatters,
    IntlMessageFormat.formats,
    values,
    undefined,
    key,
  )
    .map((part) => String(part.value))
    .join('');
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
