/**
 * Market and locale in the path (SPEC §2 "Path and locale rules", §4 "Locale switching" and
 * "Initial locale"): decides, for one request, either a redirect (status and Location) or the
 * market, language and path prefix (React Router `basename`) to render with. Pure: server.ts
 * calls it before React Router, with the settings from the environment.
 *
 * - Market-in-path (`MARKET_IN_PATH=true`): paths are `/{market}/{language}/...`. An unknown
 *   market falls back (cookie market, else the channel's default); a language the market does not
 *   allow redirects to the market's default language; a path lacking them gets them added.
 * - Otherwise the locale prefix strategy applies to the language code (`sv`, `en`, ...):
 *   `no_prefix` (default) never prefixes; `prefix` always does; `prefix_except_default` prefixes
 *   all but the default locale; `prefix_and_default` prefixes all and serves the default locale
 *   unprefixed too.
 * - The root path may redirect to a configured path (302 by default).
 * - Initial locale: detection (the locale cookie, then Accept-Language, then the default) on the
 *   root path only, on unprefixed paths, or on every path; once per visitor unless always-redirect
 *   is on. A redirect happens only when the target differs from the current locale.
 */
import { match } from '@formatjs/intl-localematcher';
import Negotiator from 'negotiator';
import {
  defaultLanguageOf,
  defaultMarketOf,
  findBrowsingMarket,
  marketLanguage,
  type MarketDirectory,
  type ShopLanguage,
  type ShopMarket,
} from '../market/markets';

/** Locale prefix strategies (SPEC §2). */
export const LOCALE_PREFIX_STRATEGIES = [
  'no_prefix',
  'prefix',
  'prefix_except_default',
  'prefix_and_default',
] as const;
/** A locale prefix strategy. */
export type LocalePrefixStrategy = (typeof LOCALE_PREFIX_STRATEGIES)[number];

/** Where initial-locale detection runs: nowhere, on `/` only, on unprefixed paths, everywhere. */
export const LOCALE_DETECTION_MODES = ['off', 'root', 'no_prefix', 'all'] as const;
/** A locale detection mode. */
export type LocaleDetection = (typeof LOCALE_DETECTION_MODES)[number];

/** The routing settings (environment variables, see README "Configuration"). */
export interface RoutingSettings {
  /** `/{market}/{language}/...` paths. Default false. */
  marketInPath: boolean;
  /** Locale prefix strategy when the market is not in the path. Default `no_prefix`. */
  localePrefix: LocalePrefixStrategy;
  /** The default locale code (SPEC §9: `sv`). */
  defaultLocale: string;
  /** Where the root path `/` redirects, if anywhere. */
  rootRedirect: { path: string; status: number } | null;
  /** Initial-locale detection. Default `root`. */
  detection: LocaleDetection;
  /** Redirect to the detected locale on every visit, not only the first. Default false. */
  alwaysRedirect: boolean;
}

/** Defaults: no prefix, no market in the path, detection on the root path only. */
export const DEFAULT_ROUTING: RoutingSettings = {
  marketInPath: false,
  localePrefix: 'no_prefix',
  defaultLocale: 'sv',
  rootRedirect: null,
  detection: 'root',
  alwaysRedirect: false,
};

/** What the request brings. */
export interface RoutingInput {
  /** The URL path, e.g. `/no/nb/c/cyklar`. */
  pathname: string;
  /** The query string with `?`, or ''. */
  search: string;
  /** Valid-looking values of the `ralph-market` and `ralph-locale` cookies. */
  marketCookie?: string;
  localeCookie?: string;
  /** The Accept-Language header. */
  acceptLanguage?: string | null;
}

/** Render with this market, language and path prefix. */
export interface RenderDecision {
  kind: 'render';
  market: ShopMarket;
  language: ShopLanguage;
  /** The locale code in use, e.g. `sv`. */
  locale: string;
  /** React Router basename: '' or `/no/nb` or `/en`. */
  basename: string;
  /** Cookies to store: the market of the path, the detected or prefixed locale. */
  setMarketCookie?: string;
  setLocaleCookie?: string;
}

/** Redirect (status 301/302/307/308) to `location` (path and query). */
export interface RedirectDecision {
  kind: 'redirect';
  status: number;
  location: string;
  setLocaleCookie?: string;
}

/** The outcome of {@link routeRequest}. */
export type RoutingDecision = RenderDecision | RedirectDecision;

/** Splits a path into raw segments (empty ones dropped). */
function segmentsOf(pathname: string): string[] {
  return pathname.split('/').filter((s) => s !== '');
}

