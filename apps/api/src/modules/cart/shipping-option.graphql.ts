/**
 * `ShippingOptionType` (GEINS-API §4.6): a shipping method with its fee for a cart, used by the
 * cart summary and the checkout's shipping options.
 */
import { builder } from '../../graphql/builder.ts';
import { exVat } from '../pricing/price.ts';
import type { ShippingMethodRecord } from '../shipping/shipping.service.ts';
import { formatted, money } from './cart-money.graphql.ts';
import type { CartView } from './cart-view.ts';

/** A shipping option of a cart or checkout (`ShippingOptionType`). */
export interface ShippingOptionNode {
  cart: CartView;
  method: ShippingMethodRecord;
  /** The fee charged for this cart (0 with free shipping), öre incl. VAT. */
  feeIncVat: number;
  isSelected: boolean;
  /** Extra data, e.g. JSON with store stock for pickup. */
  shippingData: string | null;
  subOptions: ShippingOptionNode[];
  /** Name override for sub-options (a store). */
  displayName?: string;
  /** Id override for sub-options. */
  id?: number;
  externalId?: string | null;
  /** The carrier's badge file (carriers.ts), for a provider's choice; else none. */
  logo?: string | null;
}

/** The option a cart's summary shows: the selected or default method. */
export function cartShippingOption(cart: CartView): ShippingOptionNode | null {
  if (!cart.shipping) return null;
  return {
    cart,
    method: cart.shipping,
    feeIncVat: cart.totals.shippingFeeIncVat,
    isSelected: true,
    shippingData: null,
    subOptions: [],
  };
}

/** `ShippingOptionType`. */
export const ShippingOptionRef = builder.objectRef<ShippingOptionNode>('ShippingOptionType');

ShippingOptionRef.implement({
  description:
    "A shipping option with its fee for the cart in the request's (checkout) market (GEINS-API §4.6): Decimal major units of the market's currency (kronor, euros), formatted variants in its culture. Eligible methods are free from the market's threshold incl. VAT (SPEC §9: 499 kr in Sweden; 599 NOK, 449 DKK, 49 €).",
  fields: (t) => ({
    id: t.int({
      nullable: false,
      description: 'Shipping method id (pass as shippingId).',
      resolve: (o) => o.id ?? o.method.id,
    }),
    name: t.string({ description: 'Internal name (alias).', resolve: (o) => o.method.alias }),
    displayName: t.string({
      description: 'Name shown to shoppers.',
      resolve: (o) => o.displayName ?? o.method.name,
    }),
    feeIncVat: t.field({
      type: 'Decimal',
      nullable: false,
      description:
        'Fee for this cart incl. VAT, major units of the market currency (0 with free shipping).',
      resolve: (o) => money(o.cart, o.feeIncVat),
    }),
    feeExVat: t.field({
      type: 'Decimal',
      nullable: false,
      description: "Fee for this cart excl. the market's VAT, major units of its currency.",
      resolve: (o) => money(o.cart, exVat(o.feeIncVat, o.method.vatRateBasisPoints)),
    }),
    feeIncVatFormatted: t.string({
      description: 'Fee incl. VAT, formatted.',
      resolve: (o) => formatted(o.cart, o.feeIncVat),
    }),
    feeExVatFormatted: t.string({
      description: 'Fee excl. VAT, formatted.',
      resolve: (o) => formatted(o.cart, exVat(o.feeIncVat, o.method.vatRateBasisPoints)),
    }),
    isDefault: t.boolean({
      nullable: false,
      description: 'The default method.',
      resolve: (o) => o.method.isDefault,
    }),
    isSelected: t.boolean({
      nullable: false,
      description: 'The method chosen for the cart.',
      resolve: (o) => o.isSelected,
    }),
    externalId: t.string({
      description:
        "Kind of method: home, service_point or pickup (or a store alias). With nShift (ADR 020 §3): the provider's option id (send as externalShippingId), and for a pickup point subOption its agent id (send as pickupPoint).",
      resolve: (o) => o.externalId ?? o.method.kind,
    }),
    shippingData: t.string({
      description: 'Extra data as JSON text: for pickup the stores with stock per size.',
      resolve: (o) => o.shippingData,
    }),
    amountLeftToFreeShipping: t.field({
      type: 'Decimal',
      nullable: false,
      description:
        'Items incl. VAT still needed for free shipping in the market, major units of its currency (0 when reached or when the market has no free shipping).',
      resolve: (o) => money(o.cart, o.cart.totals.amountLeftToFreeShipping),
    }),
    amountLeftToFreeShippingFormatted: t.string({
      description: 'amountLeftToFreeShipping, formatted.',
      resolve: (o) => formatted(o.cart, o.cart.totals.amountLeftToFreeShipping),
    }),
    amountLeftToFreeShippingExVat: t.field({
      type: 'Decimal',
      nullable: false,
      description:
        "Shop extension (not in the Geins contract; issue 40 §6): amountLeftToFreeShipping excl. VAT at the VAT ratio of the cart's items, major units of the market currency, for shoppers who see prices excl. VAT (companies). Free shipping itself still follows the items incl. VAT (SPEC §9). 0 when reached, without free shipping in the market, or for an empty cart.",
      resolve: (o) => money(o.cart, o.cart.totals.amountLeftToFreeShippingExVat),
    }),
    logo: t.string({
      description:
        "Logo file name: with nShift the carrier's badge (e.g. `postnord.svg`, served by the storefront under /shipping/); none: null.",
      resolve: (o) => o.logo ?? null,
    }),
    subOptions: t.field({
      type: [ShippingOptionRef],
      description: 'Choices within the method, e.g. the stores for pickup.',
      resolve: (o) => o.subOptions,
    }),
  }),
});
