/**
 * hreflang alternates and the canonical prefix (issue 4 "SEO across markets"): which path
 * prefixes exist for a page under the routing settings, so that `pageMeta` can link every
 * market or language version of a page and make the canonical link carry the request's prefix.
 * - market-in-path: one alternate per market (except checkout-only and virtual markets) and
 *   language of text the pages really have (issue 20: while only Swedish is loaded, SPEC §1, the
 *   Finnish market's pages are `sv-FI`, never `fi-FI`): `{text language}-{country}`, from the
 *   market's language whose catalogue is loaded when it has one (`/fi/sv`), else its first; a
 *   language version that repeats another's text (`/fi/fi`) gets none; x-default is the default
 *   market's default language;
 * - a locale prefix strategy: one alternate per locale code whose catalogue is loaded (`sv`),
 *   the default locale unprefixed unless the strategy is `prefix`; x-default is the default
 *   locale;
 * - no prefix: one URL serves every language, so no alternates.
 */
import type { MarketDirectory } from '../market/markets';
import { defaultLanguageOf, defaultMarketOf } from '../market/markets';
import { localeCodes, type RoutingSettings } from './locale-routing';
import { LOADED_LANGUAGES, TEXT_LANGUAGE } from '../i18n/i18n';

/** The language of a page's text under locale code `code` (`fi` -> `sv` while only sv is loaded). */
export function textLanguageOf(code: string): string {
  const lower = code.toLowerCase();
  return (LOADED_LANGUAGES as readonly string[]).includes(lower) ? lower : TEXT_LANGUAGE;
}

/** One alternate: its hreflang value and the path prefix of that version. */
export interface Alternate {
  hreflang: string;
  basename: string;
}

/** What page heads need: the request's prefix and the alternates. */
export interface LocaleLinks {
  /** The prefix of this request ('' or `/no/nb`); canonical links carry it. */
  basename: string;
  alternates: Alternate[];
}

/** The alternates of a page under `settings` (see the module comment). */
export function alternatesFor(
  settings: Pick<RoutingSettings, 'marketInPath' | 'localePrefix' | 'defaultLocale'>,
  directory: MarketDirectory | null,
): Alternate[] {
  if (!directory) return [];
  if (settings.marketInPath) {
    const links: Alternate[] = [];
    for (const m of directory.markets) {
      if (m.virtual || m.onlyDisplayInCheckout) continue;
      const real = m.languages.filter((l) => textLanguageOf(l.code) === l.code.toLowerCase());
      const rest = m.languages.filter((l) => !real.includes(l));
      for (const l of [...real, ...rest]) {
        const country = (m.countryCode || l.id.split('-')[1] || '').toUpperCase();
        const hreflang = country ? `${textLanguageOf(l.code)}-${country}` : textLanguageOf(l.code);
        if (links.some((link) => link.hreflang === hreflang)) continue;
        links.push({ hreflang, basename: `/${m.alias}/${l.code}` });
      }
    }
    const fallback = defaultMarketOf(directory);
    const xDefault = `/${fallback.alias}/${defaultLanguageOf(fallback).code}`;
    return [...links, { hreflang: 'x-default', basename: xDefault }];
  }
  if (settings.localePrefix === 'no_prefix') return [];
  const prefixOf = (code: string) =>
    settings.localePrefix !== 'prefix' && code === settings.defaultLocale ? '' : `/${code}`;
  const links = localeCodes(directory)
    .filter((code) => textLanguageOf(code) === code)
    .map((code) => ({ hreflang: code, basename: prefixOf(code) }));
  return [...links, { hreflang: 'x-default', basename: prefixOf(settings.defaultLocale) }];
}
