/**
 * Waiting for the list indexes (tests, benches, and anyone who needs the postings now). Kept out
 * of `facet-postings.ts` because it runs the job runner, whose handlers import the builds there:
 * importing the runner from the builds would make an import cycle.
 */
import type { Database } from '../../db/client.ts';
import { INDEX_JOB_KINDS } from '../jobs/job-kinds.ts';
import { runJobsUntilIdle } from '../jobs/runner.ts';
import { backgroundBuildsStopped, forgetRecentEnqueues } from './facet-postings.ts';

/**
 * Runs the queued index builds (facet and price postings) of `db` in this process until none is
 * due. Does nothing after `stopBackgroundBuilds(db)` (shutdown).
 */
export async function facetPostingsSettled(db: Database): Promise<void> {
  if (backgroundBuildsStopped(db)) return;
  await runJobsUntilIdle(db, undefined, { kinds: INDEX_JOB_KINDS });
  forgetRecentEnqueues(db);
}
