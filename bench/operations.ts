/**
 * What the bench loads: the GraphQL operations (as a Geins client sends them, with the
 * storefront's context ids) and the pages, found in the seeded catalogue at start.
 */
import { BENCH_SECRETS } from './shop.ts';

/** Context ids the storefront sends with every operation (GEINS-API §1). */
export const CONTEXT = { channelId: '1|se', languageId: 'sv-SE', marketId: 'se' } as const;

const CONTEXT_VARIABLES = '$channelId: String, $languageId: String, $marketId: String';
const CONTEXT_ARGUMENTS = 'channelId: $channelId, languageId: $languageId, marketId: $marketId';

const PRICE = `sellingPriceIncVat regularPriceIncVat isDiscounted discountPercentage
  sellingPriceIncVatFormatted regularPriceIncVatFormatted`;

/** `channel`: the channel with its languages and markets (every page of a Geins client). */
export const CHANNEL_QUERY = `query channel(${CONTEXT_VARIABLES}) {
  channel(${CONTEXT_ARGUMENTS}) {
    id name type url defaultLanguageId defaultMarketId
    languages { id name code }
    markets { id alias groupKey virtual onlyDisplayInCheckout defaultLanguageId
      country { code name } currency { code name symbol rate } allowedLanguages { id code } }
  }
}`;

/**
 * `products`: one category page of `take` products with the facets a list page asks for
 * (`filters` stays null until facets are computed; selecting it keeps the figure honest then).
 */
export const PRODUCTS_QUERY = `query products($categoryAlias: String, $skip: Int, $take: Int, ${CONTEXT_VARIABLES}) {
  products(categoryAlias: $categoryAlias, skip: $skip, take: $take, filter: { sort: LATEST },
    ${CONTEXT_ARGUMENTS}) {
    count
    products {
      productId name alias canonicalUrl discountType
      brand { name }
      productImages { fileName }
      unitPrice { ${PRICE} }
    }
    filters {
      price { lowest highest }
      facets { filterId type group label order
        values { _id facetId parentId label url order count hidden } }
    }
  }
}`;

/** `product(alias)`: what the product page asks for. */
export const PRODUCT_QUERY = `query product($alias: String, ${CONTEXT_VARIABLES}) {
  product(alias: $alias, ${CONTEXT_ARGUMENTS}) {
    productId name alias articleNumber canonicalUrl discountType
    brand { name alias }
    primaryCategory { name alias canonicalUrl }
    productImages { fileName }
    skus { skuId name articleNumber stock { inStock oversellable static totalStock incoming } }
    unitPrice { ${PRICE} }
    texts { text1 text2 }
    parameterGroups { name parameters { parameterId name label value show } }
    breadcrumbs { name url }
    meta { title description }
  }
}`;

/** The cart fields the bench selects (GEINS-API §4.5). */
const CART_FIELDS = `id
  items { id skuId quantity
    product { alias name brand { name } productImages { fileName } }
    unitPrice { sellingPriceIncVat sellingPriceIncVatFormatted }
    totalPrice { sellingPriceIncVat sellingPriceIncVatFormatted } }
  summary { total { sellingPriceIncVat sellingPriceIncVatFormatted } }`;

/** `getCart(id)`: a cart; an empty id creates one (GEINS-API §0.5). */
export const GET_CART_QUERY = `query getCart($id: String, ${CONTEXT_VARIABLES}) {
  getCart(id: $id, ${CONTEXT_ARGUMENTS}) { ${CART_FIELDS} }
}`;

/** `addToCart`: adds `quantity` of a SKU to the cart. */
export const ADD_TO_CART_MUTATION = `mutation addToCart($id: String!, $item: CartItemInputType!, ${CONTEXT_VARIABLES}) {
  addToCart(id: $id, item: $item, ${CONTEXT_ARGUMENTS}) { id }
}`;

/** The POST body of a GraphQL request. */
export function graphqlBody(query: string, variables: Record<string, unknown> = {}): string {
  return JSON.stringify({ query, variables: { ...CONTEXT, ...variables } });
}

/** Headers of an API request (the measured shop's API key, bench/shop.ts BENCH_SECRETS). */
export function apiHeaders(): Record<string, string> {
  return { 'content-type': 'application/json', 'x-apikey': BENCH_SECRETS.API_KEY };
}

/** A GraphQL answer. */
export interface GraphQLAnswer<T> {
  data?: T | null;
  errors?: Array<{ message: string }>;
  /** The `x-sql-statements` header, if the shop sent it. */
  sqlStatements: number | undefined;
}

/** Headers of a page request as a browser sends them. */
export const PAGE_HEADERS = {
  accept: 'text/html,application/xhtml+xml',
  'accept-encoding': 'gzip, deflate, br',
  'accept-language': 'sv-SE,sv;q=0.9',
};

/**
 * Headers of a page request of a returning shopper: with a cookie, so the page is rendered for
 * the request, never served from the first visits' page copies (PAGE_CACHE_SECONDS, issue 23).
 */
export const RENDERED_PAGE_HEADERS = { ...PAGE_HEADERS, cookie: 'bench=returning-shopper' };

/** A crawler User-Agent: the storefront then renders all deferred data before the headers. */
export const CRAWLER_USER_AGENT =
  'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)';

/** Reads `x-sql-statements`; undefined when absent. */
export function sqlStatementsOf(response: Response): number | undefined {
  const value = response.headers.get('x-sql-statements');
  return value === null ? undefined : Number(value);
}

