/**
 * The size picker (radio group of SKUs, keyboard-usable with the arrow keys): each size shows
 * its stock status and delivery time; a sold-out size says "Slut i lager" in its name and is
 * struck through (issue 14). Under the sizes, for the chosen one: its stock in the shop's stores
 * ("Finns i butik: Malmö 2 st") and, when it is sold out, a notice that is the place of the
 * coming back-in-stock request. A product with one unnamed SKU shows the status alone.
 */
import { useState } from 'react';
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

/** "Finns i butik: Stockholm 3 st, Malmö 2 st", or that no store has it. */
export function storeStockText(option: SizeOption, culture?: string): string {
  if (option.stores.length === 0) return t('product.storeStock.none');
  const stores = option.stores
    .map((store) =>
      t('product.storeStock.store', { city: store.city, quantity: store.quantity }, culture),
    )
    .join(', ');
  return t('product.storeStock', { stores });
}

/** What the page says about the chosen size: store stock, and the sold-out notice. */
function ChosenSize({ option }: { option: SizeOption | null }) {
  const culture = useCulture();
  return (
    <div className="chosen-size" aria-live="polite">
      {option ? <p className="store-stock">{storeStockText(option, culture)}</p> : null}
      {option?.status === 'out-of-stock' ? (
        // The sold-out notice; its "Bevaka" form (issue 17) follows the buy form (AddToCart),
        // since a form may not sit inside another.
        <div className="size-sold-out" data-back-in-stock={option.id}>
          <p className="size-sold-out__text">
            {option.name ? t('product.size.soldOut', { size: option.name }) : t('product.soldOut')}
          </p>
        </div>
      ) : null}
    </div>
  );
}

/**
 * The size picker, or the single SKU's availability; `initialId` is the size chosen when the
 * page opens (e.g. carried over from another colour), `onChoose` hears every choice.
 */
export function SizePicker({
  options,
  initialId = null,
  onChoose,
}: {
  options: SizeOption[];
  initialId?: number | null;
  onChoose?: (option: SizeOption) => void;
}) {
  const [only] = options;
  const [chosenId, setChosenId] = useState<number | null>(
    options.length === 1 && only ? only.id : initialId,
  );
  const chosen = options.find((option) => option.id === chosenId) ?? null;
  if (options.length === 1 && only && !only.name) {
    return (
      <>
        <p className="availability availability--single" aria-label={t('product.stockStatus')}>
          <Availability option={only} />
        </p>
        <ChosenSize option={only} />
      </>
    );
  }
  return (
    <>
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
                defaultChecked={options.length === 1 || option.id === initialId}
                onChange={() => {
                  setChosenId(option.id);
                  onChoose?.(option);
                }}
              />
              <span className="size-option__name">{option.name}</span>
              <span className="size-option__availability">
                <Availability option={option} />
              </span>
            </label>
          ))}
        </div>
      </fieldset>
      <ChosenSize option={chosen} />
    </>
  );
}
