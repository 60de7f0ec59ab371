/**
 * The mail templates compile to the automatic JSX runtime whatever tsconfig the loader applies
 * (issue 40 §1): `npm start` runs tsx from the repository root, whose tsconfig does not name
 * apps/api, and a template compiled to classic JSX failed every mail job with
 * "React is not defined". Each template carries the `@jsxRuntime automatic` pragma; this
 * compiles every `.tsx` file of the API with esbuild's defaults (classic JSX, no tsconfig).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { transform } from 'esbuild';
import { describe, expect, it } from 'vitest';

const apiSrc = fileURLToPath(new URL('../../../', import.meta.url));

function tsxFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return tsxFiles(path);
    return entry.name.endsWith('.tsx') ? [path] : [];
  });
}

describe('JSX of the API (mail templates)', () => {
  const files = tsxFiles(apiSrc);

  it('finds the templates', () => {
    expect(files.map((file) => relative(apiSrc, file))).toContain(
      'modules/mail/templates/order-confirmation.tsx',
    );
  });

  it.each(files.map((file) => [relative(apiSrc, file), file]))(
    '%s compiles to the automatic runtime without a tsconfig',
    async (_name, file) => {
      const { code } = await transform(readFileSync(file, 'utf8'), { loader: 'tsx' });
      expect(code).not.toContain('React.createElement');
      if (/<[A-Za-z]/.test(code) || code.includes('jsx(')) {
        expect(code).toMatch(/from "react\/jsx-runtime"/);
      }
    },
  );
});
