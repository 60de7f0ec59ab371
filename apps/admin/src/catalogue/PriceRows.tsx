/**
 * Prices per market on the product form (issue 26): an amount in kronor per market, entered
 * incl. or excl. VAT, with the price incl. and excl. VAT and the VAT shown as the API computes
 * them (`vatBreakdown`: the shop's one VAT rule, not a copy here).
 */
import { useEffect, useState } from 'react';
import { formatBasisPoints } from '../format.ts';
import { formatAmount } from '../money.ts';
import { parseKronor, vatBreakdown, type Market, type MarketPrice } from './catalogue-api.ts';

/** One market's price as typed, and what the API last said about it. */
export interface PriceDraft {
  text: string;
  vatMode: 'incVat' | 'exVat';
  /** The stored price (null for none yet). */
  stored: MarketPrice | null;
}

/** The VAT of what is typed, from the API (shown under the field). */
function VatLine({ market, draft }: { market: Market; draft: PriceDraft }) {
  const [shown, setShown] = useState<MarketPrice | null>(draft.stored);
  const amount = parseKronor(draft.text);
  useEffect(() => {
    if (amount === null) return;
    let current = true;
    const timer = setTimeout(() => {
      vatBreakdown(market.id, amount, draft.vatMode)
        .then((price) => current && setShown(price))
        .catch(() => undefined);
    }, 200);
    return () => {
      current = false;
      clearTimeout(timer);
    };
  }, [market.id, amount, draft.vatMode]);
  const money = (minor: number) => formatAmount(minor, shown?.currencyCode ?? 'SEK');
  if (amount === null || !shown) {
    return (
      <span className="hint" id={`price-${market.id}-vat`}>
        Moms {formatBasisPoints(market.vatRateBasisPoints)}.
      </span>
    );
  }
  return (
    <span className="hint" id={`price-${market.id}-vat`} aria-live="polite">
      {money(shown.priceIncVat)} inkl. moms, {money(shown.priceExVat)} exkl. moms, moms{' '}
      {money(shown.vat)} ({formatBasisPoints(shown.vatRateBasisPoints)})
    </span>
  );
}

/** The price fieldset: one row per market. */
export function PriceRows({
  markets,
  prices,
  onChange,
}: {
  markets: Market[];
  prices: Record<string, PriceDraft>;
  onChange: (marketId: string, price: PriceDraft) => void;
}) {
  return (
    <fieldset className="panel" id="prices" tabIndex={-1}>
      <legend>Priser per marknad</legend>
      {markets.map((market) => {
        const draft = prices[market.id] ?? { text: '', vatMode: 'incVat' as const, stored: null };
        return (
          <div className="form form-row price-row" key={market.id}>
            <div className="field">
              <label htmlFor={`price-${market.id}`}>
                Pris {market.name} ({market.currencyCode})
              </label>
              <input
                id={`price-${market.id}`}
                inputMode="decimal"
                value={draft.text}
                aria-describedby={`price-${market.id}-vat`}
                onChange={(e) => onChange(market.id, { ...draft, text: e.target.value })}
              />
              <VatLine market={market} draft={draft} />
            </div>
            <fieldset className="field radio-group">
              <legend className="visually-hidden">Momsen i priset för {market.name}</legend>
              {(['incVat', 'exVat'] as const).map((mode) => (
                <label key={mode}>
                  <input
                    type="radio"
                    name={`vat-${market.id}`}
                    value={mode}
                    checked={draft.vatMode === mode}
                    onChange={() => onChange(market.id, { ...draft, vatMode: mode })}
                  />{' '}
                  {mode === 'incVat' ? 'inkl. moms' : 'exkl. moms'}
                </label>
              ))}
            </fieldset>
          </div>
        );
      })}
    </fieldset>
  );
}
