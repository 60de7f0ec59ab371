import { spawnSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './build-if-stale.ts';

describe('npm start configuration check', () => {
  it('exits with code 1 and names the bad variable before doing anything else', () => {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'scripts/start.ts'], {
      cwd: repoRoot,
      env: { ...process.env, PORT: 'not-a-port' },
      encoding: 'utf8',
      timeout: 30_000,
    });
    expect(result.status).toBe(1);
    expect(result.stderr).toContain('PORT="not-a-port"');
  });
});
