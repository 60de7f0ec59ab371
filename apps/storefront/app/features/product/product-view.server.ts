/**
 * Maps the API's product to what the product page shows: stock status and delivery time per
 * size (SPEC §4, the API's own rule from `@trampa/api/stock-status`), the specification table
 * (only `show` parameters) and the breadcrumb trail. Server-only: the rule stays out of the
 * browser bundle.
 */
import { deliveryTime, stockStatus } from '@trampa/api/stock-status';
import type { ProductPageQuery } from '../../graphql/generated';
import { t } from '../../i18n/i18n';
import type { TrailStep } from '../layout/category-tree';
import { present, toShownPrice } from './card-product';
import { toColourOptions } from './colours';
import type { ProductView, SpecGroup } from './product-view';

type ApiProduct = NonNullable<ProductPageQuery['product']>;

/** The specification table: groups with their shown parameters; empty groups dropped. */
export function toSpecGroups(groups: ApiProduct['parameterGroups']): SpecGroup[] {
  return present(groups)
    .map((group) => ({
      name: group.name,
      rows: present(group.parameters)
        .filter((parameter) => parameter.show && parameter.value)
        .map((parameter) => ({
          id: parameter.parameterId,
          label: parameter.label || parameter.name || '',
          value: parameter.value ?? '',
        })),
    }))
    .filter((group) => group.rows.length > 0);
}

/** The trail above the product: its categories, then the product itself. */
export function toTrail(product: ApiProduct, canonicalUrl: string): TrailStep[] {
  const categories = present(product.breadcrumbs)
    .filter((crumb) => crumb.url && crumb.url !== canonicalUrl)
    .map((crumb) => ({ name: crumb.name, url: crumb.url! }));
  if (categories.length === 0 && product.primaryCategory) {
    categories.push({
      name: product.primaryCategory.name,
      url: product.primaryCategory.canonicalUrl,
    });
  }
  return [...categories, { name: product.name ?? product.alias, url: canonicalUrl }];
}

/** The product page's view of an API product. */
export function toProductView(
  product: ApiProduct,
  canonicalUrl: string,
  shopName: string,
): ProductView {
  const name = product.name ?? product.alias;
  return {
    id: product.productId,
    name,
    alias: product.alias,
    articleNumber: product.articleNumber ?? '',
    brand: product.brand?.name ?? '',
    brandUrl: product.brand
      ? product.brand.canonicalUrl || (product.brand.alias ? `/b/${product.brand.alias}` : null)
      : null,
    campaigns: present(product.discountCampaigns)
      .filter((campaign) => campaign.name && campaign.canonicalUrl)
      .map((campaign) => ({ name: campaign.name!, url: campaign.canonicalUrl! })),
    canonicalUrl,
    images: present(product.productImages).map((image) => image.fileName),
    price: toShownPrice(product.unitPrice, product.lowestPrice),
    skus: present(product.skus).map((sku) => {
      const stock = sku.stock ?? { inStock: 0, oversellable: 0, static: 0, incoming: null };
      const status = stockStatus(stock);
      return {
        id: sku.skuId,
        name: sku.name ?? '',
        articleNumber: sku.articleNumber,
        status,
        delivery: deliveryTime(status),
        incoming: status === 'out-of-stock' ? (stock.incoming ?? null) : null,
        stores: present(sku.storeStock).map((store) => ({
          alias: store.alias,
          name: store.name,
          city: store.city,
          quantity: store.quantity,
        })),
      };
    }),
    colours: toColourOptions(product.variantGroup, product.productId),
    description: product.texts?.text1 ?? '',
    shortText: product.texts?.text2 ?? '',
    specs: toSpecGroups(product.parameterGroups),
    trail: toTrail(product, canonicalUrl),
    seo: {
      title: name,
      description:
        product.meta?.description ||
        product.texts?.text2 ||
        t('meta.product.description', { name, shop: shopName }),
      canonicalPath: canonicalUrl,
    },
  };
}
