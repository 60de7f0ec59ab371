/**
 * No N+1 (issue part 5): a page of products with brand, categories, images, SKUs with stock,
 * unit price, 30-day lowest price and price log and parameter groups costs the same number of SQL statements for 5 and for 40
 * products, because the resolvers go through per-request DataLoaders.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { countStatements, type DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  createTestClient,
  prepareProductSearch,
  searchConfig,
  type TestClient,
} from './api-client.ts';
import { openTestDb, testSearchMatrix } from './test-db.ts';

const PAGE = `query page($take: Int, $marketId: String) {
  products(take: $take, marketId: $marketId) {
    count
    products {
      productId name alias articleNumber canonicalUrl firstAvailableOn discountType
      brand { brandId name canonicalUrl }
      primaryCategory { categoryId name canonicalUrl }
      categories { categoryId alias canonicalUrl }
      productImages { fileName tags }
      skus { skuId name articleNumber stock { totalStock inStock oversellable static incoming } }
      totalStock { totalStock inStock }
      unitPrice { sellingPriceIncVat regularPriceIncVat sellingPriceIncVatFormatted isDiscounted discountPercentage currency { code } }
      discountCampaigns { campaignId name }
      lowestPrice { comparisonPriceIncVat lowestPriceIncVat discountPercentage }
      priceLog { date sellingPriceIncVat isLowest }
      parameterGroups { parameterGroupId name parameters { parameterId name label value } }
      breadcrumbs { name url }
      meta { title }
    }
  }
}`;

describe.each(testSearchMatrix())(
  'SQL statements per product page on %s, %s search',
  (kind, search) => {
    let handle: DbHandle;
    let client: TestClient;

    beforeAll(async () => {
      handle = await openTestDb(kind);
      await seedCatalogue(handle.db, { products: 120 });
      await prepareProductSearch(search, handle.db);
      client = createTestClient(handle, searchConfig(search));
    });

    afterAll(async () => {
      await handle?.close();
    });

    async function statementsFor(take: number) {
      const { result, counter } = await countStatements(() =>
        client.query(PAGE, { take, marketId: 'se' }),
      );
      expect(result.errors).toBeUndefined();
      expect(result.data!.products.products).toHaveLength(take);
      return counter;
    }

    it('is the same fixed count for 5 and 40 products', async () => {
      await statementsFor(1); // warm-up: schema and statement caches
      const five = await statementsFor(5);
      const forty = await statementsFor(40);
      console.log(
        `[${kind}] SQL statements for a products page: take 5 -> ${five.count}, take 40 -> ${forty.count}\n  ` +
          five.statements.map((s) => s.replace(/\s+/g, ' ').slice(0, 110)).join('\n  '),
      );
      expect(forty.count).toBe(five.count);
      expect(five.count).toBeLessThanOrEqual(16);
    });
  },
);
