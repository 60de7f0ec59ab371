/**
 * A price including VAT (ARCHITECTURE "Look and feel": clear prices). A campaign shows the
 * selling price, the regular price struck through and the percentage ("-25 %").
 */
import { t } from '../../i18n/i18n';
import type { ShownPrice } from './card-product';

/** Price block; `size` large on the product page. */
export function Price({
  price,
  size = 'normal',
}: {
  price: ShownPrice;
  size?: 'normal' | 'large';
}) {
  return (
    <p className={`price price--${size}`}>
      {price.isDiscounted ? (
        <>
          <span className="price__selling price__selling--campaign">
            <span className="sr-only">{t('price.campaign')} </span>
            {price.selling}
          </span>{' '}
          <s className="price__regular">
            <span className="sr-only">{t('price.regular')} </span>
            {price.regular}
          </s>{' '}
          <span className="price__badge">
            {t('price.discount', { percent: price.discountPercentage })}
          </span>
        </>
      ) : (
        <span className="price__selling">
          <span className="sr-only">{t('price.selling')} </span>
          {price.selling}
        </span>
      )}{' '}
      <span className="price__vat">{t('price.incVat')}</span>
    </p>
  );
}
