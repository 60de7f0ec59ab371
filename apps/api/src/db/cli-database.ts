/**
 * Opening the configured database for the command-line scripts (`npm run db:migrate`,
 * `npm run db:seed`). npm runs workspace scripts with the workspace as working directory, so a
 * relative PGLITE_DATA_DIR is resolved against the directory npm was started from (INIT_CWD),
 * i.e. the repository root for `npm run db:seed` there.
 */
import path from 'node:path';
import { loadConfigOrExit } from '../config.ts';
import { createDb, type DbHandle } from './client.ts';

/** Opens the database named by the environment; exits 1 on a configuration error. */
export async function openConfiguredDatabase(): Promise<DbHandle> {
  const config = loadConfigOrExit(process.env, { requireProductionSecrets: false });
  let pgliteDataDir = config.pgliteDataDir;
  if (!pgliteDataDir.startsWith('memory://') && !path.isAbsolute(pgliteDataDir)) {
    pgliteDataDir = path.resolve(process.env.INIT_CWD ?? process.cwd(), pgliteDataDir);
  }
  return createDb({
    databaseUrl: config.databaseUrl,
    pgliteDataDir,
    pgliteSharedBuffers: config.pgliteSharedBuffers,
    pgliteOptimizingCompiler: config.pgliteOptimizingCompiler,
    poolMax: config.databasePoolMax,
    preparedStatements: config.databasePreparedStatements,
  });
}
