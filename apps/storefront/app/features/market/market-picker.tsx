/**
 * The market picker (SPEC §2 "region/market picker", §4 "Market change"): markets grouped by
 * groupKey, virtual and checkout-only ones hidden. The header shows a trigger, a link to the
 * `/marknad` page that with JavaScript opens the same form in a native `<dialog>` (modal: focus
 * stays inside, Escape closes, labelled by its heading, focus returns to the trigger).
 *
 * On change the action stores the market and checkout market cookies; with JavaScript the
 * page's data revalidates (prices, currency), other tabs are told over `ralph_channel`, and
 * with market-in-path the browser loads the new market's path.
 */
import { useEffect, useId, useRef } from 'react';
import { Link, useFetcher, useLocation } from 'react-router';
import { t } from '../../i18n/i18n';
import { postRalphMessage } from '../../market/broadcast';
import { useMarketView } from '../../market/market-view';
import { pickerGroups } from '../../market/markets';
import type { MarketChange } from './market-change';

/** The radio list of markets and the submit button; `enhanced` marks fetcher submissions. */
export function MarketPickerForm({
  onChanged,
  enhanced = false,
}: {
  onChanged?: () => void;
  enhanced?: boolean;
}) {
  const view = useMarketView();
  const location = useLocation();
  const fetcher = useFetcher<MarketChange>();
  const groups = pickerGroups(view?.markets ?? []);
  const handled = useRef<MarketChange | null>(null);

  useEffect(() => {
    const change = fetcher.data;
    if (!change || fetcher.state !== 'idle' || handled.current === change) return;
    handled.current = change;
    postRalphMessage({
      type: 'market',
      currentMarket: change.currentMarket,
      checkoutMarket: change.checkoutMarket,
    });
    if (change.location) window.location.assign(change.location);
    else onChanged?.();
  }, [fetcher.data, fetcher.state, onChanged]);

  const FormTag = enhanced ? fetcher.Form : 'form';
  return (
    <FormTag method="post" action="/marknad" className="market-picker">
      <p className="market-picker__intro">{t('market.intro')}</p>
      <input type="hidden" name="intent" value="market" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      {enhanced ? <input type="hidden" name="enhanced" value="1" /> : null}
      {groups.map((group) => (
        <fieldset key={group.groupKey} className="market-picker__group">
          <legend className="market-picker__legend">{group.groupKey}</legend>
          <ul className="market-picker__list">
            {group.markets.map((market) => (
              <li key={market.id}>
                <label className="market-picker__option">
                  <input
                    type="radio"
                    name="market"
                    value={market.alias}
                    defaultChecked={market.alias === view?.marketAlias}
                  />
                  <span className="market-picker__name">{market.name}</span>
                  <span className="market-picker__currency">{market.currency}</span>
                </label>
              </li>
            ))}
          </ul>
        </fieldset>
      ))}
      <button type="submit" className="button button--primary market-picker__submit">
        {t('market.submit')}
      </button>
    </FormTag>
  );
}

/**
 * The language of the current market, when it has several (Finland: suomi, svenska): SPEC §4
 * "Locale switching". Texts stay Swedish; numbers and dates follow the language, and with a
 * prefix strategy or market-in-path the browser moves to the language's path.
 */
export function LanguagePicker() {
  const view = useMarketView();
  const location = useLocation();
  const fetcher = useFetcher<MarketChange>();
  const id = useId();
  const market = view?.markets.find((m) => m.alias === view.marketAlias);
  useEffect(() => {
    if (fetcher.state === 'idle' && fetcher.data?.location) {
      window.location.assign(fetcher.data.location);
    }
  }, [fetcher.data, fetcher.state]);
  if (!market || market.languages.length < 2) return null;
  return (
    <fetcher.Form method="post" action="/marknad" className="language-picker">
      <input type="hidden" name="intent" value="locale" />
      <input type="hidden" name="enhanced" value="1" />
      <input type="hidden" name="returnTo" value={location.pathname + location.search} />
      <label htmlFor={id}>{t('market.language')}</label>
      <select id={id} name="locale" defaultValue={view?.locale}>
        {market.languages.map((language) => (
          <option key={language.id} value={language.code}>
            {language.name}
          </option>
        ))}
      </select>
      <button type="submit" className="button button--secondary">
        {t('market.languageSubmit')}
      </button>
    </fetcher.Form>
  );
}

/** The header trigger and the modal dialog. */
export function MarketPicker() {
  const view = useMarketView();
  const dialog = useRef<HTMLDialogElement>(null);
  const trigger = useRef<HTMLAnchorElement>(null);
  const titleId = useId();
  const label = {
    country: view?.countryName ?? 'Sverige',
    currency: view?.currency ?? 'SEK',
  };
  const close = () => dialog.current?.close();
  return (
    <>
      <Link
        ref={trigger}
        to="/marknad"
        className="header-action market-trigger"
        aria-label={t('market.triggerLabel', label)}
        aria-haspopup="dialog"
        onClick={(event) => {
          if (!dialog.current?.showModal) return;
          event.preventDefault();
          dialog.current.showModal();
        }}
      >
        <span className="header-action__label">{t('market.trigger', label)}</span>
      </Link>
      <dialog
        ref={dialog}
        className="market-dialog"
        aria-labelledby={titleId}
        onClose={() => trigger.current?.focus()}
        onClick={(event) => {
          // A click on the backdrop (the dialog element itself) closes it.
          if (event.target === dialog.current) close();
        }}
      >
        <div className="market-dialog__panel">
          <div className="market-dialog__head">
            <h2 id={titleId} className="market-dialog__title">
              {t('market.title')}
            </h2>
            <button type="button" className="market-dialog__close" onClick={close}>
              {t('market.close')}
            </button>
          </div>
          <MarketPickerForm enhanced onChanged={close} />
          <LanguagePicker />
        </div>
      </dialog>
    </>
  );
}
