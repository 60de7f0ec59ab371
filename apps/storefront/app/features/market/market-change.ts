/**
 * What the `/marknad` action (`routes/market.tsx`) returns to a fetcher submission: the client
 * tells other tabs (SPEC §3 cross-tab channel) and may reload. Lives in the feature so that the
 * pickers and the route both import it and the route stays the only importer of the feature
 * (routes → features, never back).
 */
export interface MarketChange {
  /** The current market's alias after the change, e.g. `no`. */
  currentMarket: string;
  /** The checkout market's alias after the change. */
  checkoutMarket: string;
  /** Set when the path prefix changes (market-in-path): load this document. */
  location: string | null;
}
