/**
 * `npm run worker` (issue 15 "Jobs", ADR 011): the job queue's worker as its own process, for
 * production with DATABASE_URL (where the web processes leave the queue alone,
 * WORKER_IN_PROCESS=false). Opens and migrates the configured database, runs jobs until SIGINT
 * or SIGTERM, then lets the running job finish (or hands it back) and exits.
 *
 * `--once`: runs every due job, then exits (cron, tests).
 */
import { loadConfigOrExit } from './config.ts';
import { createDb } from './db/client.ts';
import { runMigrations } from './db/migrate.ts';
import { createLogger } from './log.ts';
import { jobLog, JobRunner } from './modules/jobs/runner.ts';
import { closeMailTransports } from './modules/mail/mail.service.ts';

const config = loadConfigOrExit();
const logger = createLogger(config);
const handle = await createDb({
  databaseUrl: config.databaseUrl,
  pgliteDataDir: config.pgliteDataDir,
  pgliteSharedBuffers: config.pgliteSharedBuffers,
  pgliteOptimizingCompiler: config.pgliteOptimizingCompiler,
  poolMax: Math.min(config.databasePoolMax, 2),
  poolWaitMs: config.databasePoolWaitMs,
  // Issue 28: one line when the database is lost and one when it is back, in JSON.
  logger,
});
await runMigrations(handle);
const runner = new JobRunner({ db: handle.db, config, log: jobLog(logger) });

if (process.argv.includes('--once')) {
  const runs = await runner.runUntilIdle();
  console.log(`Job worker: ${runs} job runs (${handle.description})`);
  await handle.close();
  process.exit(0);
}

runner.start();
console.log(`Job worker ${runner.workerId} on ${handle.description}`);

let stopping = false;
function stop(signal: string): void {
  if (stopping) return;
  stopping = true;
  console.log(`${signal}: stopping the job worker`);
  void runner
    .stop()
    .then(() => closeMailTransports())
    .then(() => handle.close())
    .then(() => process.exit(0));
  setTimeout(() => process.exit(1), 15_000).unref();
}
process.on('SIGINT', () => stop('SIGINT'));
process.on('SIGTERM', () => stop('SIGTERM'));
