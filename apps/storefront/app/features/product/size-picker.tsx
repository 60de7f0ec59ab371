/**
 * The size picker (radio group of SKUs, keyboard-usable with the arrow keys): each size shows
 * its stock status and delivery time. A product with one unnamed SKU shows the status alone.
 */
import { t } from '../../i18n/i18n';
import { useCulture } from '../../market/market-view';
import type { SizeOption } from './product-view';
import { deliveryText, stockText } from './stock-text';

/** Stock status and delivery time of one size. */
function Availability({ option }: { option: SizeOption }) {
  const culture = useCulture();
  return (
    <>
      <span className={`stock stock--${option.status}`}>
        <span className="stock__dot" aria-hidden="true" />
        {stockText(option.status, option.incoming, culture)}
      </span>
      <span className="delivery">{deliveryText(option.delivery)}</span>
    </>
  );
}

/** The size picker, or the single SKU's availability. */
export function SizePicker({ options }: { options: SizeOption[] }) {
  const [only] = options;
  if (options.length === 1 && only && !only.name) {
    return (
      <p className="availability availability--single" aria-label={t('product.stockStatus')}>
        <Availability option={only} />
      </p>
    );
  }
  return (
    <fieldset className="size-picker" role="radiogroup" aria-labelledby="size-picker-legend">
      <legend id="size-picker-legend" className="size-picker__legend">
        {t('product.size.legend')}
      </legend>
      <div className="size-picker__options">
        {options.map((option) => (
          <label key={option.id} className={`size-option size-option--${option.status}`}>
            <input
              type="radio"
              name="skuId"
              value={option.id}
              className="size-option__input"
              defaultChecked={options.length === 1}
            />
            <span className="size-option__name">{option.name}</span>
            <span className="size-option__availability">
              <Availability option={option} />
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}
