/**
 * A price (ARCHITECTURE "Look and feel": clear prices), incl. VAT for private persons and
 * excl. VAT for companies with the label saying which ("inkl. moms" / "exkl. moms"; SPEC §3
 * Customer type, §6). The one place that decides: the customer type comes from the root loader
 * (`useCustomerType`), so every page that renders `<Price>` follows the header's switch. A
 * campaign shows the selling price, the regular price struck through, the percentage ("-25 %")
 * against the 30-day comparison price and that price ("Lägsta pris senaste 30 dagarna: 999 kr",
 * prisinformationslagen 7 a §, issue 25).
 */
import { useRouteLoaderData } from 'react-router';
import { t } from '../../i18n/i18n';
import type { CustomerType } from '../../market/request-market';
import type { ShownPrice } from './card-product';

/** The request's customer type from the root loader data; PERSON when unavailable. */
export function useCustomerType(): CustomerType {
  const root = useRouteLoaderData('root') as
    { market?: { customerType?: CustomerType } } | undefined;
  return root?.market?.customerType === 'ORGANIZATION' ? 'ORGANIZATION' : 'PERSON';
}

/** Whether prices are shown including VAT for this request (PERSON: yes). */
export function usePricesIncludeVat(): boolean {
  return useCustomerType() === 'PERSON';
}

/** The amounts and label to show for a customer type. */
export function pricesFor(price: ShownPrice, includeVat: boolean) {
  return includeVat
    ? {
        selling: price.selling,
        regular: price.regular,
        lowest: price.lowest,
        label: t('price.incVat'),
      }
    : {
        selling: price.sellingExVat,
        regular: price.regularExVat,
        lowest: price.lowestExVat,
        label: t('price.exVat'),
      };
}

/** Price block; `size` large on the product page. */
export function Price({
  price,
  size = 'normal',
}: {
  price: ShownPrice;
  size?: 'normal' | 'large';
}) {
  const shown = pricesFor(price, usePricesIncludeVat());
  return (
    <p className={`price price--${size}`}>
      {price.isDiscounted ? (
        <>
          <span className="price__selling price__selling--campaign">
            <span className="sr-only">{t('price.campaign')} </span>
            {shown.selling}
          </span>{' '}
          <s className="price__regular">
            <span className="sr-only">{t('price.regular')} </span>
            {shown.regular}
          </s>{' '}
          {price.discountPercentage > 0 ? (
            <span className="price__badge">
              {t('price.discount', { percent: price.discountPercentage })}
            </span>
          ) : null}
        </>
      ) : (
        <span className="price__selling">
          <span className="sr-only">{t('price.selling')} </span>
          {shown.selling}
        </span>
      )}{' '}
      <span className="price__vat">{shown.label}</span>
      {price.isDiscounted && shown.lowest ? (
        <span className="price__lowest">{t('price.lowest30', { price: shown.lowest })}</span>
      ) : null}
    </p>
  );
}
