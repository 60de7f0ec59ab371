/**
 * The bench's result (written as JSON under bench/results/) and its printed form: a title line,
 * ONE table and the issue's aims with met/missed (reported, never asserted).
 */
import type { BenchOptions } from './args.ts';
import type { LighthouseResult, Preset } from './lighthouse.ts';
import type { LoadFigures } from './load.ts';
import type { PageWeight } from './page-weight.ts';
import { renderSoak, type SoakResult } from './soak-report.ts';
import {
  formatCls,
  formatDuration,
  formatKiB,
  formatMs,
  formatRate,
  formatScore,
  formatTable,
  NOT_MEASURED,
} from './table.ts';

/** One row: an API operation or a page. */
export interface TargetResult {
  /** Stable id, e.g. `api:channel`, `page:product`. */
  id: string;
  kind: 'api' | 'page';
  /** What the table shows, e.g. `API channel`, `Page /`. */
  label: string;
  /** Page path (pages only). */
  path?: string;
  /** Why the row was not measured, e.g. `no cart API yet`. */
  unavailable?: string;
  /** One entry per connection count. */
  load: LoadFigures[];
  /** SQL statements of one request (`x-sql-statements`). */
  sqlStatements?: number;
  weight?: PageWeight;
  lighthouse?: Partial<Record<Preset, LighthouseResult>>;
}

/** Everything one `npm run bench` measured. */
export interface BenchReport {
  /** ISO time of the start. */
  date: string;
  machine: {
    cpu: string;
    cores: number;
    memoryGiB: number;
    os: string;
    node: string;
    chromium?: string;
    lighthouse?: string;
    /** 1-minute load average at the start and the end (above the core count = a busy machine). */
    loadAverage: { start: number; end?: number };
  };
  database: { kind: 'pglite' | 'postgres'; description: string };
  catalogue: {
    products: number;
    seedSeconds?: number;
    seedSummary?: string;
    category?: string;
    product?: string;
  };
  options: Pick<
    BenchOptions,
    'sections' | 'duration' | 'warmup' | 'connections' | 'lighthouseRuns' | 'products'
  >;
  targets: TargetResult[];
  /** SQL statements of `products` by page size (take), for the fixed-count aim. */
  sqlByPageSize: Array<{ take: number; statements: number | undefined }>;
  /** Remarks collected during the run (failed responses, errors). */
  notes: string[];
  /** The memory section: a soak at the catalogue size and one at 10 times it (issue 28). */
  memory?: SoakResult[];
  /** Seconds the whole run took. */
  seconds?: number;
}

const PRESETS: Preset[] = ['mobile', 'desktop'];

function loadCells(target: TargetResult, connections: readonly number[]): string[] {
  return connections.flatMap((count) => {
    const figures = target.load.find((load) => load.connections === count);
    if (!figures) return [NOT_MEASURED, NOT_MEASURED];
    return [
      formatRate(figures.requestsPerSecond),
      `${formatMs(figures.p50)} / ${formatMs(figures.p95)} / ${formatMs(figures.p99)}`,
    ];
  });
}

function lighthouseCells(result: LighthouseResult | undefined): string[] {
  if (!result) return [NOT_MEASURED, NOT_MEASURED];
  if (result.error) return [`n/a (${result.error})`, NOT_MEASURED];
  return [
    [result.performance, result.accessibility, result.bestPractices, result.seo]
      .map(formatScore)
      .join(' / '),
    `${formatDuration(result.lcpMs)} / ${formatDuration(result.tbtMs)} / ${formatCls(result.cls)}`,
  ];
}

/** Column titles and rows of the table; columns of sections that did not run are left out. */
export function tableOf(report: BenchReport): { headers: string[]; rows: string[][] } {
  const sections = new Set(report.options.sections);
  const connections = report.options.connections;
  const hasLoad = sections.has('api') || sections.has('ssr');
  const headers = ['Target'];
  if (hasLoad) {
    for (const count of connections) {
      headers.push(`req/s @${count}`, `p50 / p95 / p99 ms @${count}`);
    }
  }
  if (sections.has('sql')) headers.push('SQL');
  if (sections.has('weight')) headers.push('JS gzip', 'CSS gzip');
  if (sections.has('lighthouse')) {
    for (const preset of PRESETS) {
      headers.push(`${preset} Perf / A11y / BP / SEO`, `${preset} LCP / TBT / CLS`);
    }
  }
  const rows = report.targets.map((target) => {
    if (target.unavailable) return [target.label, `n/a (${target.unavailable})`];
    const row = [target.label];
    if (hasLoad) row.push(...loadCells(target, connections));
    if (sections.has('sql')) {
      row.push(target.sqlStatements === undefined ? NOT_MEASURED : String(target.sqlStatements));
    }
    if (sections.has('weight')) {
      const weight = target.weight;
      const status = weight && weight.status !== 200 ? ` (${weight.status})` : '';
      row.push(formatKiB(weight?.jsGzip) + status, formatKiB(weight?.cssGzip));
    }
    if (sections.has('lighthouse')) {
      for (const preset of PRESETS) row.push(...lighthouseCells(target.lighthouse?.[preset]));
    }
    return row;
  });
  return { headers, rows };
}

