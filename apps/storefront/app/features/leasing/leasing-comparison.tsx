/**
 * "Leasa eller köpa?" (issue 40 point 4): the employee's net cost over the period against the
 * bike's price, and what the end of the lease means, since the bike is not theirs then: return
 * it, or buy it out at its market value (estimated from the settings' residual value). Every
 * figure comes from one calculation, `calculateLeasing(...).comparison` (`@trampa/api/leasing`,
 * ADR 013); this component only words and formats them. Money in öre.
 */
import type { LeasingComparison as Comparison, LeasingRates } from '@trampa/api/leasing';
import { useId } from 'react';
import { t } from '../../i18n/i18n';
import { formatKronor } from './leasing-view';

/** The comparison of one choice: `months` the period, `rates` for the residual value's source. */
export function LeasingComparison({
  comparison,
  months,
  rates,
}: {
  comparison: Comparison;
  months: number;
  rates: Pick<LeasingRates, 'residualValueBasisPoints' | 'residualValueMonths'>;
}) {
  const titleId = useId();
  const difference = Math.round(comparison.differenceWithBuyOut / 100);
  const amount = formatKronor(Math.abs(comparison.differenceWithBuyOut));
  const outcome =
    difference > 0
      ? t('leasing.compare.cheaper', { amount })
      : difference < 0
        ? t('leasing.compare.dearer', { amount })
        : t('leasing.compare.same');
  return (
    <section className="leasing__compare" aria-labelledby={titleId}>
      <h3 id={titleId} className="leasing__compare-title">
        {t('leasing.compare.title')}
      </h3>
      <dl className="leasing__figures" data-testid="leasing-compare">
        <div className="leasing__figure">
          <dt>{t('leasing.compare.price')}</dt>
          <dd>{formatKronor(comparison.price)}</dd>
        </div>
        <div className="leasing__figure">
          <dt>{t('leasing.compare.lease', { months })}</dt>
          <dd>{formatKronor(comparison.netCostOverPeriod)}</dd>
        </div>
        <div className="leasing__figure">
          <dt>{t('leasing.compare.buyOut', { months, percent: comparison.buyOutPercent })}</dt>
          <dd>{formatKronor(comparison.buyOutPrice)}</dd>
        </div>
        <div className="leasing__figure leasing__figure--sum">
          <dt>{t('leasing.compare.total')}</dt>
          <dd>{formatKronor(comparison.totalWithBuyOut)}</dd>
        </div>
      </dl>
      <p className="leasing__saving">{t('leasing.compare.ownership', { months })}</p>
      <ul className="leasing__outcomes">
        <li>
          {t('leasing.compare.returned', {
            net: formatKronor(comparison.netCostOverPeriod),
            months,
          })}
        </li>
        <li>{outcome}</li>
      </ul>
      <p className="leasing__note">
        {t('leasing.compare.note', {
          percent: new Intl.NumberFormat('sv-SE', { maximumFractionDigits: 1 }).format(
            rates.residualValueBasisPoints / 100,
          ),
          months: rates.residualValueMonths,
        })}
      </p>
    </section>
  );
}
