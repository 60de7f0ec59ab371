/**
 * The checkout market chooser for the checkout page (SPEC §2: routes whose name contains
 * "checkout" use the checkout market for cart requests; only non-virtual markets can be chosen).
 * Posts `intent=checkout-market` to `/marknad`; works without JavaScript, and with JavaScript
 * revalidates the page (the cart reloads in the new market) and tells other tabs.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { t } from '../../i18n/i18n';
import { postRalphMessage } from '../../market/broadcast';
import { useMarketView } from '../../market/market-view';
import { checkoutMarketGroups } from '../../market/markets';
import type { MarketChange } from './market-change';

/** A labelled select of the checkout markets and a submit button. */
export function CheckoutMarketSelect() {
  const view = useMarketView();
  const fetcher = useFetcher<MarketChange>();
  const location = useLocation();
  const id = useId();
  const handled = useRef<MarketChange | null>(null);
  // Without JavaScript the form posts normally and /marknad redirects back here.
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  useEffect(() => {
    const change = fetcher.data;
    if (!change || fetcher.state !== 'idle' || handled.current === change) return;
    handled.current = change;
    postRalphMessage({
      type: 'checkout-market',
      currentMarket: change.currentMarket,
      checkoutMarket: change.checkoutMarket,
    });
  }, [fetcher.data, fetcher.state]);
  return (
    <fetcher.Form method="post" action="/marknad" className="checkout-market">
      <input type="hidden" name="intent" value="checkout-market" />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <label htmlFor={id}>{t('market.checkoutLabel')}</label>
      <select id={id} name="market" defaultValue={view?.checkoutMarketAlias}>
        {checkoutMarketGroups(view?.markets ?? []).map((group) => (
          <optgroup key={group.groupKey} label={group.groupKey}>
            {group.markets.map((market) => (
              <option key={market.id} value={market.alias}>
                {market.name} ({market.currency})
              </option>
            ))}
          </optgroup>
        ))}
      </select>
      <button type="submit" className="button">
        {t('market.checkoutSubmit')}
      </button>
    </fetcher.Form>
  );
}
