/**
 * Lighthouse 12 (`npx --yes lighthouse@12`, offline, Debian's Chromium) with the mobile
 * (default) and desktop presets; several runs per page, the median of each figure reported.
 */
import { spawn } from 'node:child_process';
import { copyFileSync, readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { CHROME_FLAGS, CHROMIUM_PATH } from './page-weight.ts';
import { median } from './stats.ts';

/** The package the bench runs through npx. */
export const LIGHTHOUSE_PACKAGE = 'lighthouse@12';

/** Lighthouse presets: mobile (Moto G Power, slow 4G, simulated) and desktop. */
export type Preset = 'mobile' | 'desktop';

/** Figures of one run, or the median of several. Scores 0..100, times in milliseconds. */
export interface LighthouseFigures {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
}

/** The median figures of a page and preset, with the runs behind them. */
export interface LighthouseResult extends LighthouseFigures {
  preset: Preset;
  runs: number;
  /** Lighthouse's runtime error (e.g. ERRORED_DOCUMENT_REQUEST for a 404), if every run had one. */
  error?: string;
}

interface LighthouseReport {
  lighthouseVersion?: string;
  runtimeError?: { code: string; message: string };
  categories: Record<string, { score: number | null } | undefined>;
  audits: Record<string, { numericValue?: number } | undefined>;
}

/** Reads the figures out of a Lighthouse JSON report (`--output=json`). */
export function figuresOfReport(report: LighthouseReport): LighthouseFigures & { error?: string } {
  const score = (id: string) => {
    const value = report.categories[id]?.score;
    return typeof value === 'number' ? Math.round(value * 100) : null;
  };
  const numeric = (id: string) => report.audits[id]?.numericValue ?? null;
  return {
    performance: score('performance'),
    accessibility: score('accessibility'),
    bestPractices: score('best-practices'),
    seo: score('seo'),
    lcpMs: numeric('largest-contentful-paint'),
    tbtMs: numeric('total-blocking-time'),
    cls: numeric('cumulative-layout-shift'),
    ...(report.runtimeError ? { error: report.runtimeError.code } : {}),
  };
}

/** The median of each figure over runs (nulls left out; null when no run had it). */
export function medianFigures(runs: readonly LighthouseFigures[]): LighthouseFigures {
  const of = (key: keyof LighthouseFigures) =>
    median(runs.map((run) => run[key]).filter((value): value is number => value !== null)) ?? null;
  return {
    performance: of('performance'),
    accessibility: of('accessibility'),
    bestPractices: of('bestPractices'),
    seo: of('seo'),
    lcpMs: of('lcpMs'),
    tbtMs: of('tbtMs'),
    cls: of('cls'),
  };
}

function run(
  command: string,
  args: string[],
  timeoutMs: number,
): Promise<{ code: number; output: string }> {
  return new Promise((resolve) => {
    const child = spawn(command, args, {
      env: { ...process.env, CHROME_PATH: CHROMIUM_PATH },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    child.once('close', (code) => {
      clearTimeout(timer);
      resolve({ code: code ?? 1, output });
    });
  });
}

/**
 * Makes sure npx has Lighthouse (installs it on the first run).
 * @returns the Lighthouse version
 * @throws when it cannot be installed
 */
export async function prepareLighthouse(): Promise<string> {
  const result = await run('npx', ['--yes', LIGHTHOUSE_PACKAGE, '--version'], 300_000);
  const version = result.output.match(/\b12\.\d+\.\d+\b/)?.[0];
  if (result.code !== 0 || !version) {
    throw new Error(`npx ${LIGHTHOUSE_PACKAGE} failed:\n${result.output.slice(-2000)}`);
  }
  return version;
}

/** One Lighthouse run; a failed run gives all-null figures with the error. */
async function runLighthouse(
  url: string,
  preset: Preset,
  outputPath: string,
): Promise<LighthouseFigures & { error?: string }> {
  const args = [
    '--yes',
    LIGHTHOUSE_PACKAGE,
    url,
    '--quiet',
    '--output=json',
    `--output-path=${outputPath}`,
    '--only-categories=performance,accessibility,best-practices,seo',
    `--chrome-flags=${CHROME_FLAGS.join(' ')}`,
    ...(preset === 'desktop' ? ['--preset=desktop'] : []),
  ];
  const result = await run('npx', args, 180_000);
  try {
    const report = JSON.parse(readFileSync(outputPath, 'utf8')) as LighthouseReport;
    return figuresOfReport(report);
  } catch {
    const lastLine = result.output.trim().split('\n').pop() ?? '';
    return { ...medianFigures([]), error: `lighthouse exit ${result.code}: ${lastLine}` };
  }
}

/**
 * Runs Lighthouse `runs` times on `url` with `preset` and reports the medians.
 * @param keepReportAt where to copy the last run's full JSON report (for the details behind a
 *   score, e.g. the LCP element); the other reports are removed
 */
export async function measureLighthouse(
  url: string,
  preset: Preset,
  runs: number,
  workDir: string,
  keepReportAt?: string,
): Promise<LighthouseResult> {
  const results: Array<LighthouseFigures & { error?: string }> = [];
  for (let index = 0; index < runs; index += 1) {
    const outputPath = join(workDir, `lighthouse-${index}.json`);
    results.push(await runLighthouse(url, preset, outputPath));
    try {
      if (keepReportAt && index === runs - 1) copyFileSync(outputPath, keepReportAt);
    } catch {
      // no report written (the run failed)
    }
    rmSync(outputPath, { force: true });
    // A document that answers 4xx/5xx will not be scored on the next runs either.
    if (results[index]?.error === 'ERRORED_DOCUMENT_REQUEST') break;
  }
  const good = results.filter((result) => !result.error);
  return {
    preset,
    runs: good.length,
    ...medianFigures(good),
    ...(good.length === 0 ? { error: results[0]?.error ?? 'no run' } : {}),
  };
}