/** The title line: date, machine, database, catalogue. */
export function titleOf(report: BenchReport): string {
  const m = report.machine;
  const date = `${report.date.slice(0, 16).replace('T', ' ')} UTC`;
  return [
    `Trampa bench ${date}`,
    report.database.description,
    `${report.catalogue.products} products`,
    `${m.cores}× ${m.cpu}, ${m.memoryGiB} GiB`,
    `Node ${m.node}`,
    `load average ${m.loadAverage.start.toFixed(1)}${m.loadAverage.end === undefined ? '' : ` → ${m.loadAverage.end.toFixed(1)}`}`,
    ...(m.chromium ? [m.chromium] : []),
    ...(m.lighthouse ? [`Lighthouse ${m.lighthouse}`] : []),
    `load ${report.options.duration} s per cell`,
  ].join(' · ');
}

/** One aim of the issue and whether this run met it. */
export interface AimResult {
  aim: string;
  /** `met where measured`: every page with a figure met it, some pages had none (a 404). */
  status: 'met' | 'met where measured' | 'missed' | 'not measured';
  detail: string;
}

/** The issue's aims, judged on this run's figures (reported, never asserted). */
export function aimsOf(report: BenchReport): AimResult[] {
  const pages = report.targets.filter((target) => target.kind === 'page');
  const apis = report.targets.filter((target) => target.kind === 'api' && !target.unavailable);
  const aims: AimResult[] = [];

  // The four pages the browser measures: not the sitemaps (XML, issue 20), the search page or
  // the rendered rows (server load only).
  const browserPageIds = ['page:home', 'page:category', 'page:product', 'page:checkout'];
  const htmlPages = pages.filter((page) => browserPageIds.includes(page.id));
  const lighthouseAim = (aim: string, key: 'performance' | 'accessibility', min: number) => {
    const scores = htmlPages.map((page) => ({
      path: page.path,
      score: page.lighthouse?.mobile?.[key],
    }));
    if (scores.every((entry) => entry.score === undefined)) {
      aims.push({ aim, status: 'not measured', detail: '' });
      return;
    }
    const measured = scores.filter(
      (entry): entry is { path: string | undefined; score: number } =>
        entry.score !== undefined && entry.score !== null,
    );
    const met = measured.every((entry) => entry.score >= min);
    aims.push({
      aim,
      status: !met ? 'missed' : measured.length === scores.length ? 'met' : 'met where measured',
      detail: scores.map((entry) => `${entry.path} ${formatScore(entry.score)}`).join(', '),
    });
  };
  lighthouseAim('Lighthouse mobile performance >= 95 on all four pages', 'performance', 95);
  lighthouseAim('Lighthouse mobile accessibility 100 on all four pages', 'accessibility', 100);

  const product = pages.find((page) => page.id === 'page:product');
  const js = product?.weight?.jsGzip;
  aims.push({
    aim: 'Product page JavaScript < 100 KB gzip',
    status: js === undefined ? 'not measured' : js < 100 * 1024 ? 'met' : 'missed',
    detail: js === undefined ? '' : formatKiB(js),
  });

  const p95s = apis
    .map((api) => ({ label: api.label, p95: api.load.find((load) => load.connections === 1)?.p95 }))
    .filter((entry): entry is { label: string; p95: number } => entry.p95 !== undefined);
  aims.push({
    aim: 'API p95 < 20 ms at 1 connection (default seed)',
    status:
      p95s.length === 0 ? 'not measured' : p95s.every((entry) => entry.p95 < 20) ? 'met' : 'missed',
    detail: p95s
      .map((entry) => `${entry.label.replace(/^API /, '')} ${formatMs(entry.p95)}`)
      .join(', '),
  });

  const counts = report.sqlByPageSize.filter((entry) => entry.statements !== undefined);
  aims.push({
    aim: 'SQL statements per request independent of page size',
    status:
      counts.length < 2
        ? 'not measured'
        : new Set(counts.map((entry) => entry.statements)).size === 1
          ? 'met'
          : 'missed',
    detail: counts.map((entry) => `products take ${entry.take}: ${entry.statements}`).join(', '),
  });
  return aims;
}

/** The printed report: title, the table, the aims and any notes. */
export function renderReport(report: BenchReport): string {
  const { headers, rows } = tableOf(report);
  const aims = aimsOf(report).map(
    (aim) => `- ${aim.aim}: ${aim.status}${aim.detail ? ` (${aim.detail})` : ''}`,
  );
  const notes = report.notes.map((note) => `- ${note}`);
  const pages = [
    report.catalogue.category ? `category ${report.catalogue.category}` : '',
    report.catalogue.product ? `product ${report.catalogue.product}` : '',
  ].filter(Boolean);
  return [
    titleOf(report),
    ...(pages.length > 0 ? [`Pages: ${pages.join(' · ')}`] : []),
    '',
    formatTable(headers, rows),
    '',
    'Aims (reported, not asserted):',
    ...aims,
    ...(report.memory?.length
      ? ['', 'Memory (RSS of the built shop after a mixed soak):', ...report.memory.map(renderSoak)]
      : []),
    ...(notes.length > 0 ? ['', 'Notes:', ...notes] : []),
  ].join('\n');
}
