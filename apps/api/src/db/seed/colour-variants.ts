/**
 * Colour variants of the seed catalogue (issue 25; GEINS-API §4.3): when a model line and trim
 * comes round again in a kind's product order, the product is the same model in another colour
 * (up to {@link COLOURS_PER_MODEL} colours) rather than a new model year. The products of one
 * model form a variant group (`variant_groups`) whose id and main product are the first
 * colour's product id; the colour (parameter `Color`, "Färg") tells them apart, the SKUs are
 * their sizes.
 */
import type { ColourKey, ProductKind } from './images/product-kinds.ts';
import { BIKE_KINDS } from './images/product-kinds.ts';
import type { variantGroups } from '../schema.ts';
import { PARAMETER_BY_IDENTIFIER } from './parameters.ts';

/** At most this many colours of one model (a variant group); the rest are model years. */
export const COLOURS_PER_MODEL = 3;

/** The parameter whose value tells a variant group's products apart (`Color`, "Färg"). */
export const VARIANT_PARAMETER = 'Color';

/** Where a product stands among its model's colours. */
export interface ModelPlace {
  /** The first colour's product id: the variant group's id and main product; own id if first. */
  mainId: number;
  /** 0 for the first colour, 1.. for the other colours. */
  colourIndex: number;
  /** Whether the model has other colours (then the product is in a variant group). */
  grouped: boolean;
}

/** The round of a kind's `cursor`-th product: which colour of which model year. */
export interface ModelRound {
  /** 0 for the first colour. */
  colourIndex: number;
  /** 0 for the first model year (no suffix), 1.. for the next ones. */
  edition: number;
  /** The cursor of the model's first colour. */
  firstCursor: number;
  /** Whether the kind has a later product of this model in another colour. */
  hasOtherColours: boolean;
}

/**
 * The round of the `cursor`-th product of a kind with `comboCount` model lines and trims,
 * `colourCount` colours to choose from and `kindCount` products in all.
 */
export function modelRound(
  cursor: number,
  comboCount: number,
  colourCount: number,
  kindCount: number,
): ModelRound {
  const cycle = Math.floor(cursor / comboCount);
  const coloursPerModel = Math.max(1, Math.min(COLOURS_PER_MODEL, colourCount));
  const colourIndex = cycle % coloursPerModel;
  const firstCursor = cursor - colourIndex * comboCount;
  return {
    colourIndex,
    edition: Math.floor(cycle / coloursPerModel),
    firstCursor,
    hasOtherColours: coloursPerModel > 1 && firstCursor + comboCount < kindCount,
  };
}

/**
 * The colour of the `colourIndex`-th colour of the model whose first product `mainId` has the
 * colour `first`: another of the kind's colours, the same one for the same model every time.
 */
export function variantColour(
  colours: readonly ColourKey[],
  first: ColourKey,
  mainId: number,
  colourIndex: number,
): ColourKey {
  if (colourIndex === 0) return first;
  const others = colours.filter((c) => c !== first);
  return others[(mainId + colourIndex - 1) % others.length] ?? first;
}

/** The `variant_groups` row of a model whose first colour is product `mainId`. */
export function variantGroupRow(mainId: number, name: string): typeof variantGroups.$inferInsert {
  const parameter = PARAMETER_BY_IDENTIFIER.get(VARIANT_PARAMETER);
  if (!parameter) throw new Error(`unknown parameter ${VARIANT_PARAMETER}`);
  return {
    id: mainId,
    name,
    mainProductId: mainId,
    parameterId: parameter.id,
    collapseInLists: false,
  };
}

/**
 * What tells apart the `edition`-th model year of the same model line and trim: nothing the
 * first time, then a model year (bikes, helmets, clothes), pack size (tubes) or version; only
 * large catalogues reach the numbered editions.
 */
export function repeatSuffix(kind: ProductKind, edition: number): string {
  if (edition === 0) return '';
  const years = ['2025', '2026', '2024'];
  const packs = ['2-pack', '5-pack'];
  const versions = ['V2', 'V3'];
  const list =
    BIKE_KINDS.includes(kind) || kind === 'hjalm' || kind === 'klader'
      ? years
      : kind === 'slang'
        ? packs
        : versions;
  const named = list[edition - 1];
  return ` ${named ?? `Edition ${edition - list.length}`}`;
}
