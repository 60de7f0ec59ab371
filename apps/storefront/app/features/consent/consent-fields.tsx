/** The category checkboxes of the banner's settings and the settings page (issue 19). */
import { forwardRef } from 'react';
import { t } from '../../i18n/i18n';
import type { Consent } from './consent';

/** Necessary (always on), statistics and marketing, each with what it is for. */
export const ConsentFields = forwardRef<HTMLInputElement, { initial: Consent | null }>(
  function ConsentFields({ initial }, firstRef) {
    return (
      <fieldset className="consent-fields">
        <legend>{t('consent.categories')}</legend>
        <div className="consent-fields__item">
          <input
            type="checkbox"
            id="consent-necessary"
            checked
            disabled
            aria-describedby="consent-necessary-text"
          />
          <label htmlFor="consent-necessary">{t('consent.necessary')}</label>
          <p id="consent-necessary-text">{t('consent.necessaryText')}</p>
        </div>
        <div className="consent-fields__item">
          <input
            ref={firstRef}
            type="checkbox"
            id="consent-statistics"
            name="statistics"
            defaultChecked={initial?.statistics ?? false}
            aria-describedby="consent-statistics-text"
          />
          <label htmlFor="consent-statistics">{t('consent.statistics')}</label>
          <p id="consent-statistics-text">{t('consent.statisticsText')}</p>
        </div>
        <div className="consent-fields__item">
          <input
            type="checkbox"
            id="consent-marketing"
            name="marketing"
            defaultChecked={initial?.marketing ?? false}
            aria-describedby="consent-marketing-text"
          />
          <label htmlFor="consent-marketing">{t('consent.marketing')}</label>
          <p id="consent-marketing-text">{t('consent.marketingText')}</p>
        </div>
      </fieldset>
    );
  },
);
