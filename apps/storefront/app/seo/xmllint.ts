/**
 * xmllint (Debian libxml2-utils) for the sitemap tests: validates XML against the sitemaps.org
 * schemas of ./fixtures. Installs nothing: .ci/run installs the package; in CI a missing xmllint
 * fails the tests, on a developer's machine they are skipped.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

/** True when `xmllint` runs here. */
export const hasXmllint = spawnSync('xmllint', ['--version']).status === 0;

/** True in CI (`CI=true`, set by .ci/run): xmllint must be there. */
export const inCi = Boolean(process.env.CI) && process.env.CI !== 'false';

/** The schema fixtures. */
export const SCHEMAS = {
  index: fileURLToPath(new URL('./fixtures/siteindex.xsd', import.meta.url)),
  urlset: fileURLToPath(new URL('./fixtures/sitemap-with-alternates.xsd', import.meta.url)),
} as const;

/**
 * Validates `xml` against `schema` with xmllint; returns '' when valid, else xmllint's
 * messages.
 */
export function validateXml(xml: string, schema: string): string {
  try {
    execFileSync('xmllint', ['--noout', '--nonet', '--schema', schema, '-'], {
      input: xml,
      stdio: ['pipe', 'pipe', 'pipe'],
      maxBuffer: 256 * 1024 * 1024,
    });
    return '';
  } catch (error) {
    const failed = error as { stderr?: Buffer; message: string };
    return failed.stderr?.toString() || failed.message;
  }
}