/** Joins a prefix and the rest of a path: (`/no/nb`, [`c`, `x`]) -> `/no/nb/c/x`; root keeps `/`. */
function joinPath(prefix: string, rest: readonly string[], trailingSlash = false): string {
  const tail = rest.length ? `/${rest.join('/')}` : '';
  const path = `${prefix}${tail}`;
  if (!path) return '/';
  return trailingSlash && rest.length === 0 ? `${path}/` : path;
}

/** The distinct locale codes of the channel, e.g. `sv, en, da, fi, nb`. */
export function localeCodes(directory: MarketDirectory): string[] {
  return [...new Set(directory.languages.map((l) => l.code.toLowerCase()))];
}

/** Norwegian tags (`no`, `nn`, `nb-NO`) all mean the shop's `nb`: `nn-NO` reads as `nb-NO`. */
function norwegianAsBokmal(tag: string): string {
  return tag.replace(/^(?:no|nn)(?=-|$)/i, 'nb');
}

/**
 * The best locale code of an Accept-Language header among `codes`; null when none matches or
 * the header is missing or malformed. `negotiator` reads the header (q-values respected, ties in
 * header order, q=0 excluded) and `@formatjs/intl-localematcher` matches the tags by RFC 4647
 * lookup (`sv-FI` -> `sv`, `en-US` -> `en`), so a language the shop lacks never picks a
 * neighbour (Icelandic stays unmatched rather than becoming English).
 */
export function matchAcceptLanguage(
  header: string | null | undefined,
  codes: readonly string[],
): string | null {
  if (!header || codes.length === 0) return null;
  const requested = new Negotiator({ headers: { 'accept-language': header } })
    .languages()
    .filter((tag) => tag !== '*')
    .map(norwegianAsBokmal)
    .filter((tag) => isLanguageTag(tag));
  if (requested.length === 0) return null;
  const found = match(requested, [...codes], NO_MATCH, { algorithm: 'lookup' });
  return found === NO_MATCH ? null : found.toLowerCase();
}

/** What {@link matchAcceptLanguage} asks the matcher to return when nothing matches. */
const NO_MATCH = 'und';

/** True for a tag `Intl` accepts (the matcher throws on others, e.g. `x_y`). */
function isLanguageTag(tag: string): boolean {
  try {
    return Intl.getCanonicalLocales(tag).length === 1;
  } catch {
    return false;
  }
}

/** A language for a locale code: the market's own first, else the channel's. */
function languageFor(
  directory: MarketDirectory,
  market: ShopMarket,
  code: string,
): ShopLanguage | null {
  return (
    marketLanguage(market, code) ??
    directory.languages.find((l) => l.code.toLowerCase() === code.toLowerCase()) ??
    null
  );
}

/**
 * Decides how to serve a request (see the module comment). Never throws for bad input: unknown
 * markets and languages fall back or redirect.
 */
