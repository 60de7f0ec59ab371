/**
 * The types are @types/node 22 while the shop still runs on Node 20.19+ (issue 15): ESLint
 * refuses the Node 21+ APIs a server file could otherwise reach for without a type error.
 */
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './build-if-stale.ts';

// Typed linting (projectService) needs a file of the project: the texts are linted as if they
// were an existing server file's.
const eslint = new ESLint({ cwd: repoRoot });

async function ruleIds(code: string, filePath: string): Promise<string[]> {
  const [result] = await eslint.lintText(code, { filePath });
  return (result?.messages ?? []).map((message) => message.ruleId ?? message.message);
}

describe('Node 20 compatibility lint', () => {
  it.each([
    ["export const u = URL.parse('https://x.se');", 'no-restricted-properties'],
    ["import { glob } from 'node:fs/promises';\nexport const g = glob;", 'no-restricted-imports'],
    [
      "import { DatabaseSync } from 'node:sqlite';\nexport const d = DatabaseSync;",
      'no-restricted-imports',
    ],
    ["export const w = new WebSocket('wss://x.se');", 'no-restricted-globals'],
  ])('refuses %s in server code', async (code, rule) => {
    expect(await ruleIds(code, 'apps/api/src/worker.ts')).toContain(rule);
    expect(await ruleIds(code, 'apps/storefront/server.ts')).toContain(rule);
  });

  it('accepts what Node 20.19 has', async () => {
    const code =
      "import { hash } from 'node:crypto';\nexport const h = hash('sha256', 'x') + import.meta.dirname;";
    expect(await ruleIds(code, 'apps/api/src/worker.ts')).toEqual([]);
  });
});
