/**
 * "Förmånscykel från {net} kr/mån" and the monthly cost calculator of a leasable bike's product
 * page (issue 21, SPEC §1, §9). A GET form: without JavaScript "Räkna" reloads the page with the
 * choice in the address (`?manader=12&servicepaket=bas&marginalskatt=52`) and the server
 * calculates; with JavaScript the figures follow every change at once, in a polite live region.
 * The figures come from `@trampa/api/leasing` (ADR 013), the same code the tests check.
 */
import { useId, useState, type FormEvent } from 'react';
import { Form, Link } from 'react-router';
import { t } from '../../i18n/i18n';
import { LeasingComparison } from './leasing-comparison';
import {
  formatKronor,
  LEASING_PARAMS,
  leasingFigures,
  type LeasingChoice,
  type LeasingView,
} from './leasing-view';

/** The page explaining the scheme (the content page, issue 16). */
const LEASING_INFO_PATH = '/formanscykel';

/** A size that can be put in the leasing cart. */
export interface LeasingSku {
  id: number;
  name: string;
}

/** The förmånscykel block of a product page; `skus`: the sizes for "Lägg i förmånscykelkorgen". */
export function LeasingCalculator({
  leasing,
  skus,
}: {
  leasing: LeasingView;
  skus: readonly LeasingSku[];
}) {
  if (!leasing.withinLimits) {
    return (
      <p className="leasing leasing--outside">
        {t('leasing.outsideLimits', { low: leasing.minPriceText, high: leasing.maxPriceText })}
      </p>
    );
  }
  return <Calculator leasing={leasing} skus={skus} />;
}

