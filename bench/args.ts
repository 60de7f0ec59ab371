/**
 * Command line of `npm run bench -- [options]` (docs/performance.md "Options").
 */

/** The parts of the bench that can be picked with `--only`. */
export const SECTIONS = [
  'api',
  'ssr',
  'sql',
  'weight',
  'lighthouse',
  'memory',
  'csv-import',
] as const;
/** One part of the bench. */
export type Section = (typeof SECTIONS)[number];

/** Parsed options. Durations in seconds. */
export interface BenchOptions {
  /** Embedded PGlite (default) or a throw-away database on a PostgreSQL server. */
  db: 'pglite' | 'postgres';
  /** Catalogue size to seed; undefined = the seed's default. */
  products: number | undefined;
  /** Sections to run, in {@link SECTIONS} order. */
  sections: Section[];
  /** Seconds of load per operation and connection count. */
  duration: number;
  /** Seconds of unmeasured load before each measurement. */
  warmup: number;
  /** Concurrent connections of the load runs. */
  connections: number[];
  /** Lighthouse runs per page and preset (the median is reported). */
  lighthouseRuns: number;
  /** Seconds of the memory section's mixed soak (each of its two catalogues). */
  soak: number;
  /** Concurrent connections of the soak. */
  soakConnections: number;
  /** Server (admin) URL for `--db postgres`; the bench creates and drops its own database. */
  postgresUrl: string | undefined;
  /** Print the usage and exit. */
  help: boolean;
}

/** Default options: the whole bench on PGlite with the default seed. */
export const DEFAULT_OPTIONS: BenchOptions = {
  db: 'pglite',
  products: undefined,
  sections: [...SECTIONS],
  duration: 5,
  warmup: 1,
  connections: [1, 32],
  lighthouseRuns: 3,
  soak: 60,
  soakConnections: 8,
  postgresUrl: undefined,
  help: false,
};

/** The usage text printed by `--help` and after a bad argument. */
export const USAGE = `Usage: npm run bench -- [options]

  --db pglite|postgres    database (default pglite; postgres creates and drops a throw-away
                          database on DATABASE_URL's server or postgres://postgres@127.0.0.1:5432)
  --postgres-url URL      PostgreSQL server for --db postgres (overrides DATABASE_URL)
  --products N            seed N products (default: the seed's default catalogue)
  --only LIST             sections, comma-separated: ${SECTIONS.join(',')} (default all)
  --skip LIST             sections to leave out
  --duration S            seconds of load per operation and connection count (default 5)
  --warmup S              seconds of unmeasured load first (default 1, 0 = none)
  --connections LIST      concurrent connections, comma-separated (default 1,32)
  --lighthouse-runs N     Lighthouse runs per page and preset, median reported (default 3)
  --soak S                seconds of the memory section's mixed soak, per catalogue (default 60;
                          issue 28 measured 240); the section soaks the built shop
                          (node dist/server.js) at --products and at 10 times as many
  --soak-connections N    concurrent connections of the soak (default 8)
  --quick                 --duration 2 --warmup 0.5 --lighthouse-runs 1 --soak 20
  -h, --help              this text`;

/** A bad command line; the message says which argument. */
export class ArgumentError extends Error {
  override name = 'ArgumentError';
}

function positiveInteger(flag: string, value: string): number {
  if (!/^[1-9][0-9]*$/.test(value) || !Number.isSafeInteger(Number(value))) {
    throw new ArgumentError(`${flag} needs a positive integer, got ${JSON.stringify(value)}`);
  }
  return Number(value);
}

function seconds(flag: string, value: string, allowZero: boolean): number {
  const number = Number(value);
  if (!/^[0-9]+(\.[0-9]+)?$/.test(value) || number > 600 || (!allowZero && number === 0)) {
    throw new ArgumentError(
      `${flag} needs seconds (${allowZero ? '0' : 'above 0'} to 600), got ${JSON.stringify(value)}`,
    );
  }
  return number;
}