/**
 * Posts one GraphQL request to the shop.
 * @throws on a non-2xx status
 */
export async function graphql<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<GraphQLAnswer<T>> {
  const response = await fetch(`${baseUrl}/graphql`, {
    method: 'POST',
    headers: apiHeaders(),
    body: graphqlBody(query, variables),
  });
  if (!response.ok) throw new Error(`POST /graphql answered ${response.status}`);
  const body = (await response.json()) as Omit<GraphQLAnswer<T>, 'sqlStatements'>;
  return { ...body, sqlStatements: sqlStatementsOf(response) };
}

/** Like {@link graphql}, but throws on GraphQL errors and returns the data. */
export async function graphqlData<T>(
  baseUrl: string,
  query: string,
  variables: Record<string, unknown> = {},
): Promise<T> {
  const answer = await graphql<T>(baseUrl, query, variables);
  if (answer.errors?.length || !answer.data) {
    throw new Error(answer.errors?.map((error) => error.message).join('; ') || 'no data');
  }
  return answer.data;
}

/** What the bench found in the catalogue. */
export interface BenchTargets {
  /** Products in the whole catalogue. */
  productCount: number;
  /** Alias and path of the category with the most products. */
  category: { alias: string; path: string; productCount: number };
  /** Alias and path of the newest product of that category. */
  product: { alias: string; path: string };
  /** Five in-stock SKUs of five different products, for the cart. */
  skuIds: number[];
  /** Whether the API has getCart and addToCart. */
  hasCart: boolean;
}

interface CategoryRow {
  alias: string;
  canonicalUrl: string;
  parentCategoryId: number | null;
}

interface ProductRow {
  alias: string;
  canonicalUrl: string;
  skus: Array<{ skuId: number; stock: { inStock: number } | null }> | null;
}

/** Path of an absolute or relative URL. */
function pathOf(url: string): string {
  return new URL(url, 'http://localhost').pathname;
}

/**
 * Finds the bench's targets in the running shop's catalogue.
 * @throws when the catalogue is empty
 */
export async function findTargets(baseUrl: string): Promise<BenchTargets> {
  const overview = await graphqlData<{
    products: { count: number };
    categories: CategoryRow[];
  }>(
    baseUrl,
    `query overview(${CONTEXT_VARIABLES}) {
      products(take: 0, ${CONTEXT_ARGUMENTS}) { count }
      categories(${CONTEXT_ARGUMENTS}) { alias canonicalUrl parentCategoryId }
    }`,
  );
  const roots = overview.categories.filter((category) => !category.parentCategoryId);
  let best: { alias: string; path: string; productCount: number } | undefined;
  for (const category of roots.length > 0 ? roots : overview.categories) {
    const page = await graphqlData<{ products: { count: number } }>(
      baseUrl,
      `query size($categoryAlias: String, ${CONTEXT_VARIABLES}) {
        products(categoryAlias: $categoryAlias, take: 0, ${CONTEXT_ARGUMENTS}) { count }
      }`,
      { categoryAlias: category.alias },
    );
    if (!best || page.products.count > best.productCount) {
      best = {
        alias: category.alias,
        path: pathOf(category.canonicalUrl),
        productCount: page.products.count,
      };
    }
  }
  if (!best || best.productCount === 0) throw new Error('The catalogue has no products');
  const listed = await graphqlData<{ products: { products: ProductRow[] } }>(
    baseUrl,
    `query listed($categoryAlias: String, ${CONTEXT_VARIABLES}) {
      products(categoryAlias: $categoryAlias, take: 60, filter: { sort: LATEST }, ${CONTEXT_ARGUMENTS}) {
        products { alias canonicalUrl skus { skuId stock { inStock } } }
      }
    }`,
    { categoryAlias: best.alias },
  );
  const products = listed.products.products;
  const first = products[0];
  if (!first) throw new Error(`Category ${best.alias} lists no products`);
  const skuIds: number[] = [];
  for (const product of products) {
    const sku = product.skus?.find((candidate) => (candidate.stock?.inStock ?? 0) > 0);
    if (sku && skuIds.length < 5) skuIds.push(sku.skuId);
  }
  const schema = await graphqlData<{
    __schema: {
      queryType: { fields: Array<{ name: string }> };
      mutationType: { fields: Array<{ name: string }> } | null;
    };
  }>(baseUrl, '{ __schema { queryType { fields { name } } mutationType { fields { name } } } }');
  const queries = new Set(schema.__schema.queryType.fields.map((field) => field.name));
  const mutations = new Set(schema.__schema.mutationType?.fields.map((field) => field.name) ?? []);
  return {
    productCount: overview.products.count,
    category: best,
    product: { alias: first.alias, path: pathOf(first.canonicalUrl) },
    skuIds,
    hasCart: queries.has('getCart') && mutations.has('addToCart'),
  };
}

/**
 * Creates a cart with `getCart(id: "")` and adds one of each SKU.
 * @returns the cart id
 * @throws when the cart API answers with errors
 */
export async function createCart(baseUrl: string, skuIds: readonly number[]): Promise<string> {
  const created = await graphqlData<{ getCart: { id: string } }>(baseUrl, GET_CART_QUERY, {
    id: '',
  });
  const id = created.getCart.id;
  for (const skuId of skuIds) {
    await graphqlData(baseUrl, ADD_TO_CART_MUTATION, { id, item: { skuId, quantity: 1 } });
  }
  return id;
}
