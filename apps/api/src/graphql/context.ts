/**
 * The per-request GraphQL context (ARCHITECTURE convention 8): the database, the configuration,
 * the request time, per-request DataLoaders and memoised look-ups of the channel directory, the
 * category tree and the resolved shop context. Nothing here outlives the request except the
 * shared reference-data copy (./reference-data.ts) when the caller passes one.
 */
import type { GraphQLResolveInfo } from 'graphql';
import type { Config } from '../config.ts';
import type { Database } from '../db/client.ts';
import { loadCategoryTree, type CategoryTree } from '../modules/catalog/catalog.service.ts';
import {
  loadChannelDirectory,
  requireCurrency,
  resolveShopContext,
  type ChannelDirectory,
  type ContextArgs,
  type PricedShopContext,
  type ShopContext,
} from '../modules/channel/channel.service.ts';
import { loadMenuDirectory, type MenuDirectory } from '../modules/menus/menus.service.ts';
import { createLoaders, type Loaders } from './loaders.ts';
import { productSearchNamed, type ProductSearch } from '../modules/search/product-search.ts';
import type { ReferenceData } from './reference-data.ts';
import { resolveViewer, type Viewer } from '../modules/customers/viewer.ts';
import { ShopError, supportSessionForbidden } from '../errors.ts';
import { QUERY_LIMITS, queryLimitError } from './limits.ts';
import { contextLogger, processLogger } from '../log.ts';
import { pagePathPrefix, prefixPagePath } from '../modules/channel/page-paths.ts';
import { rootContextArgs, rootResponseKey } from './root-args.ts';

/** Where unexpected-but-handled conditions are reported (SPEC §8 "logged as an error"). */
export interface ContextLogger {
  error(message: string, details?: Record<string, unknown>): void;
}

/** What every resolver receives as `ctx`. */
export interface GraphQLContext {
  db: Database;
  config: Config;
  /** The request time; campaign periods are evaluated against it. */
  now: Date;
  /**
   * The client's IP address for per-client rate limits (issue 13 §6 gift-card codes, §12-§13
   * password resets, logins), or
   * undefined when unknown: the socket's peer, or behind TRUST_PROXY hops the address in
   * `X-Forwarded-For` (the storefront sends the shopper's), or what an in-process caller passed
   * to `api.fetch(request, { clientIp })`.
   */
  clientIp: string | undefined;
  loaders: Loaders;
  log: ContextLogger;
  /**
   * What answers product lists and search (`products`, `searchSuggestions`): the implementation
   * PRODUCT_SEARCH names (modules/search/product-search.ts, ADR 012).
   */
  productSearch: ProductSearch;
  /** Channels, markets and languages; read at most once per request (shared, read-only). */
  directory(): Promise<ChannelDirectory>;
  /** All categories with path helpers; read at most once per request (shared, read-only). */
  categoryTree(): Promise<CategoryTree>;
  /** Every menu by location (issue 16); read at most once per request (shared, read-only). */
  menus(): Promise<MenuDirectory>;
  /**
   * The channel, market and language for a root field's ctx arguments (GEINS-API §1), resolved
   * once per request and argument combination.
   */
  shop(args: ContextArgs): Promise<ShopContext>;
  /**
   * Like {@link shop}, for fields that show prices.
   * @throws ShopError CURRENCY_NOT_FOUND "Currency not found for this market".
   */
  pricedShop(args: ContextArgs): Promise<PricedShopContext>;
  /**
   * A page path (`/c/cyklar`, `/p/…`) as the field at `info` returns it (issue 25, GEINS-API
   * §0 item 7): with MARKET_IN_PATH `/{market}/{language}` of its root field's ctx arguments
   * comes first (`/se/sv/c/cyklar`), otherwise it is returned unchanged
   * (modules/channel/page-paths.ts). For page paths only, never images or other URLs.
   */
  pagePath(info: GraphQLResolveInfo, path: string): Promise<string>;
  /**
   * The logged-in customer of the request's `Authorization: Bearer <jwt>` (issue 7), or null for
   * a guest, a token with a wrong signature, an expired token or a deleted account. Read once per
   * request. Checkout links orders to `(await ctx.viewer())?.customerId`.
   */
  viewer(): Promise<Viewer | null>;
  /** The request's `Authorization` header value, or null (content preview tokens, issue 16). */
  authorization: string | null;
  /**
   * Like {@link viewer} for fields that need a customer.
   * @throws ShopError UNAUTHENTICATED when there is no valid Bearer token
   */
  requireViewer(): Promise<Viewer>;
  /**
   * Like {@link requireViewer} for what only the account holder may do: erase the account,
   * change its password or e-mail (issue 41). A support session (staff logged in as the
   * customer; `Viewer.supportStaffUserId`) is refused.
   * @throws ShopError UNAUTHENTICATED when there is no valid Bearer token
   * @throws ShopError FORBIDDEN (`extensions.reason` SUPPORT_SESSION) in a support session
   */
  requireAccountHolder(): Promise<Viewer>;
  /**
   * Claims one of the request's cart creations (`getCart` with an empty or unknown id); call it
   * before creating a cart (issue 13 §18).
   * @throws GraphQLError QUERY_LIMIT_EXCEEDED (HTTP 400) past {@link QUERY_LIMITS}.cartCreations
   */
  claimCartCreation(): void;
}

