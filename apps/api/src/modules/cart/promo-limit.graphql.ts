/**
 * `PromoCodeLimitType` (shop extension, not in the Geins contract; issue 40 §3): why the cart's
 * promo code gave less than its face value, so the storefront can say so ("VÅR10 gäller inte
 * redan nedsatta varor"). An added, nullable field of `CartType`: Geins clients that do not ask
 * for it see the cart as before.
 */
import { builder } from '../../graphql/builder.ts';
import type { CartView } from './cart-view.ts';

/** What {@link PromoCodeLimitRef} shows: the cart's code and the lines it left out. */
export interface PromoCodeLimit {
  code: string;
  /** Line ids (`CartItemType.id`) the code left out. */
  excludedItemIds: string[];
  /** True when the code left out every line (it gives nothing). */
  appliesToNoItems: boolean;
}

const ReasonEnum = builder.enumType('PromoCodeLimitReason', {
  description:
    'Why a promo code left lines out. DISCOUNTED_ITEMS_EXCLUDED: the code does not apply to items already discounted by a campaign price ("gäller inte redan nedsatta varor").',
  values: {
    DISCOUNTED_ITEMS_EXCLUDED: {
      description:
        'The code leaves out lines whose unit price a price campaign lowered (issue 40 §3).',
    },
  } as const,
});

/** `PromoCodeLimitType`. */
export const PromoCodeLimitRef = builder.objectRef<PromoCodeLimit>('PromoCodeLimitType').implement({
  description:
    'Shop extension (not in the Geins contract; issue 40 §3): lines the promo code in effect left out, and why.',
  fields: (t) => ({
    code: t.string({
      nullable: false,
      description: 'The promo code (upper case).',
      resolve: (l) => l.code,
    }),
    reason: t.field({
      type: ReasonEnum,
      nullable: false,
      description: 'Why the lines were left out.',
      resolve: () => 'DISCOUNTED_ITEMS_EXCLUDED' as const,
    }),
    excludedItemIds: t.idList({
      nullable: false,
      description: 'Ids (`CartItemType.id`) of the lines the code gave no discount.',
      resolve: (l) => l.excludedItemIds,
    }),
    appliesToNoItems: t.boolean({
      nullable: false,
      description: 'True when the code left out every line: it gives no discount on this cart.',
      resolve: (l) => l.appliesToNoItems,
    }),
  }),
});

/** The limit of a cart's promo code, or null when the code (if any) left no line out. */
export function cartPromoCodeLimit(cart: CartView): PromoCodeLimit | null {
  const excluded = cart.totals.promoExcludedLineKeys;
  if (cart.totals.promoCode === null || excluded.length === 0) return null;
  return {
    code: cart.totals.promoCode,
    excludedItemIds: excluded.map(String),
    appliesToNoItems: excluded.length === cart.lines.length,
  };
}
