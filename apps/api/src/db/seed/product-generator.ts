/**
 * Generates the rows of the seed catalogue product by product. Each product draws from its own
 * random stream (seed × product id), names are handed out in a fixed order, so the same seed
 * and `now` give the same rows. Callers ask for ranges of product ids, in order, and insert the
 * rows chunk by chunk, so 100 000 products never sit in memory at once.
 *
 * Colour variants (colour-variants.ts): a model's other colours share its facts (name,
 * specifications, sizes, texts, regular price: drawn from the first colour's stream) and have
 * their own colour, alias, images, stock, dates and campaigns (from a stream of their own).
 */
import {
  BIKE_KINDS,
  PRODUCT_COLOURS,
  PRODUCT_KINDS,
  productImageFileName,
  type ProductKind,
} from './images/product-kinds.ts';
import type {
  priceCampaignPrices,
  productCategories,
  productImages,
  productParameters,
  productPrices,
  productRelations,
  products,
  skus,
  stock,
  storeStock,
  variantGroups,
} from '../schema.ts';
import { BRAND_BY_NAME } from './brands.ts';
import {
  modelRound,
  repeatSuffix,
  variantColour,
  variantGroupRow,
  type ModelPlace,
} from './colour-variants.ts';
import { CATEGORY_BY_KIND } from './categories.ts';
import { gtinForSku, productArticleNumber, skuArticleNumber, slugify } from './identifiers.ts';
import { PARAMETER_BY_IDENTIFIER, parameterValueId } from './parameters.ts';
import { campaignPriceKr, campaignsFor, marketPriceMinor, regularPriceKr } from './prices.ts';
import {
  KIND_TEMPLATES,
  modelName,
  type KindTemplate,
  type ModelLine,
} from './product-templates.ts';
import { packedSize } from './packed-sizes.ts';
import { productSpecs, skuNames, type ProductFacts } from './product-specs.ts';
import { productTexts } from './product-texts.ts';
import { createRandom, deriveSeed, type Random } from './random.ts';
import { SE_MARKET_ID, SE_VAT_BASIS_POINTS, SEED_MARKETS } from './reference-data.ts';
import { pickStockStatus, stockLevels } from './stock.ts';
import { STORES } from './stores.ts';

/** Kinds seeded as leasable förmånscyklar (issue 21): adult bikes and e-bikes, not children's. */
const LEASABLE_KINDS: readonly ProductKind[] = BIKE_KINDS.filter((kind) => kind !== 'barncykel');

/** Id of the first product; products are numbered consecutively from here. */
export const FIRST_PRODUCT_ID = 1001;
/** Id of the first SKU. */
export const FIRST_SKU_ID = 10001;

const DAY_MS = 86_400_000;

/** The rows of a range of products, one array per table. */
export interface ProductRows {
  /** Variant groups whose main product is in the range (insert before `products`). */
  variantGroups: Array<typeof variantGroups.$inferInsert>;
  products: Array<typeof products.$inferInsert>;
  productCategories: Array<typeof productCategories.$inferInsert>;
  productImages: Array<typeof productImages.$inferInsert>;
  productParameters: Array<typeof productParameters.$inferInsert>;
  skus: Array<typeof skus.$inferInsert>;
  stock: Array<typeof stock.$inferInsert>;
  storeStock: Array<typeof storeStock.$inferInsert>;
  productPrices: Array<typeof productPrices.$inferInsert>;
  campaignPrices: Array<typeof priceCampaignPrices.$inferInsert>;
}

/** Empty row arrays. */
export function emptyRows(): ProductRows {
  return {
    variantGroups: [],
    products: [],
    productCategories: [],
    productImages: [],
    productParameters: [],
    skus: [],
    stock: [],
    storeStock: [],
    productPrices: [],
    campaignPrices: [],
  };
}

interface Combo {
  line: ModelLine;
  trim: string;
  trimIndex: number;
}

/** Distributes `total` products over the kinds by share (largest remainder). */
export function allocateKinds(total: number): Map<ProductKind, number> {
  const shareSum = KIND_TEMPLATES.reduce((sum, t) => sum + t.share, 0);
  const exact = KIND_TEMPLATES.map((t) => (total * t.share) / shareSum);
  const counts = exact.map(Math.floor);
  let left = total - counts.reduce((a, b) => a + b, 0);
  const order = exact
    .map((value, index) => ({ index, fraction: value - Math.floor(value) }))
    .sort((a, b) => b.fraction - a.fraction || a.index - b.index);
  for (const { index } of order) {
    if (left <= 0) break;
    counts[index] = (counts[index] ?? 0) + 1;
    left -= 1;
  }
  return new Map(KIND_TEMPLATES.map((t, i) => [t.kind, counts[i] ?? 0]));
}

