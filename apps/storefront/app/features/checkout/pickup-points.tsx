/**
 * A carrier's choice at the checkout (nShift, issue 43): the carrier's badge beside the service's
 * name, and for the chosen service-point choice its pickup points as a radio group
 * ("Välj utlämningsställe", `pickupPoint`), nearest first with the chosen (else the nearest)
 * checked. Native radios in a fieldset with a legend: arrow keys move within the group, Space
 * chooses, and a screen reader hears the group's name and each point's name and distance, then
 * its address and opening hours as the description (WCAG 2.2 AA: 1.3.1, 2.1.1, 4.1.2). A point
 * chosen saves at once (`data-autosave`), so the choice and its price persist.
 */
import { t } from '../../i18n/i18n';
import { fieldId } from './checkout-fields';
import type { CarrierView, PickupPointChoice } from './checkout-view';
import { ChoiceCard } from './choice-card';

/**
 * The carrier's badge: its file under /shipping/ (alt text the carrier's name, or empty when the
 * service's name beside it already starts with it, so it is not read twice), else its name as a
 * text badge.
 */
export function CarrierBadge({
  carrier,
  serviceName,
}: {
  carrier: CarrierView;
  serviceName: string;
}) {
  const named = serviceName.toLowerCase().startsWith(carrier.name.toLowerCase());
  if (!carrier.logoUrl) {
    return (
      <span className="carrier-badge carrier-badge--text" aria-hidden={named || undefined}>
        {carrier.name}
      </span>
    );
  }
  return (
    <img
      className="carrier-badge"
      src={carrier.logoUrl}
      alt={named ? '' : carrier.name}
      width={72}
      height={24}
      loading="lazy"
      decoding="async"
    />
  );
}

/** The pickup points of the chosen service-point choice. */
export function PickupPoints({
  points,
  error,
}: {
  points: readonly PickupPointChoice[];
  /** The group's error (none chosen, or the point is gone: `shippingChanged`). */
  error?: string;
}) {
  const errorId = 'f-pickupPoint-error';
  return (
    <fieldset
      className="store-choice point-choice"
      aria-describedby={`point-order${error ? ` ${errorId}` : ''}`}
    >
      <legend>{t('checkout.point.choose')}</legend>
      <p id="point-order" className="field__hint">
        {t('checkout.point.order')}
      </p>
      {error ? (
        <p id={errorId} className="form-error">
          {error}
        </p>
      ) : null}
      <ul className="choice-list">
        {points.map((point, index) => {
          const part = (name: string) => `point-${index}-${name}`;
          const hours = t('orderDelivery.openingHours', { hours: point.openingHours });
          return (
            <li key={point.id}>
              <ChoiceCard
                id={index === 0 ? fieldId('pickupPoint') : undefined}
                name="pickupPoint"
                value={point.id}
                defaultChecked={point.isSelected}
                invalid={Boolean(error)}
                autosave
                labelledBy={point.distance ? `${part('name')} ${part('distance')}` : part('name')}
                describedBy={part('about')}
              >
                <span className="point__head">
                  <span id={part('name')} className="point__name">
                    {point.name}
                  </span>
                  {point.distance ? (
                    <span id={part('distance')} className="point__distance">
                      {t('checkout.point.distance', { distance: point.distance })}
                    </span>
                  ) : null}
                </span>
                <span className="point__address">
                  <span>{point.address}</span>
                  {point.zipCity ? <span>{point.zipCity}</span> : null}
                </span>
                {point.openingHours ? <span className="field__hint">{hours}</span> : null}
                {/* The radio's description in one sentence: "Tegnérgatan 20, 111 40 Stockholm. …" */}
                <span id={part('about')} hidden>
                  {[point.address, point.zipCity].filter(Boolean).join(', ')}
                  {point.openingHours ? `. ${hours}` : ''}
                </span>
              </ChoiceCard>
            </li>
          );
        })}
      </ul>
    </fieldset>
  );
}
