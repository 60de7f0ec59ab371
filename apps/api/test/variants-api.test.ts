/**
 * Variants on the API (issue 25; GEINS-API §4.3): a bike sold in two colours is a variant group;
 * `product(alias)` returns the group as a tree (level 1 the colours, "Färg", leading to the
 * other product; level 0 the sizes, "Storlek", with skuId and stock), `variantDimensions` with
 * the current colour and `currentProductVariant`; a product on its own is a group of one; ralph's
 * product document runs; a products page with the tree costs the same number of statements for
 * 5 and 40 products.
 */
import { eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type Database, type DbHandle } from '../src/db/client.ts';
import {
  productCategories,
  productImages,
  productParameters,
  products,
  skus,
  stock,
  variantGroups,
} from '../src/db/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { createTestClient, type TestClient } from './api-client.ts';
import { ralphUiOperation } from './ralph-ui.ts';
import { openTestDb, testDatabaseKinds } from './test-db.ts';

const GROUP_ID = 990100;
const BLACK = { id: 990101, alias: 'testcykel-variant-svart', colour: 'Svart', sizes: ['S', 'M'] };
const NAVY = {
  id: 990102,
  alias: 'testcykel-variant-marinbla',
  colour: 'Marinblå',
  sizes: ['M', 'L'],
};
const RED = { id: 990103, alias: 'testcykel-variant-rod', colour: 'Röd', sizes: ['M'] };

/** Three colours of one model ("Testcykel Variant"), the black one the main product. */
async function addColourGroup(db: Database): Promise<void> {
  const [brand] = await db.select({ id: products.brandId }).from(products).limit(1);
  await db.insert(variantGroups).values({
    id: GROUP_ID,
    name: 'Testcykel Variant',
    mainProductId: BLACK.id,
    parameterId: 1,
    collapseInLists: false,
  });
  const all = [BLACK, NAVY, RED];
  await db.insert(products).values(
    all.map((p) => ({
      id: p.id,
      articleNumber: `TEST-${p.id}`,
      alias: p.alias,
      name: 'Testcykel Variant',
      brandId: brand!.id,
      primaryCategoryId: 11,
      firstAvailableOn: '2001-01-01',
      weight: 15000,
      variantGroupId: GROUP_ID,
    })),
  );
  await db.insert(productCategories).values(
    all.flatMap((p) => [
      { productId: p.id, categoryId: 11, sortOrder: 0 },
      { productId: p.id, categoryId: 1, sortOrder: 1 },
    ]),
  );
  await db.insert(productParameters).values(
    all.map((p) => ({
      productId: p.id,
      parameterId: 1,
      parameterValueId: null,
      value: p.colour,
    })),
  );
  await db
    .insert(productImages)
    .values(all.map((p) => ({ productId: p.id, fileName: `${p.alias}-1.jpg`, sortOrder: 0 })));
  const skuRows = all.flatMap((p) =>
    p.sizes.map((size, index) => ({
      id: p.id * 10 + index,
      productId: p.id,
      articleNumber: `TEST-${p.id}-${size}`,
      name: size,
      weight: 15000,
      sortOrder: index,
    })),
  );
  await db.insert(skus).values(skuRows);
  await db
    .insert(stock)
    .values(
      skuRows.map((s) => ({ skuId: s.id, inStock: s.id % 10 === 0 ? 4 : 0, oversellable: 0 })),
    );
}

const PRODUCT = `query product($alias: String!) {
  product(alias: $alias) {
    productId alias
    variantDimensions { level dimension type value label attributes { key value } group { label value } }
    currentProductVariant { level dimension type value productId alias variants { level skuId value } }
    variantGroup {
      variantGroupId name mainProductId collapseInLists activeProducts
      variants {
        level dimension type value label productId name alias canonicalUrl primaryImage skuId
        attributes { key value }
        stock { totalStock inStock }
        variants { level dimension type value label skuId productId alias canonicalUrl primaryImage stock { totalStock inStock } variants { skuId } }
      }
    }
  }
}`;