/** Combos of a kind: brands take turns so that the first products cover every brand. */
function comboOrder(template: KindTemplate, rng: Random): Combo[] {
  const byBrand = new Map<string, Combo[]>();
  for (const line of template.lines) {
    const list = byBrand.get(line.brand) ?? [];
    line.trims.forEach((trim, trimIndex) => list.push({ line, trim, trimIndex }));
    byBrand.set(line.brand, list);
  }
  const queues = rng.shuffle([...byBrand.values()]).map((list) => rng.shuffle(list));
  const order: Combo[] = [];
  for (
    let round = 0;
    order.length < template.lines.reduce((n, l) => n + l.trims.length, 0);
    round += 1
  ) {
    for (const queue of queues) {
      const combo = queue[round];
      if (combo) order.push(combo);
    }
  }
  return order;
}

/** Accessory kinds suggested for each bike kind, most important first. */
const ACCESSORY_KINDS: Partial<Record<ProductKind, readonly string[]>> = {
  elcykel: ['las', 'hjalm', 'belysning', 'cykelvaska', 'pump', 'barnsits'],
  hybridcykel: ['hjalm', 'las', 'belysning', 'pump', 'cykelvaska', 'verktyg'],
  stadscykel: ['las', 'belysning', 'cykelvaska', 'hjalm', 'barnsits', 'pump'],
  mountainbike: ['hjalm', 'pump', 'verktyg', 'belysning', 'klader', 'las'],
  racercykel: ['hjalm', 'belysning', 'pump', 'verktyg', 'klader', 'cykelvaska'],
  gravelcykel: ['hjalm', 'cykelvaska', 'belysning', 'pump', 'verktyg', 'klader'],
  barncykel: ['hjalm-barn', 'las', 'belysning', 'pump'],
  ladcykel: ['las', 'hjalm', 'belysning', 'hjalm-barn', 'cykelvaska', 'pump'],
};

