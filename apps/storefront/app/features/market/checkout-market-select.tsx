/**
 * The checkout market chooser for the checkout page (SPEC §2: routes whose name contains
 * "checkout" use the checkout market for cart requests; only non-virtual markets can be chosen).
 * Posts `intent=checkout-market` to `/marknad`. A labelled, styled select (issue 40 §6): with
 * JavaScript the country changes once chosen (`useApplyOnChoice`: at once with the mouse, Enter
 * or leaving it with the keyboard), the page revalidates (the cart reloads in the new market)
 * and other tabs are told; without JavaScript the "Byt land" button posts the form and
 * /marknad redirects back here.
 */
import { useEffect, useId, useRef, useState } from 'react';
import { useFetcher, useLocation } from 'react-router';
import { useApplyOnChoice } from '../../components/ui/apply-on-choice';
import { t } from '../../i18n/i18n';
import { postRalphMessage } from '../../market/broadcast';
import { useMarketView } from '../../market/market-view';
import { checkoutMarketGroups } from '../../market/markets';
import type { MarketChange } from './market-change';

/** The labelled select of the checkout markets; its submit button only without JavaScript. */
export function CheckoutMarketSelect() {
  const view = useMarketView();
  const fetcher = useFetcher<MarketChange>();
  const location = useLocation();
  const id = useId();
  const handled = useRef<MarketChange | null>(null);
  // The market last sent, so that leaving the select after a choice does not send it again.
  const sent = useRef<string | undefined>(undefined);
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
  const current = view?.checkoutMarketAlias;
  const handlers = useApplyOnChoice((select) => {
    const chosen = select.value;
    if (chosen === (sent.current ?? current) || !select.form) return;
    sent.current = chosen;
    void fetcher.submit(select.form);
  });
  return (
    <fetcher.Form method="post" action="/marknad" className="checkout-market">
      <input type="hidden" name="intent" value="checkout-market" />
      {hydrated ? <input type="hidden" name="enhanced" value="1" /> : null}
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <label htmlFor={id} className="checkout-market__label">
        {t('market.checkoutLabel')}
      </label>
      <div className="checkout-market__control">
        <select
          id={id}
          name="market"
          className="checkout-market__select"
          defaultValue={current}
          aria-describedby={`${id}-hint`}
          aria-busy={fetcher.state !== 'idle' || undefined}
          {...handlers}
        >
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
        <noscript>
          <button type="submit" className="button button--secondary">
            {t('market.checkoutSubmit')}
          </button>
        </noscript>
      </div>
      <p id={`${id}-hint`} className="field__hint">
        {t('market.checkoutHint')}
      </p>
    </fetcher.Form>
  );
}