function memo<T>(load: () => Promise<T>): () => Promise<T> {
  let promise: Promise<T> | undefined;
  return () => (promise ??= load());
}

/** Options of {@link createGraphQLContext}. */
export interface ContextOptions {
  db: Database;
  config: Config;
  log?: ContextLogger;
  now?: Date;
  /** The request's `Authorization` header (`Bearer <jwt>`), if any. */
  authorization?: string | null;
  /** The client's IP address, if known (see {@link GraphQLContext.clientIp}). */
  clientIp?: string | undefined;
  /**
   * Process-wide copy of the channel directory and category tree (createApi passes one);
   * without it both are read from the database once per request.
   */
  referenceData?: ReferenceData;
}

/** Builds the context of one request. Cheap: nothing is read until a resolver asks. */
export function createGraphQLContext(options: ContextOptions): GraphQLContext {
  const { db, config } = options;
  const now = options.now ?? new Date();
  const log = options.log ?? contextLogger(processLogger());
  const reference = options.referenceData;
  const directory = memo(() => (reference ? reference.directory() : loadChannelDirectory(db)));
  const categoryTree = memo(() => (reference ? reference.categoryTree() : loadCategoryTree(db)));
  const menus = memo(() => (reference ? reference.menus() : loadMenuDirectory(db)));
  const shops = new Map<string, Promise<ShopContext>>();
  const shop = (args: ContextArgs): Promise<ShopContext> => {
    const key = JSON.stringify([args.channelId ?? '', args.marketId ?? '', args.languageId ?? '']);
    let resolved = shops.get(key);
    if (!resolved) {
      resolved = directory().then((dir) =>
        resolveShopContext(dir, args, (marketId, channel) =>
          log.error(`Market "${marketId}" is not available in channel ${channel.id}`, {
            marketId,
            channelId: channel.id,
          }),
        ),
      );
      shops.set(key, resolved);
    }
    return resolved;
  };
  const viewer = memo(() => resolveViewer(db, config, options.authorization ?? null, now));
  // The page-path prefix of each root field (by response key), resolved once.
  const prefixes = new Map<string, Promise<string>>();
  const pagePrefix = (info: GraphQLResolveInfo): Promise<string> => {
    if (!config.routing.marketInPath) return Promise.resolve('');
    const key = rootResponseKey(info);
    let prefix = prefixes.get(key);
    if (!prefix) {
      prefix = shop(rootContextArgs(info)).then((resolved) =>
        pagePathPrefix(resolved, config.routing.marketInPath),
      );
      prefixes.set(key, prefix);
    }
    return prefix;
  };
  let cartCreations = 0;
  return {
    claimCartCreation() {
      if (++cartCreations > QUERY_LIMITS.cartCreations) {
        throw queryLimitError('cartCreations', 'Only one new cart per request is allowed.');
      }
    },
    viewer,
    authorization: options.authorization ?? null,
    async requireViewer() {
      const found = await viewer();
      if (!found) throw new ShopError('UNAUTHENTICATED', 'Authentication required');
      return found;
    },
    async requireAccountHolder() {
      const found = await viewer();
      if (!found) throw new ShopError('UNAUTHENTICATED', 'Authentication required');
      if (found.supportStaffUserId !== null) throw supportSessionForbidden();
      return found;
    },
    db,
    config,
    now,
    clientIp: options.clientIp,
    log,
    loaders: createLoaders(db, now),
    productSearch: productSearchNamed(config.catalog.productSearch),
    directory,
    categoryTree,
    menus,
    shop,
    pricedShop: async (args) => requireCurrency(await shop(args)),
    pagePath: async (info, path) => prefixPagePath(await pagePrefix(info), path),
  };
}