/** Product weight in grams that fits the kind, type and price position. */
function productWeight(
  template: KindTemplate,
  facts: Pick<ProductFacts, 'kind' | 'line' | 'trim' | 'tier'>,
  rng: Random,
): number {
  const [min, max] = template.weightGrams;
  const { kind, line, tier } = facts;
  if (kind === 'barncykel') {
    const wheel = Number(/(\d+)"/.exec(facts.trim)?.[1] ?? 20);
    return Math.round((9000 + ((wheel - 12) / 12) * 3000 + rng.int(-300, 300)) / 100) * 100;
  }
  if (BIKE_KINDS.includes(kind)) {
    const lightness = Math.min(1, Math.max(0, 0.7 * tier + 0.3 * rng.next()));
    return Math.round((max - (max - min) * lightness) / 100) * 100;
  }
  const type = line.attrs.type;
  const ranges: Record<string, readonly [number, number]> = {
    Golvpump: [1200, 2900],
    Minipump: [70, 260],
    'CO2-pump': [50, 120],
    Stötdämparpump: [150, 250],
    Bygellås: [900, 1800],
    'Vikbart lås': [700, 1500],
    Kättinglås: [1200, 2900],
    Ramlås: [250, 450],
    Vajerlås: [250, 500],
    Momentnyckel: [500, 1600],
  };
  const [lo, hi] = (type && ranges[type]) || (kind === 'verktyg' ? [50, 450] : [min, max]);
  return Math.round(rng.int(lo, hi) / 10) * 10;
}

/** Keeps a SKU weight (grams) within 9-35 kg for bikes and 50 g-3 kg for accessories. */
function clampWeight(isBike: boolean, grams: number): number {
  return isBike ? Math.min(35_000, Math.max(9_000, grams)) : Math.min(3_000, Math.max(50, grams));
}

/** Builds the catalogue rows; see the module comment. */
export class CatalogueGenerator {
  /** Number of products. */
  readonly productCount: number;
  private readonly seed: number;
  private readonly today: Date;
  private readonly kinds: Uint8Array;
  private readonly combos = new Map<ProductKind, Combo[]>();
  private readonly comboCursor = new Map<ProductKind, number>();
  private readonly kindCounts: Map<ProductKind, number>;
  /** `kind:cursor` of a model's first colour → its product id and name, for the other colours. */
  private readonly mainProducts = new Map<string, { id: number; name: string }>();
  private readonly names = new Set<string>();
  private readonly aliases = new Set<string>();
  private readonly accessoryPools = new Map<string, number[]>();
  private nextSkuId = FIRST_SKU_ID;

  /** `now` fixes the dates (first available, incoming, campaign periods). */
  constructor(options: { productCount: number; seed: number; now: Date }) {
    this.productCount = options.productCount;
    this.seed = options.seed;
    const now = options.now;
    this.today = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), now.getUTCDate()));
    const allocation = allocateKinds(options.productCount);
    this.kindCounts = allocation;
    this.kinds = new Uint8Array(options.productCount);
    let position = 0;
    PRODUCT_KINDS.forEach((kind, kindIndex) => {
      const count = allocation.get(kind) ?? 0;
      this.kinds.fill(kindIndex, position, position + count);
      position += count;
    });
    const rng = createRandom(deriveSeed(this.seed, 100));
    for (let i = this.kinds.length - 1; i > 0; i -= 1) {
      const j = Math.floor(rng.next() * (i + 1));
      const tmp = this.kinds[i] as number;
      this.kinds[i] = this.kinds[j] as number;
      this.kinds[j] = tmp;
    }
    KIND_TEMPLATES.forEach((template, index) => {
      this.combos.set(
        template.kind,
        comboOrder(template, createRandom(deriveSeed(this.seed, 200 + index))),
      );
    });
  }

  /** The product ids, first to last. */
  get lastProductId(): number {
    return FIRST_PRODUCT_ID + this.productCount - 1;
  }

  /** The kind of a product id. */
  kindOf(productId: number): ProductKind {
    const kind = PRODUCT_KINDS[this.kinds[productId - FIRST_PRODUCT_ID] ?? -1];
    if (!kind) throw new RangeError(`no product ${productId}`);
    return kind;
  }

  /** Number of SKUs generated so far. */
  get skuCount(): number {
    return this.nextSkuId - FIRST_SKU_ID;
  }

  /** Generates products `fromId`..`toId` (inclusive), in id order, into `rows`. */
  generate(fromId: number, toId: number, rows: ProductRows = emptyRows()): ProductRows {
    for (let id = fromId; id <= toId; id += 1) this.generateProduct(id, rows);
    return rows;
  }

  /**
   * The model of the next product of a kind: the combos come round in order; each round is the
   * next colour of the models (colour-variants.ts), then the next model year.
   */
  private nextName(
    kind: ProductKind,
    template: KindTemplate,
    productId: number,
  ): { combo: Combo; name: string; place: ModelPlace } {
    const combos = this.combos.get(kind) ?? [];
    const cursor = this.comboCursor.get(kind) ?? 0;
    this.comboCursor.set(kind, cursor + 1);
    const combo = combos[cursor % combos.length];
    if (!combo) throw new Error(`no model lines for ${kind}`);
    const { colourIndex, edition, firstCursor, hasOtherColours } = modelRound(
      cursor,
      combos.length,
      template.colours.length,
      this.kindCounts.get(kind) ?? 0,
    );
    const key = `${kind}:${firstCursor}`;
    const baseName = `${modelName(combo.line, combo.trim)}${repeatSuffix(kind, edition)}`;
    if (colourIndex > 0) {
      const main = this.mainProducts.get(key);
      if (!main) throw new Error(`product ${productId}: generate the product ids in order`);
      return { combo, name: main.name, place: { mainId: main.id, colourIndex, grouped: true } };
    }
    let name = baseName;
    if (this.names.has(name)) name = `${name} (${productId})`;
    this.names.add(name);
    if (hasOtherColours) this.mainProducts.set(key, { id: productId, name });
    return { combo, name, place: { mainId: productId, colourIndex: 0, grouped: hasOtherColours } };
  }

  private generateProduct(productId: number, rows: ProductRows): void {
    const kind = this.kindOf(productId);
    const template = KIND_TEMPLATES.find((t) => t.kind === kind) as KindTemplate;
    const { combo, name, place } = this.nextName(kind, template, productId);
    // A model's facts come from its first colour's stream (the product's own when it is first).
    const rng = createRandom(deriveSeed(this.seed, 1, place.mainId));
    const { line, trim } = combo;
    const brand = BRAND_BY_NAME.get(line.brand);
    if (!brand) throw new Error(`unknown brand ${line.brand}`);
    const category = CATEGORY_BY_KIND[kind];

    const first = rng.pick(template.colours);
    const colour = variantColour(template.colours, first, place.mainId, place.colourIndex);
    const trimFraction = line.trims.length > 1 ? combo.trimIndex / (line.trims.length - 1) : 0.5;
    const tier = Math.min(
      1,
      Math.max(0, 0.65 * line.tier + 0.35 * trimFraction + rng.float(-0.08, 0.08)),
    );
    const weightGrams = productWeight(template, { kind, line, trim, tier }, rng);
    const facts: ProductFacts = { kind, line, trim, name, colour, tier, weightGrams };
    const specs = productSpecs(facts, rng);
    const sizes = skuNames(facts, rng);
    if (kind === 'dack') specs.set('Dimension', sizes.join(', '));
    const texts = productTexts(facts, specs, rng);

    // The rest is the product's own: the first colour goes on with its stream, another colour
    // draws from a stream of its own.
    const own = place.colourIndex > 0 ? createRandom(deriveSeed(this.seed, 3, productId)) : rng;
    if (place.grouped && place.colourIndex === 0)
      rows.variantGroups.push(variantGroupRow(productId, name));

    let alias = slugify(`${name} ${PRODUCT_COLOURS[colour].label}`);
    if (this.aliases.has(alias)) alias = `${alias}-${productId}`;
    this.aliases.add(alias);
    const articleNumber = productArticleNumber(brand.prefix, productId);

    const daysAgo = own.chance(0.08) ? own.int(0, 29) : own.int(30, 730);
    const available = new Date(this.today.getTime() - daysAgo * DAY_MS);
    const salesCount = Math.round(Math.pow(own.next(), 2) * 900 * (1.25 - tier)) + own.int(0, 15);

    rows.products.push({
      id: productId,
      articleNumber,
      alias,
      name,
      brandId: brand.id,
      primaryCategoryId: category.id,
      text1: texts.text1,
      text2: texts.text2,
      text3: texts.text3,
      metaTitle: texts.metaTitle,
      metaDescription: texts.metaDescription,
      firstAvailableOn: available.toISOString().slice(0, 10),
      weight: weightGrams,
      salesCount,
      active: true,
      leasable: LEASABLE_KINDS.includes(kind),
      createdAt: available,
      variantGroupId: place.grouped ? place.mainId : null,
    });
    rows.productCategories.push({ productId, categoryId: category.id, sortOrder: 0 });
    if (category.parentId !== null) {
      rows.productCategories.push({ productId, categoryId: category.parentId, sortOrder: 1 });
    }

    const isBike = BIKE_KINDS.includes(kind);
    const imageCount = isBike ? own.int(2, 3) : own.weighted([1, 2, 3], [3, 4, 3]);
    for (let n = 1; n <= imageCount; n += 1) {
      rows.productImages.push({
        productId,
        fileName: productImageFileName(kind, colour, productId, n),
        sortOrder: n - 1,
        tags: [],
      });
    }

    for (const [identifier, value] of specs) {
      const parameter = PARAMETER_BY_IDENTIFIER.get(identifier);
      if (!parameter) throw new Error(`unknown parameter ${identifier}`);
      rows.productParameters.push({
        productId,
        parameterId: parameter.id,
        parameterValueId: parameter.values ? parameterValueId(parameter, value) : null,
        value,
      });
    }

    const hasStoreStock = isBike || kind === 'hjalm';
    const middle = (sizes.length - 1) / 2;
    sizes.forEach((size, index) => {
      const skuId = this.nextSkuId;
      this.nextSkuId += 1;
      const sizeDelta = isBike
        ? 120
        : kind === 'hjalm' || kind === 'klader' || kind === 'dack'
          ? 20
          : 0;
      rows.skus.push({
        id: skuId,
        productId,
        articleNumber: skuArticleNumber(articleNumber, index + 1),
        name: size,
        gtin: gtinForSku(skuId),
        externalId: null,
        weight: clampWeight(isBike, Math.round(weightGrams + (index - middle) * sizeDelta)),
        ...packedSize(kind, isBike, index - middle),
        sortOrder: index,
      });
      const status = pickStockStatus(kind, skuId - FIRST_SKU_ID, own);
      rows.stock.push({ skuId, ...stockLevels(status, isBike, this.today, own) });
      if (hasStoreStock) {
        for (const store of STORES) {
          if (own.chance(0.8))
            rows.storeStock.push({ storeId: store.id, skuId, quantity: own.int(0, 6) });
        }
      }
    });

    const regularKr = regularPriceKr(template.priceKr, tier);
    rows.productPrices.push({
      productId,
      marketId: SE_MARKET_ID,
      currencyCode: 'SEK',
      regularPriceIncVat: regularKr * 100,
      vatRateBasisPoints: SE_VAT_BASIS_POINTS,
    });
    for (const campaign of campaignsFor(kind, own)) {
      const saleKr = campaignPriceKr(regularKr, own);
      if (saleKr === null) continue;
      rows.campaignPrices.push({
        campaignId: campaign.id,
        productId,
        marketId: SE_MARKET_ID,
        sellingPriceIncVat: saleKr * 100,
      });
    }
    this.otherMarketPrices(productId, rows);

    const pool = kind === 'hjalm' && line.attrs.type === 'Barnhjälm' ? 'hjalm-barn' : kind;
    if (!isBike) {
      const list = this.accessoryPools.get(pool) ?? [];
      list.push(productId);
      this.accessoryPools.set(pool, list);
    }
  }

  /**
   * The price lists of the other markets, derived from the product's Swedish prices just pushed
   * (fixed rates, the market's VAT and price endings); a campaign price that rounds to the
   * regular price is left out. Uses no randomness, so the Swedish catalogue stays the same.
   */
  private otherMarketPrices(productId: number, rows: ProductRows): void {
    const regular = rows.productPrices[rows.productPrices.length - 1]!;
    const campaigns = rows.campaignPrices.filter(
      (c) => c.productId === productId && c.marketId === SE_MARKET_ID,
    );
    for (const { row, priceFactor, rounding } of SEED_MARKETS) {
      if (row.id === SE_MARKET_ID) continue;
      const list = { priceFactor, rounding, vatRateBasisPoints: row.vatRateBasisPoints };
      const regularIncVat = marketPriceMinor(regular.regularPriceIncVat, SE_VAT_BASIS_POINTS, list);
      rows.productPrices.push({
        productId,
        marketId: row.id,
        currencyCode: row.currencyCode!,
        regularPriceIncVat: regularIncVat,
        vatRateBasisPoints: row.vatRateBasisPoints,
      });
      for (const campaign of campaigns) {
        const selling = marketPriceMinor(campaign.sellingPriceIncVat, SE_VAT_BASIS_POINTS, list);
        if (selling < regularIncVat) {
          rows.campaignPrices.push({ ...campaign, marketId: row.id, sellingPriceIncVat: selling });
        }
      }
    }
  }

  /**
   * ACCESSORIES relations of the bikes among `fromId`..`toId`: 4-8 accessories each from the
   * kinds that suit the bike. Call after all products are generated.
   */
  relations(fromId: number, toId: number): Array<typeof productRelations.$inferInsert> {
    const rows: Array<typeof productRelations.$inferInsert> = [];
    for (let productId = fromId; productId <= toId; productId += 1) {
      const kinds = ACCESSORY_KINDS[this.kindOf(productId)];
      if (!kinds) continue;
      const rng = createRandom(deriveSeed(this.seed, 2, productId));
      const wanted = rng.int(4, 8);
      const chosen = new Set<number>();
      for (let round = 0; chosen.size < wanted && round < 4; round += 1) {
        for (const pool of kinds) {
          if (chosen.size >= wanted) break;
          const candidates = this.accessoryPools.get(pool);
          if (!candidates || candidates.length === 0) continue;
          const pick = rng.pick(candidates);
          if (!chosen.has(pick)) chosen.add(pick);
        }
      }
      [...chosen].forEach((relatedProductId, sortOrder) =>
        rows.push({ productId, relatedProductId, relationType: 'ACCESSORIES', sortOrder }),
      );
    }
    return rows;
  }
}