function Calculator({ leasing, skus }: { leasing: LeasingView; skus: readonly LeasingSku[] }) {
  const id = useId();
  const [choice, setChoice] = useState<LeasingChoice>(leasing.initial);
  const figures = leasingFigures(leasing, choice);
  const update = (part: Partial<LeasingChoice>) =>
    setChoice((current) => ({ ...current, ...part }));
  const onSubmit = (event: FormEvent<HTMLFormElement>) => event.preventDefault();
  const taxLimits = { low: leasing.minTaxPercent, high: leasing.maxTaxPercent };
  const hintId = `${id}-tax-hint`;
  const errorId = `${id}-tax-error`;
  // Open by itself when the page came with a choice (the GET form without JS). From the first
  // render only: a choice back at the defaults must not close the calculator under the shopper.
  const customised =
    leasing.initial.period !== leasing.defaults.period ||
    leasing.initial.packageId !== leasing.defaults.packageId ||
    leasing.initial.taxPercent !== leasing.defaults.taxPercent;
  return (
    <section className="leasing" aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`} className="leasing__title">
        {t('leasing.from', { net: formatKronor(leasing.fromNetCost) })}
      </h2>
      <p className="leasing__intro">
        {t('leasing.intro', { tax: formatPercent(leasing.defaultTaxPercent) })}
      </p>
      <details className="leasing__details" open={customised || undefined}>
        <summary>{t('leasing.calculator')}</summary>
        <form method="get" className="leasing__form" onSubmit={onSubmit}>
          <fieldset className="leasing__group">
            <legend>{t('leasing.period.legend')}</legend>
            <div className="leasing__options">
              {leasing.periods.map((period) => (
                <label key={period} className="leasing__option">
                  <input
                    type="radio"
                    name={LEASING_PARAMS.period}
                    value={period}
                    checked={choice.period === period}
                    onChange={() => update({ period })}
                  />
                  {t('leasing.period.option', { months: period })}
                </label>
              ))}
            </div>
          </fieldset>
          <fieldset className="leasing__group">
            <legend>{t('leasing.package.legend')}</legend>
            <div className="leasing__options leasing__options--stacked">
              {leasing.packages.map((pkg) => (
                <label key={pkg.id} className="leasing__option">
                  <input
                    type="radio"
                    name={LEASING_PARAMS.packageId}
                    value={pkg.id}
                    checked={choice.packageId === pkg.id}
                    onChange={() => update({ packageId: pkg.id })}
                  />
                  <span className="leasing__package-name">{pkg.name}</span>
                  {pkg.pricePerYear > 0 ? (
                    <span className="leasing__package-price">
                      {t('leasing.package.price', { price: formatKronor(pkg.pricePerYear) })}
                      {pkg.standardPricePerYear !== null ? (
                        <>
                          {' '}
                          <s>
                            <span className="sr-only">{t('leasing.package.standard')} </span>
                            {t('leasing.package.price', {
                              price: formatKronor(pkg.standardPricePerYear),
                            })}
                          </s>
                        </>
                      ) : null}
                    </span>
                  ) : null}
                </label>
              ))}
            </div>
          </fieldset>
          <div className="leasing__group field">
            <label htmlFor={`${id}-tax`}>{t('leasing.tax.label')}</label>
            <input
              id={`${id}-tax`}
              type="text"
              inputMode="decimal"
              name={LEASING_PARAMS.tax}
              value={choice.taxPercent}
              onChange={(event) => update({ taxPercent: event.target.value })}
              aria-describedby={figures ? hintId : `${errorId} ${hintId}`}
              aria-invalid={figures ? undefined : true}
              size={5}
            />
            <p id={hintId} className="field__hint">
              {t('leasing.tax.hint', { default: formatPercent(leasing.defaultTaxPercent) })}
            </p>
            {figures ? null : (
              <p id={errorId} className="field__error">
                {t('leasing.tax.error', taxLimits)}
              </p>
            )}
          </div>
          <button type="submit" className="button button--secondary leasing__submit">
            {t('leasing.submit')}
          </button>
        </form>
        <div className="leasing__result" aria-live="polite" aria-atomic="true">
          {figures ? <Figures figures={figures} /> : null}
        </div>
        {/* Outside the live region: only the monthly figures are read out on every change. */}
        {figures ? (
          <LeasingComparison
            comparison={figures.comparison}
            months={choice.period}
            rates={leasing.rates}
          />
        ) : null}
        <p className="leasing__note">
          {t('leasing.note', {
            reduction: formatKronor(leasing.rates.benefitReductionPerMonth),
            fee: formatPercent(leasing.rates.employerFeeBasisPoints / 100),
            setup: formatKronor(leasing.rates.setupFee),
          })}
        </p>
      </details>
      <Form
        method="post"
        action={`/formanscykel/varukorg?${new URLSearchParams({
          [LEASING_PARAMS.period]: String(choice.period),
          [LEASING_PARAMS.packageId]: choice.packageId,
          [LEASING_PARAMS.tax]: choice.taxPercent,
        })}`}
        className="leasing__apply"
      >
        <input type="hidden" name="intent" value="add" />
        {skus.length > 1 ? (
          <div className="field leasing__size">
            <label htmlFor={`${id}-sku`}>Storlek</label>
            <select id={`${id}-sku`} name="skuId">
              {skus.map((sku) => (
                <option key={sku.id} value={sku.id}>
                  {sku.name}
                </option>
              ))}
            </select>
          </div>
        ) : (
          <input type="hidden" name="skuId" value={skus[0]?.id ?? ''} />
        )}
        <button type="submit" className="button button--primary">
          {t('leasing.apply')}
        </button>
        <Link to={LEASING_INFO_PATH} className="leasing__info-link">
          Så fungerar förmånscykel
        </Link>
      </Form>
    </section>
  );
}

function Figures({ figures }: { figures: NonNullable<ReturnType<typeof leasingFigures>> }) {
  return (
    <dl className="leasing__figures">
      <div className="leasing__figure leasing__figure--main">
        <dt>{t('leasing.result.net')}</dt>
        <dd data-testid="leasing-net">{formatKronor(figures.netCost)}</dd>
      </div>
      <div className="leasing__figure">
        <dt>{t('leasing.result.gross')}</dt>
        <dd>{formatKronor(figures.grossDeduction)}</dd>
      </div>
      <div className="leasing__figure">
        <dt>{t('leasing.result.benefit')}</dt>
        <dd>{formatKronor(figures.benefitValue)}</dd>
      </div>
      {figures.firstMonth.netCost !== figures.netCost ? (
        <div className="leasing__figure">
          <dt>{t('leasing.result.firstMonth')}</dt>
          <dd>{formatKronor(figures.firstMonth.netCost)}</dd>
        </div>
      ) : null}
    </dl>
  );
}

/** "32", "31,42" (sv-SE decimal comma). */
function formatPercent(value: number): string {
  return new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 2 }).format(value);
}