describe.each(testDatabaseKinds())('variants on %s', (kind) => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 120 });
    await addColourGroup(handle.db);
    client = createTestClient(handle);
  });

  afterAll(async () => {
    await handle?.close();
  });

  it('gives a colour product its group as a tree: colours (Färg) with their sizes (Storlek)', async () => {
    const { data, errors } = await client.query(PRODUCT, { alias: BLACK.alias });
    expect(errors).toBeUndefined();
    const group = data!.product.variantGroup;
    expect(group).toMatchObject({
      variantGroupId: GROUP_ID,
      name: 'Testcykel Variant',
      mainProductId: BLACK.id,
      collapseInLists: false,
      activeProducts: 3,
    });
    expect(group.variants.map((v: { value: string }) => v.value)).toEqual([
      'Svart',
      'Marinblå',
      'Röd',
    ]);
    const [black, navy] = group.variants;
    expect(navy).toMatchObject({
      level: 1,
      dimension: 'Färg',
      type: 'product',
      value: 'Marinblå',
      label: 'Marinblå',
      productId: NAVY.id,
      name: 'Testcykel Variant',
      alias: NAVY.alias,
      primaryImage: `${NAVY.alias}-1.jpg`,
      skuId: null,
      attributes: [{ key: 'hex', value: '#1f2f57' }],
      stock: { totalStock: 4, inStock: 4 },
    });
    expect(navy.canonicalUrl).toMatch(new RegExp(`^/p/.+/${NAVY.alias}$`));
    expect(navy.variants).toEqual([
      {
        level: 0,
        dimension: 'Storlek',
        type: 'sku',
        value: 'M',
        label: 'M',
        skuId: NAVY.id * 10,
        productId: NAVY.id,
        alias: NAVY.alias,
        canonicalUrl: null,
        primaryImage: null,
        stock: { totalStock: 4, inStock: 4 },
        variants: [],
      },
      expect.objectContaining({
        value: 'L',
        skuId: NAVY.id * 10 + 1,
        stock: { totalStock: 0, inStock: 0 },
      }),
    ]);
    expect(black.variants.map((v: { value: string }) => v.value)).toEqual(['S', 'M']);
  });

  it('names the current colour in variantDimensions and currentProductVariant', async () => {
    const { data, errors } = await client.query(PRODUCT, { alias: NAVY.alias });
    expect(errors).toBeUndefined();
    const product = data!.product;
    expect(product.variantDimensions).toEqual([
      {
        level: 1,
        dimension: 'Färg',
        type: 'product',
        value: 'Marinblå',
        label: 'Marinblå',
        attributes: [{ key: 'hex', value: '#1f2f57' }],
        group: [
          { label: 'Svart', value: 'Svart' },
          { label: 'Marinblå', value: 'Marinblå' },
          { label: 'Röd', value: 'Röd' },
        ],
      },
    ]);
    expect(product.currentProductVariant).toEqual({
      level: 1,
      dimension: 'Färg',
      type: 'product',
      value: 'Marinblå',
      productId: NAVY.id,
      alias: NAVY.alias,
      variants: [
        { level: 0, skuId: NAVY.id * 10, value: 'M' },
        { level: 0, skuId: NAVY.id * 10 + 1, value: 'L' },
      ],
    });
    // The group's order does not depend on the product shown.
    expect(product.variantGroup.variants.map((v: { productId: number }) => v.productId)).toEqual([
      BLACK.id,
      NAVY.id,
      RED.id,
    ]);
  });

  it('leaves out inactive colours and stands in another main product for an inactive one', async () => {
    await handle.db
      .update(products)
      .set({ active: false })
      .where(inArray(products.id, [BLACK.id]));
    try {
      const { data, errors } = await client.query(PRODUCT, { alias: RED.alias });
      expect(errors).toBeUndefined();
      const group = data!.product.variantGroup;
      expect(group.activeProducts).toBe(2);
      expect(group.mainProductId).toBe(NAVY.id);
      expect(group.variants.map((v: { value: string }) => v.value)).toEqual(['Marinblå', 'Röd']);
      expect(data!.product.variantDimensions[0].group).toHaveLength(2);
    } finally {
      await handle.db.update(products).set({ active: true }).where(eq(products.id, BLACK.id));
    }
  });

  it('makes a product on its own a group of one with its colour and sizes', async () => {
    const [lone] = await handle.db
      .select({ id: products.id, alias: products.alias })
      .from(products)
      .where(eq(products.id, 1001));
    const { data, errors } = await client.query(PRODUCT, { alias: lone!.alias });
    expect(errors).toBeUndefined();
    const product = data!.product;
    const colour = await handle.db
      .select({ value: productParameters.value })
      .from(productParameters)
      .where(eq(productParameters.productId, lone!.id));
    const sizes = await handle.db
      .select({ id: skus.id, name: skus.name })
      .from(skus)
      .where(eq(skus.productId, lone!.id))
      .orderBy(skus.sortOrder);
    expect(product.variantGroup).toMatchObject({
      variantGroupId: 0,
      mainProductId: lone!.id,
      activeProducts: 1,
    });
    expect(product.variantGroup.variants).toHaveLength(1);
    const node = product.variantGroup.variants[0];
    expect(colour.map((c) => c.value)).toContain(node.value);
    expect(node.variants.map((v: { skuId: number }) => v.skuId)).toEqual(sizes.map((s) => s.id));
    expect(product.variantDimensions).toEqual([
      expect.objectContaining({ level: 1, dimension: 'Färg', value: node.value }),
    ]);
    expect(product.currentProductVariant.productId).toBe(lone!.id);
  });

  it("answers ralph's product document (product/product.graphql) with the tree", async () => {
    const response = await client.post({
      operationName: 'product',
      query: ralphUiOperation('product/product.graphql', 'product'),
      variables: { alias: BLACK.alias, channelId: '1|se', languageId: 'sv-SE', marketId: 'se' },
    });
    const body = (await response.json()) as { data?: any; errors?: unknown[] }; // eslint-disable-line @typescript-eslint/no-explicit-any
    expect(body.errors).toBeUndefined();
    const product = body.data.product;
    expect(product.variantDimensions).toEqual([
      { dimension: 'Färg', value: 'Svart', level: 1, label: 'Svart' },
    ]);
    // What ralph's MixVariantHandler walks: the level 1 node whose value is the dimension's
    // value, then its SKU nodes (skuId, stock).
    const current = product.variantGroup.variants.find(
      (v: { level: number; value: string }) => v.level === 1 && v.value === 'Svart',
    );
    expect(current.alias).toBe(BLACK.alias);
    expect(current.variants.map((v: { skuId: number }) => v.skuId)).toEqual([
      BLACK.id * 10,
      BLACK.id * 10 + 1,
    ]);
    expect(current.variants[0].stock.totalStock).toBe(4);
  });
});

describe('variant trees in a products page', () => {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb('pglite');
    await seedCatalogue(handle.db, { products: 120 });
    await addColourGroup(handle.db);
    client = createTestClient(handle);
  });

  afterAll(async () => {
    await handle?.close();
  });

  const PAGE = `query page($take: Int) {
    products(take: $take) {
      products {
        productId
        variantDimensions { value }
        currentProductVariant { value }
        variantGroup { variantGroupId variants { alias primaryImage canonicalUrl stock { totalStock } variants { skuId stock { totalStock } } } }
      }
    }
  }`;

  async function statementsFor(take: number): Promise<number> {
    const { result, counter } = await countStatements(() => client.query(PAGE, { take }));
    expect(result.errors).toBeUndefined();
    expect(result.data!.products.products).toHaveLength(take);
    return counter.count;
  }

  it('costs the same number of SQL statements for 5 and 40 products (no N+1)', async () => {
    await statementsFor(1); // warm-up
    const five = await statementsFor(5);
    const forty = await statementsFor(40);
    expect(forty).toBe(five);
  });
});
