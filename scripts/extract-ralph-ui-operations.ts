/**
 * Re-extracts the GraphQL operation files of the ralph storefront's UI package (issue 25) into
 * `apps/api/test/fixtures/ralph-ui-<version>/graphql/`, as published on npm: `npm pack` fetches
 * the tarball, its `package/graphql/**\/*.graphql` files and its LICENSE are copied unchanged, and `source.json`
 * records the package, version, tarball integrity and file list. The test
 * apps/api/test/ralph-ui-operations.test.ts validates them against our schema.
 *
 * Run: `npx tsx scripts/extract-ralph-ui-operations.ts [version]` (default 23.2.0). Needs network
 * access to the npm registry and `tar` on the PATH. Only the .graphql files are kept: installing
 * the package would add Vue 2 and 40 other packages to the shop's dependencies for them.
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  rmSync,
  statSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { join, relative } from 'node:path';
import { repoRoot } from './build-if-stale.ts';

/** The npm package whose operations are vendored. */
export const RALPH_UI_PACKAGE = '@geins/ralph-ui';

/** The .graphql files under `dir`, as paths relative to it, sorted. */
function graphqlFiles(dir: string, base = dir): string[] {
  return readdirSync(dir)
    .flatMap((entry) => {
      const path = join(dir, entry);
      if (statSync(path).isDirectory()) return graphqlFiles(path, base);
      return entry.endsWith('.graphql') ? [relative(base, path)] : [];
    })
    .sort();
}

/** Fetches `@geins/ralph-ui@version` with `npm pack` and writes its operations to the fixtures. */
export function extractRalphUiOperations(version: string): { target: string; files: string[] } {
  const work = mkdtempSync(join(tmpdir(), 'ralph-ui-'));
  try {
    const packed = JSON.parse(
      execFileSync(
        'npm',
        ['pack', `${RALPH_UI_PACKAGE}@${version}`, '--json', '--pack-destination', work],
        { encoding: 'utf8', stdio: ['ignore', 'pipe', 'inherit'] },
      ),
    ) as Array<{ filename: string; integrity: string; version: string }>;
    const tarball = packed[0]!;
    execFileSync('tar', ['-xzf', join(work, tarball.filename), '-C', work]);
    const source = join(work, 'package/graphql');
    const target = join(repoRoot, `apps/api/test/fixtures/ralph-ui-${version}`);
    rmSync(join(target, 'graphql'), { recursive: true, force: true });
    mkdirSync(target, { recursive: true });
    cpSync(source, join(target, 'graphql'), {
      recursive: true,
      filter: (path) => statSync(path).isDirectory() || path.endsWith('.graphql'),
    });
    // BSD-3-Clause: the copies keep the package's copyright notice and licence.
    cpSync(join(work, 'package/LICENSE'), join(target, 'LICENSE'));
    const files = graphqlFiles(join(target, 'graphql'));
    writeFileSync(
      join(target, 'source.json'),
      `${JSON.stringify(
        {
          package: RALPH_UI_PACKAGE,
          version: tarball.version,
          integrity: tarball.integrity,
          files,
        },
        null,
        2,
      )}\n`,
    );
    return { target, files };
  } finally {
    rmSync(work, { recursive: true, force: true });
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  const version = process.argv[2] ?? '23.2.0';
  const { target, files } = extractRalphUiOperations(version);
  console.log(`${files.length} operation files of ${RALPH_UI_PACKAGE}@${version} in ${target}`);
}
