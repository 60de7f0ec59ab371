import { describe, expect, it } from 'vitest';
import { DEFAULT_OPTIONS } from './args.ts';
import { figuresOfReport, medianFigures, type LighthouseResult } from './lighthouse.ts';
import type { LoadFigures } from './load.ts';
import type { PageWeight } from './page-weight.ts';
import { aimsOf, renderReport, tableOf, type BenchReport, type TargetResult } from './report.ts';

function load(connections: number, rps: number, p95: number): LoadFigures {
  return {
    connections,
    seconds: 5,
    requests: rps * 5,
    requestsPerSecond: rps,
    p50: p95 / 2,
    p95,
    p99: p95 * 1.5,
    max: p95 * 2,
    failures: 0,
  };
}

function weight(jsGzip: number, status = 200): PageWeight {
  return {
    status,
    jsGzip,
    jsRaw: jsGzip * 3,
    jsFiles: 8,
    cssGzip: 4096,
    cssRaw: 20_000,
    cssFiles: 1,
    htmlGzip: 9000,
    requests: 20,
  };
}

function lighthouse(
  preset: 'mobile' | 'desktop',
  performance: number,
  accessibility = 100,
): LighthouseResult {
  return {
    preset,
    runs: 3,
    performance,
    accessibility,
    bestPractices: 100,
    seo: 100,
    lcpMs: 1800,
    tbtMs: 20,
    cls: 0,
  };
}

function page(id: string, path: string, js: number, performance: number): TargetResult {
  return {
    id,
    kind: 'page',
    label: `Page ${path}`,
    path,
    load: [load(1, 90, 30), load(32, 120, 400)],
    sqlStatements: 15,
    weight: weight(js),
    lighthouse: { mobile: lighthouse('mobile', performance), desktop: lighthouse('desktop', 100) },
  };
}

function sampleReport(): BenchReport {
  return {
    date: '2026-11-21T12:30:52.000Z',
    machine: {
      cpu: 'AMD EPYC',
      cores: 2,
      memoryGiB: 24,
      os: 'Linux',
      node: 'v20.20.2',
      loadAverage: { start: 1.52, end: 2.04 },
    },
    database: { kind: 'pglite', description: 'PGlite (embedded, on disk)' },
    catalogue: { products: 640 },
    options: { ...DEFAULT_OPTIONS },
    targets: [
      {
        id: 'api:channel',
        kind: 'api',
        label: 'API channel',
        load: [load(1, 1200, 1.2), load(32, 3000, 15)],
        sqlStatements: 5,
      },
      {
        id: 'api:products',
        kind: 'api',
        label: 'API products (24, facets)',
        load: [load(1, 300, 25), load(32, 500, 90)],
        sqlStatements: 12,
      },
      {
        id: 'api:getCart',
        kind: 'api',
        label: 'API getCart (5 lines)',
        unavailable: 'no cart API yet',
        load: [],
      },
      page('page:home', '/', 60_000, 97),
      page('page:product', '/p/cyklar/x', 110_000, 93),
      {
        ...page('page:checkout', '/kassan', 50_000, 0),
        load: [],
        weight: weight(50_000, 404),
        lighthouse: {
          mobile: {
            preset: 'mobile',
            runs: 0,
            ...medianFigures([]),
            error: 'ERRORED_DOCUMENT_REQUEST',
          },
        },
      },
    ],
    sqlByPageSize: [
      { take: 6, statements: 12 },
      { take: 24, statements: 12 },
      { take: 96, statements: 12 },
    ],
    notes: [],
  };
}

describe('tableOf', () => {
  it('has one row per target and the columns of the sections that ran', () => {
    const { headers, rows } = tableOf(sampleReport());
    expect(headers).toEqual([
      'Target',
      'req/s @1',
      'p50 / p95 / p99 ms @1',
      'req/s @32',
      'p50 / p95 / p99 ms @32',
      'SQL',
      'JS gzip',
      'CSS gzip',
      'mobile Perf / A11y / BP / SEO',
      'mobile LCP / TBT / CLS',
      'desktop Perf / A11y / BP / SEO',
      'desktop LCP / TBT / CLS',
    ]);
    expect(rows[0]).toEqual([
      'API channel',
      '1200',
      '0.60 / 1.20 / 1.80',
      '3000',
      '7.50 / 15.0 / 22.5',
      '5',
      '–',
      '–',
      '–',
      '–',
      '–',
      '–',
    ]);
    expect(rows[2]).toEqual(['API getCart (5 lines)', 'n/a (no cart API yet)']);
    expect(rows[3]?.slice(6)).toEqual([
      '58.6 KiB',
      '4.0 KiB',
      '97 / 100 / 100 / 100',
      '1.8 s / 20 ms / 0.000',
      '100 / 100 / 100 / 100',
      '1.8 s / 20 ms / 0.000',
    ]);
    expect(rows[5]?.slice(6, 9)).toEqual([
      '48.8 KiB (404)',
      '4.0 KiB',
      'n/a (ERRORED_DOCUMENT_REQUEST)',
    ]);
  });

  it('leaves out the columns of sections that did not run', () => {
    const report = {
      ...sampleReport(),
      options: { ...DEFAULT_OPTIONS, sections: ['sql' as const] },
    };
    const { headers, rows } = tableOf(report);
    expect(headers).toEqual(['Target', 'SQL']);
    expect(rows[1]).toEqual(['API products (24, facets)', '12']);
  });
});

