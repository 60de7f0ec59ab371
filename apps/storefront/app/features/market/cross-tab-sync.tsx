/**
 * Follows other tabs (SPEC §4 "Market change ... notifies other tabs"): on a `market` or
 * `checkout-market` message from another tab this tab refetches its data without a reload; with
 * market-in-path, a different market means another path, so that path is loaded. Mounted once in
 * the root.
 */
import { useRevalidator } from 'react-router';
import { useRalphChannel } from '../../market/broadcast';
import { useMarketView } from '../../market/market-view';
import { defaultLanguageOf } from '../../market/markets';

/** Renders nothing; listens on `ralph_channel`. */
export function CrossTabSync() {
  const revalidator = useRevalidator();
  const view = useMarketView();
  useRalphChannel((message) => {
    if (message.type !== 'market' && message.type !== 'checkout-market') return;
    if (view?.routing.marketInPath && message.currentMarket !== view.marketAlias) {
      const market = view.markets.find((m) => m.alias === message.currentMarket);
      if (market) {
        const rest = window.location.pathname.slice(view.basename.length) || '/';
        window.location.assign(`/${market.alias}/${defaultLanguageOf(market).code}${rest}`);
        return;
      }
    }
    void revalidator.revalidate();
  });
  return null;
}
