/**
 * The header's "Privat / Företag" switch (SPEC §3 Customer type, §4 "Customer type change").
 * A form posting to `/kundtyp` that works without JavaScript; with JavaScript a fetcher submits
 * it and the page's data revalidates, so every `<Price>` switches between incl. and excl. VAT.
 */
import { useFetcher, useLocation } from 'react-router';
import { t } from '../../i18n/i18n';
import { useMarketView } from '../../market/market-view';
import { CUSTOMER_TYPES } from '../../market/request-market';

/** Two submit buttons; the current type is pressed. */
export function CustomerTypeSwitch() {
  const fetcher = useFetcher();
  const location = useLocation();
  const view = useMarketView();
  const pending = fetcher.formData?.get('customerType');
  const current = typeof pending === 'string' ? pending : (view?.customerType ?? 'PERSON');
  return (
    <fetcher.Form method="post" action="/kundtyp" className="customer-type">
      <fieldset className="customer-type__group">
        <legend className="sr-only">{t('customerType.legend')}</legend>
        <input type="hidden" name="returnTo" value={location.pathname + location.search} />
        {CUSTOMER_TYPES.map((type) => (
          <button
            key={type}
            type="submit"
            name="customerType"
            value={type}
            className="customer-type__option"
            aria-pressed={current === type}
          >
            {t(type === 'PERSON' ? 'customerType.PERSON' : 'customerType.ORGANIZATION')}
          </button>
        ))}
      </fieldset>
    </fetcher.Form>
  );
}