describe('aimsOf', () => {
  it('judges each aim of the issue on the figures', () => {
    const aims = aimsOf(sampleReport());
    expect(aims.map((aim) => [aim.aim, aim.status])).toEqual([
      ['Lighthouse mobile performance >= 95 on all four pages', 'missed'],
      ['Lighthouse mobile accessibility 100 on all four pages', 'met where measured'],
      ['Product page JavaScript < 100 KB gzip', 'missed'],
      ['API p95 < 20 ms at 1 connection (default seed)', 'missed'],
      ['SQL statements per request independent of page size', 'met'],
    ]);
    expect(aims[0]?.detail).toBe('/ 97, /p/cyklar/x 93, /kassan –');
    expect(aims[3]?.detail).toBe('channel 1.20, products (24, facets) 25.0');
  });

  it('says "not measured" when a section did not run and "missed" when SQL counts differ', () => {
    const report = sampleReport();
    report.targets = report.targets.map(({ id, kind, label, load: runs }) => ({
      id,
      kind,
      label,
      load: runs,
    }));
    report.sqlByPageSize = [
      { take: 6, statements: 8 },
      { take: 96, statements: 9 },
    ];
    const aims = aimsOf(report);
    expect(aims.map((aim) => aim.status)).toEqual([
      'not measured',
      'not measured',
      'not measured',
      'missed',
      'missed',
    ]);
  });
});

describe('renderReport', () => {
  it('prints the title, one table and the aims', () => {
    const text = renderReport(sampleReport());
    expect(text.split('\n')[0]).toBe(
      'Trampa bench 2026-11-21 12:30 UTC · PGlite (embedded, on disk) · 640 products · 2× AMD EPYC, 24 GiB · Node v20.20.2 · load average 1.5 → 2.0 · load 5 s per cell',
    );
    expect(text.match(/^\|:-/gm)).toHaveLength(1);
    expect(text).toContain('Aims (reported, not asserted):');
    expect(text).toContain('- SQL statements per request independent of page size: met');
  });
});

describe('Lighthouse figures', () => {
  it('reads scores (0..100) and LCP, TBT, CLS from a JSON report', () => {
    const figures = figuresOfReport({
      categories: {
        performance: { score: 0.964 },
        accessibility: { score: 1 },
        'best-practices': { score: 0.96 },
        seo: { score: null },
      },
      audits: {
        'largest-contentful-paint': { numericValue: 2100.5 },
        'total-blocking-time': { numericValue: 40 },
        'cumulative-layout-shift': { numericValue: 0.002 },
      },
    });
    expect(figures).toEqual({
      performance: 96,
      accessibility: 100,
      bestPractices: 96,
      seo: null,
      lcpMs: 2100.5,
      tbtMs: 40,
      cls: 0.002,
    });
  });

  it('keeps a runtime error (e.g. a 404 document)', () => {
    const figures = figuresOfReport({
      runtimeError: { code: 'ERRORED_DOCUMENT_REQUEST', message: 'Status code: 404' },
      categories: {},
      audits: {},
    });
    expect(figures.error).toBe('ERRORED_DOCUMENT_REQUEST');
    expect(figures.performance).toBeNull();
  });

  it('takes the median of each figure over the runs', () => {
    const runs = [90, 97, 95].map((performance, index) => ({
      performance,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      lcpMs: [2000, 1500, 1800][index] as number,
      tbtMs: 10,
      cls: index === 0 ? null : 0.01,
    }));
    expect(medianFigures(runs)).toEqual({
      performance: 95,
      accessibility: 100,
      bestPractices: 100,
      seo: 100,
      lcpMs: 1800,
      tbtMs: 10,
      cls: 0.01,
    });
  });
});
