/**
 * Nothing of the back office enters the storefront's browser bundles (issue 26 "Shape"; ADR
 * 015): the storefront's client build (made by the test run's global setup) holds no admin API
 * path, CSRF header, operation or page text of the back office.
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const client = fileURLToPath(new URL('../../build/client/', import.meta.url));

function files(folder: string): string[] {
  return readdirSync(folder).flatMap((name) => {
    const path = join(folder, name);
    return statSync(path).isDirectory() ? files(path) : [path];
  });
}

/** Strings only the back office (apps/admin, the admin API) has. */
const ADMIN_MARKERS = [
  '/admin/graphql',
  'x-trampa-admin',
  'Trampa administration',
  'uploadProductImage',
  'createProduct',
  'setProductPrices',
  'createStaffUser',
];

describe("the storefront's client bundles", () => {
  it('contain nothing of the back office', () => {
    const scripts = files(client).filter((path) => /\.(m?js|css|html)$/.test(path));
    expect(scripts.length).toBeGreaterThan(5);
    const found = scripts.flatMap((path) => {
      const text = readFileSync(path, 'utf8');
      return ADMIN_MARKERS.filter((marker) => text.includes(marker)).map(
        (marker) => `${path}: ${marker}`,
      );
    });
    expect(found).toEqual([]);
  });
});
