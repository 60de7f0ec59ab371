/**
 * The status of promo codes and campaigns in the back office (issue 40 §3): the Swedish names of
 * the API's `PromotionStatus` (decided by the API's one rule, promotion-status.ts, at its clock),
 * the badge the lists show and the filter above them. Text, never colour alone.
 */
import { useId } from 'react';

/** The API's `PromotionStatus`. */
export type PromotionStatus = 'planned' | 'active' | 'ended' | 'disabled';

/** The name of each status, as a list shows it. */
export const STATUS_NAMES: Record<PromotionStatus, string> = {
  planned: 'Planerad',
  active: 'Aktiv',
  ended: 'Avslutad',
  disabled: 'Inaktiverad',
};

/** The filter's choices (plural, "Visa: Aktiva"). */
const FILTER_NAMES: Record<PromotionStatus, string> = {
  active: 'Aktiva',
  planned: 'Planerade',
  ended: 'Avslutade',
  disabled: 'Inaktiverade',
};

/** A status as a badge. */
export function StatusBadge({ status }: { status: PromotionStatus }) {
  return <span className={`status-badge status-badge--${status}`}>{STATUS_NAMES[status]}</span>;
}

/**
 * "Visa": every status, or one; `statuses` limits the choices (campaigns are never disabled).
 * `value` '' is every status.
 */
export function StatusFilter({
  value,
  onChange,
  statuses = ['active', 'planned', 'ended', 'disabled'],
}: {
  value: PromotionStatus | '';
  onChange: (value: PromotionStatus | '') => void;
  statuses?: PromotionStatus[];
}) {
  const id = useId();
  return (
    <div className="field status-filter">
      <label htmlFor={id}>Visa</label>
      <select
        id={id}
        value={value}
        onChange={(event) => onChange(event.target.value as PromotionStatus | '')}
      >
        <option value="">Alla</option>
        {statuses.map((status) => (
          <option key={status} value={status}>
            {FILTER_NAMES[status]}
          </option>
        ))}
      </select>
    </div>
  );
}
