/**
 * The postings scan (ADR 012 "Builds only through the job queue"): what the `postings-scan` job
 * does every {@link POSTINGS_SCAN_MS}. Lists only read the postings and answer from rows while
 * they are missing; they never enqueue or run a build. The scan notices a new catalogue version
 * (any write, whoever made it: the database raises the version) or a new price stamp and builds
 * what is missing: the facet postings of the current version (incremental after small writes)
 * and each market's price postings of the current stamp. Each build does nothing when its
 * postings exist or another build holds its lock, so a scan of a current catalogue costs a few
 * short statements.
 */
import type { Database } from '../../db/client.ts';
import { listMarketIds } from '../channel/channel.service.ts';
import { buildFacetPostings, buildPricePostings } from './facet-postings.ts';

/** Milliseconds between two postings scans: how long lists may count from rows after a write. */
export const POSTINGS_SCAN_MS = 10_000;

/** Builds the facet postings and every market's price postings at `now` when they are missing. */
export async function scanPostings(db: Database, now: Date): Promise<void> {
  await buildFacetPostings(db);
  for (const marketId of await listMarketIds(db)) await buildPricePostings(db, marketId, now);
}
