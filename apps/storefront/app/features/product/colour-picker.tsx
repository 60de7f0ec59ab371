/**
 * The colour picker of the product page (issue 25): "Färg: Svart" over one link per colour of
 * the model, each a swatch and the colour's name; the current colour is marked
 * (`aria-current`), a sold-out colour says so to screen readers and is struck through. A colour
 * is another product: choosing it goes to its page (keyboard: Tab and Enter, works without
 * JavaScript) and keeps the scroll position; the chosen size comes along when that colour has it
 * (`?storlek=`, colours.ts).
 */
import { Link } from 'react-router';
import { t } from '../../i18n/i18n';
import { colourHref, type ColourOption } from './colours';

/** The colour links; `size` is the chosen size's name (null: none chosen). */
export function ColourPicker({ options, size }: { options: ColourOption[]; size: string | null }) {
  if (options.length < 2) return null;
  const current = options.find((option) => option.current);
  return (
    <div className="colour-picker" role="group" aria-labelledby="colour-picker-legend">
      <p id="colour-picker-legend" className="colour-picker__legend">
        {t('product.colour.legend')}
        {current ? (
          <>
            {': '}
            <span className="colour-picker__current">{current.name}</span>
          </>
        ) : null}
      </p>
      <ul className="colour-picker__options">
        {options.map((option) => (
          <li key={option.productId}>
            <Link
              to={colourHref(option, size)}
              className={`colour-option${option.soldOut ? ' colour-option--sold-out' : ''}`}
              aria-current={option.current ? 'true' : undefined}
              prefetch="intent"
              preventScrollReset
            >
              <svg className="colour-option__swatch" viewBox="0 0 24 24" aria-hidden="true">
                <circle
                  cx="12"
                  cy="12"
                  r="11"
                  fill={option.hex ?? 'transparent'}
                  stroke="currentColor"
                  strokeOpacity="0.35"
                  strokeWidth="1"
                />
              </svg>
              <span className="colour-option__name">{option.name}</span>
              {option.soldOut ? (
                <span className="sr-only">, {t('stock.out-of-stock').toLowerCase()}</span>
              ) : null}
            </Link>
          </li>
        ))}
      </ul>
    </div>
  );
}
