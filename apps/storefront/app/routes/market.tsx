/**
 * `/marknad`: choose the market (country and currency) and the checkout market (SPEC §2
 * "region/market picker", §4 "Market change"). The page is the picker for browsers without
 * JavaScript; with JavaScript the header opens the same form in a dialog and submits it with a
 * fetcher.
 *
 * POST fields: `intent` (`market`, `checkout-market` or `locale`), `market` (alias), `locale`
 * (a language code of the current market), `returnTo` (path).
 * A market change stores `ralph-market` and `ralph-checkout-market` (the checkout market follows,
 * unless the new market is virtual); a checkout-market change only the latter. Unknown or
 * unsuitable aliases change nothing (never an error page).
 */
import { data, redirect, redirectDocument } from 'react-router';
import type { Route } from './+types/market';
import type { MarketChange } from '../features/market/market-change';
import { LanguagePicker, MarketPickerForm } from '../features/market/market-picker';
import { t } from '../i18n/i18n';
import {
  defaultLanguageOf,
  findBrowsingMarket,
  findMarket,
  isCheckoutMarket,
  marketLanguage,
} from '../market/markets';
import { localeBasename } from '../routing/locale-routing';
import { safeLocalPath, withBasename } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** Title of the page. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('market.title'), noindex: true });

/** Nothing beyond the root data (markets) is needed. */
export function loader() {
  return null;
}

/** Stores the chosen market or checkout market. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = String(form.get('intent') ?? 'market');
  const alias = String(form.get('market') ?? '');
  const returnPath = safeLocalPath(form.get('returnTo'));
  const viaFetcher = form.get('enhanced') === '1';
  const secure = context.shop.publicUrl.startsWith('https:');
  const { market } = context;
  let currentMarket = market.marketId;
  let checkoutMarket = market.checkoutMarketId;
  let basename = market.basename;
  const headers = new Headers();
  const directory = context.markets;

  if (directory && intent === 'locale') {
    // Locale switching (SPEC §4): a language of the current market; a no-op for the current one.
    const current = findMarket(directory, market.marketId);
    const language = current && marketLanguage(current, String(form.get('locale') ?? ''));
    if (current && language && language.code !== market.locale) {
      headers.append('Set-Cookie', await context.cookies.locale.serialize(language.code, secure));
      basename = localeBasename(context.routing, current.alias, language.code);
    }
  } else if (directory && intent === 'checkout-market') {
    const chosen = findMarket(directory, alias);
    if (chosen && isCheckoutMarket(chosen)) {
      checkoutMarket = chosen.alias;
      headers.append(
        'Set-Cookie',
        await context.cookies.checkoutMarket.serialize(chosen.alias, secure),
      );
    }
  } else if (directory) {
    const chosen = findBrowsingMarket(directory, alias);
    if (chosen) {
      currentMarket = chosen.alias;
      headers.append('Set-Cookie', await context.cookies.market.serialize(chosen.alias, secure));
      if (isCheckoutMarket(chosen)) {
        checkoutMarket = chosen.alias;
        headers.append(
          'Set-Cookie',
          await context.cookies.checkoutMarket.serialize(chosen.alias, secure),
        );
      }
      if (context.routing.marketInPath) {
        basename = localeBasename(context.routing, chosen.alias, defaultLanguageOf(chosen).code);
      }
    }
  }

  const target = withBasename(basename, returnPath);
  const prefixChanged = basename !== market.basename;
  if (viaFetcher) {
    const change: MarketChange = {
      currentMarket,
      checkoutMarket,
      location: prefixChanged ? target : null,
    };
    return data(change, { headers });
  }
  // Within the prefix React Router adds it; another prefix needs an absolute URL.
  return prefixChanged
    ? redirectDocument(new URL(target, request.url).href, { headers })
    : redirect(returnPath, { headers });
}

/** The picker as a page (no JavaScript, or a direct visit). */
export default function MarketPage() {
  return (
    <div className="page page--narrow container">
      <h1>{t('market.title')}</h1>
      <MarketPickerForm />
      <LanguagePicker />
    </div>
  );
}
