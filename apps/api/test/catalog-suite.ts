/**
 * Setup of the catalogue API tests (catalog-*-api.test.ts): the seed catalogue of 120 products
 * plus the known rows of catalog-fixture.ts on a fresh database of `kind`, the product search
 * `search` prepared, a client, and the shared query texts.
 */
import { afterAll, beforeAll } from 'vitest';
import type { DbHandle } from '../src/db/client.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import { addCatalogFixture } from './catalog-fixture.ts';
import {
  createTestClient,
  prepareProductSearch,
  searchConfig,
  type TestClient,
} from './api-client.ts';
import type { ProductSearchName } from '../src/modules/search/product-search.ts';
import { openTestDb } from './test-db.ts';

/** Intl puts U+00A0 between groups and before "kr"; compare with plain spaces. */
export const plain = (text: unknown) => String(text).replace(/\u00a0/g, ' ');

const PRICE_FIELDS = `
  sellingPriceIncVat sellingPriceExVat regularPriceIncVat regularPriceExVat
  discountIncVat discountExVat discountPercentage vat isDiscounted
  sellingPriceIncVatFormatted sellingPriceExVatFormatted regularPriceIncVatFormatted
  regularPriceExVatFormatted discountIncVatFormatted vatFormatted currency { code symbol }`;

export const PRODUCT_QUERY = `
  query product($alias: String, $productId: Int, $marketId: String, $languageId: String, $channelId: String) {
    product(alias: $alias, productId: $productId, marketId: $marketId, languageId: $languageId, channelId: $channelId) {
      productId name alias articleNumber canonicalUrl categoryId firstAvailableOn type supplierId weight
      texts { text1 text2 text3 }
      brand { brandId name alias canonicalUrl }
      primaryCategory { categoryId alias canonicalUrl }
      categories { categoryId alias }
      productImages { fileName tags }
      skus { skuId productId articleNumber name gtin weight stock { totalStock inStock oversellable static incoming } }
      totalStock { totalStock inStock oversellable static incoming }
      unitPrice { ${PRICE_FIELDS} }
      discountType
      discountCampaigns { campaignId name canonicalUrl }
      parameterGroups { parameterGroupId productId name parameters { parameterId parameterGroupId name label value parameterValueId show showFilter identifier order facetId } }
      breadcrumbs { categoryId parentCategoryId name url }
      meta { title description }
    }
  }`;

/** Registers the hooks of a catalogue suite and returns its database handle and client. */
export function useCatalogApi(kind: 'pglite' | 'postgres', search: ProductSearchName) {
  let handle: DbHandle;
  let client: TestClient;

  beforeAll(async () => {
    handle = await openTestDb(kind);
    await seedCatalogue(handle.db, { products: 120 });
    await addCatalogFixture(handle.db);
    await prepareProductSearch(search, handle.db);
    client = createTestClient(handle, searchConfig(search));
  });

  afterAll(async () => {
    await handle?.close();
  });
  return {
    get handle() {
      return handle;
    },
    get client() {
      return client;
    },
  };
}
