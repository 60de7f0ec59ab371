/**
 * hreflang alternates and the canonical prefix (issue 4 "SEO across markets"): which path
 * prefixes exist for a page under the routing settings, so that `pageMeta` can link every
 * market or language version of a page and make the canonical link carry the request's prefix.
 * - market-in-path: one alternate per market and allowed language (`nb-NO` -> `/no/nb`), except
 *   checkout-only and virtual markets; x-default is the default market's default language;
 * - a locale prefix strategy: one alternate per locale code (`en` -> `/en`), the default locale
 *   unprefixed unless the strategy is `prefix`; x-default is the default locale;
 * - no prefix: one URL serves every language, so no alternates.
 */
import type { MarketDirectory } from '../market/markets';
import { defaultLanguageOf, defaultMarketOf } from '../market/markets';
import { localeCodes, type RoutingSettings } from './locale-routing';

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
    const links: Alternate[] = directory.markets
      .filter((m) => !m.virtual && !m.onlyDisplayInCheckout)
      .flatMap((m) =>
        m.languages.map((l) => ({ hreflang: l.id, basename: `/${m.alias}/${l.code}` })),
      );
    const fallback = defaultMarketOf(directory);
    const xDefault = `/${fallback.alias}/${defaultLanguageOf(fallback).code}`;
    return [...links, { hreflang: 'x-default', basename: xDefault }];
  }
  if (settings.localePrefix === 'no_prefix') return [];
  const prefixOf = (code: string) =>
    settings.localePrefix !== 'prefix' && code === settings.defaultLocale ? '' : `/${code}`;
  const links = localeCodes(directory).map((code) => ({
    hreflang: code,
    basename: prefixOf(code),
  }));
  return [...links, { hreflang: 'x-default', basename: prefixOf(settings.defaultLocale) }];
}
