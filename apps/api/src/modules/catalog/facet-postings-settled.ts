/**
 * Waiting for the list indexes (tests, benches, and anyone who needs the postings now). Kept out
 * of `facet-postings.ts` because it runs the job runner, whose handlers import the builds there:
 * importing the runner from the builds would make an import cycle.
 */
import type { Database } from '../../db/client.ts';
import { INDEX_JOB_KINDS } from '../jobs/job-kinds.ts';
import { runJobsUntilIdle } from '../jobs/runner.ts';
import { backgroundBuildsStopped } from './facet-postings.ts';
import { scanPostings } from './postings-scan.ts';

/**
 * Runs the due index jobs of `db` in this process until none is due, then what the next
 * postings scan would do (the facet postings of the current catalogue version and every market's
 * price postings at `now`, when missing): afterwards lists can answer from the postings. Does
 * nothing after `stopBackgroundBuilds(db)` (shutdown).
 */
export async function facetPostingsSettled(db: Database, now = new Date()): Promise<void> {
  if (backgroundBuildsStopped(db)) return;
  await runJobsUntilIdle(db, undefined, { kinds: INDEX_JOB_KINDS });
  await scanPostings(db, now);
}