export function routeRequest(
  settings: RoutingSettings,
  directory: MarketDirectory,
  input: RoutingInput,
): RoutingDecision {
  const { pathname, search } = input;
  const trailingSlash = pathname.length > 1 && pathname.endsWith('/');
  const segments = segmentsOf(pathname);
  const isRoot = segments.length === 0;
  const codes = localeCodes(directory);
  const fallbackMarket = defaultMarketOf(directory);
  const cookieMarket = findBrowsingMarket(directory, input.marketCookie);
  const cookieLocale =
    input.localeCookie && codes.includes(input.localeCookie.toLowerCase())
      ? input.localeCookie.toLowerCase()
      : null;

  if (isRoot && settings.rootRedirect && settings.rootRedirect.path !== '/') {
    return {
      kind: 'redirect',
      status: settings.rootRedirect.status,
      location: settings.rootRedirect.path + search,
    };
  }

  /** The detected locale when detection applies to this path, else null. */
  const detect = (prefixed: boolean): string | null => {
    const applies =
      settings.detection === 'all' ||
      (settings.detection === 'root' && isRoot) ||
      (settings.detection === 'no_prefix' && !prefixed);
    if (!applies) return null;
    if (!settings.alwaysRedirect && cookieLocale) return null;
    return (
      cookieLocale ?? matchAcceptLanguage(input.acceptLanguage, codes) ?? settings.defaultLocale
    );
  };

  if (settings.marketInPath) {
    const [first, second, ...rest] = segments;
    const pathMarket = findBrowsingMarket(directory, first);
    if (pathMarket) {
      const language = second ? marketLanguage(pathMarket, second) : null;
      if (language && second === language.code) {
        const basename = `/${pathMarket.alias}/${language.code}`;
        return {
          kind: 'render',
          market: pathMarket,
          language,
          locale: language.code,
          basename,
          setMarketCookie: cookieMarket?.id === pathMarket.id ? undefined : pathMarket.alias,
        };
      }
      // A language not allowed (or not a language): the market's default language.
      const fallback = defaultLanguageOf(pathMarket);
      const isLanguage = second !== undefined && codes.includes(second.toLowerCase());
      const tail = isLanguage ? rest : segments.slice(1);
      return {
        kind: 'redirect',
        status: 302,
        location: joinPath(`/${pathMarket.alias}/${fallback.code}`, tail, trailingSlash) + search,
      };
    }
    const market = cookieMarket ?? fallbackMarket;
    const secondIsLanguage = second !== undefined && codes.includes(second.toLowerCase());
    // `/xx/sv/...`: an unknown market with a language; `/c/...`: no market and no language.
    const tail = secondIsLanguage ? rest : segments;
    const wanted = secondIsLanguage ? second!.toLowerCase() : detect(false);
    const language = (wanted && marketLanguage(market, wanted)) || defaultLanguageOf(market);
    return {
      kind: 'redirect',
      status: 302,
      location: joinPath(`/${market.alias}/${language.code}`, tail, trailingSlash) + search,
    };
  }

  const market = cookieMarket ?? fallbackMarket;
  const first = segments[0]?.toLowerCase();
  const prefixLocale =
    settings.localePrefix !== 'no_prefix' && first && codes.includes(first) ? first : null;
  const rest = prefixLocale ? segments.slice(1) : segments;
  const detected = detect(prefixLocale !== null);
  const marketDefault = defaultLanguageOf(market).code;
  // Without a prefix nothing in the URL names the language: only the market's own languages
  // apply (an English browser in the Swedish market keeps sv-SE formats).
  const render = (locale: string, basename: string, marketOnly = false): RenderDecision => ({
    kind: 'render',
    market,
    language:
      (marketOnly ? marketLanguage(market, locale) : languageFor(directory, market, locale)) ??
      defaultLanguageOf(market),
    locale,
    basename,
    setLocaleCookie: detected && detected !== cookieLocale ? detected : undefined,
  });
  const redirectTo = (locale: string | null): RedirectDecision => ({
    kind: 'redirect',
    status: 302,
    location: joinPath(locale ? `/${locale}` : '', rest, trailingSlash) + search,
    setLocaleCookie: detected && detected !== cookieLocale ? detected : undefined,
  });

  switch (settings.localePrefix) {
    case 'no_prefix':
      // The locale lives in the cookie only; the market's language when none was chosen.
      return render(detected ?? cookieLocale ?? marketDefault, '', true);
    case 'prefix': {
      const target = detected ?? prefixLocale ?? cookieLocale ?? settings.defaultLocale;
      if (prefixLocale === target) return render(target, `/${target}`);
      return redirectTo(target);
    }
    case 'prefix_except_default': {
      const current = prefixLocale ?? settings.defaultLocale;
      const target = detected ?? current;
      if (prefixLocale === settings.defaultLocale) {
        // The default locale has no prefix: `/sv/c/x` -> `/c/x`.
        return redirectTo(target === settings.defaultLocale ? null : target);
      }
      if (target === current) return render(current, prefixLocale ? `/${prefixLocale}` : '');
      return redirectTo(target === settings.defaultLocale ? null : target);
    }
    case 'prefix_and_default': {
      const current = prefixLocale ?? settings.defaultLocale;
      const target = detected ?? current;
      if (target === current) return render(current, prefixLocale ? `/${prefixLocale}` : '');
      return redirectTo(target);
    }
  }
}

/**
 * The path prefix of a locale under the settings (SPEC §4 "Locale switching": afterwards the
 * browser goes to the locale-specific path unless the strategy is no-prefix): market-in-path
 * `/{market}/{code}`, `prefix` `/{code}`, the other prefix strategies '' for the default locale
 * and `/{code}` otherwise, `no_prefix` ''.
 */
export function localeBasename(
  settings: Pick<RoutingSettings, 'marketInPath' | 'localePrefix' | 'defaultLocale'>,
  marketAlias: string,
  code: string,
): string {
  if (settings.marketInPath) return `/${marketAlias}/${code}`;
  switch (settings.localePrefix) {
    case 'no_prefix':
      return '';
    case 'prefix':
      return `/${code}`;
    default:
      return code === settings.defaultLocale ? '' : `/${code}`;
  }
}
