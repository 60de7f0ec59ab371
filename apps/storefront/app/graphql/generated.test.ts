import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generate, outputPath } from '../../scripts/codegen';

describe('generated.ts', () => {
  it('is up to date with the API schema and the operations (run `npm run codegen`)', async () => {
    const expected = await generate();
    expect(readFileSync(outputPath, 'utf8')).toBe(expected);
  });
});