function sectionList(flag: string, value: string): Section[] {
  const names = value
    .split(',')
    .map((name) => name.trim())
    .filter(Boolean);
  if (names.length === 0) throw new ArgumentError(`${flag} needs a list of sections`);
  for (const name of names) {
    if (!(SECTIONS as readonly string[]).includes(name)) {
      throw new ArgumentError(
        `${flag}: unknown section ${JSON.stringify(name)} (known: ${SECTIONS.join(', ')})`,
      );
    }
  }
  return names as Section[];
}

/** Flags that take a value. */
const VALUE_FLAGS = new Set([
  '--db',
  '--postgres-url',
  '--products',
  '--only',
  '--skip',
  '--duration',
  '--warmup',
  '--connections',
  '--lighthouse-runs',
  '--soak',
  '--soak-connections',
]);

/**
 * Parses the bench's arguments (`--flag value` or `--flag=value`).
 * @param argv the arguments after the script name
 * @param env the environment (DATABASE_URL names the PostgreSQL server for `--db postgres`)
 * @throws ArgumentError naming the bad argument
 */
export function parseArgs(
  argv: readonly string[],
  env: Record<string, string | undefined> = {},
): BenchOptions {
  const options: BenchOptions = { ...DEFAULT_OPTIONS, sections: [...DEFAULT_OPTIONS.sections] };
  let only: Section[] | undefined;
  let skip: Section[] = [];
  for (let i = 0; i < argv.length; i += 1) {
    const arg = argv[i] as string;
    if (arg === '-h' || arg === '--help') {
      options.help = true;
      continue;
    }
    if (arg === '--quick') {
      options.duration = 2;
      options.warmup = 0.5;
      options.lighthouseRuns = 1;
      options.soak = 20;
      continue;
    }
    const equals = arg.indexOf('=');
    const flag = equals > 0 ? arg.slice(0, equals) : arg;
    if (!VALUE_FLAGS.has(flag)) throw new ArgumentError(`Unknown argument: ${arg}`);
    const value = equals > 0 ? arg.slice(equals + 1) : argv[(i += 1)];
    if (value === undefined || value === '') throw new ArgumentError(`${flag} needs a value`);
    switch (flag) {
      case '--db':
        if (value !== 'pglite' && value !== 'postgres') {
          throw new ArgumentError(`--db must be pglite or postgres, got ${JSON.stringify(value)}`);
        }
        options.db = value;
        break;
      case '--postgres-url':
        if (!/^postgres(ql)?:\/\/.+/.test(value)) {
          throw new ArgumentError('--postgres-url must be a postgres:// URL');
        }
        options.postgresUrl = value;
        break;
      case '--products':
        options.products = positiveInteger(flag, value);
        break;
      case '--only':
        only = sectionList(flag, value);
        break;
      case '--skip':
        skip = sectionList(flag, value);
        break;
      case '--duration':
        options.duration = seconds(flag, value, false);
        break;
      case '--warmup':
        options.warmup = seconds(flag, value, true);
        break;
      case '--connections':
        options.connections = value.split(',').map((part) => positiveInteger(flag, part.trim()));
        if (options.connections.some((count) => count > 1000)) {
          throw new ArgumentError('--connections: at most 1000');
        }
        break;
      case '--lighthouse-runs':
        options.lighthouseRuns = positiveInteger(flag, value);
        break;
      case '--soak':
        options.soak = seconds(flag, value, false);
        break;
      case '--soak-connections':
        options.soakConnections = positiveInteger(flag, value);
        break;
    }
  }
  const picked = new Set(only ?? SECTIONS);
  options.sections = SECTIONS.filter((section) => picked.has(section) && !skip.includes(section));
  if (options.sections.length === 0) throw new ArgumentError('No section left to run');
  if (options.db === 'postgres') {
    options.postgresUrl ??=
      env.DATABASE_URL?.trim() || 'postgres://postgres@127.0.0.1:5432/postgres';
  }
  return options;
}
