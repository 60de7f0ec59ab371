import { describe, expect, it } from 'vitest';
import { ArgumentError, DEFAULT_OPTIONS, parseArgs, SECTIONS } from './args.ts';

describe('parseArgs', () => {
  it('gives the whole bench on PGlite with the default seed without arguments', () => {
    expect(parseArgs([])).toEqual(DEFAULT_OPTIONS);
    expect(DEFAULT_OPTIONS).toMatchObject({
      db: 'pglite',
      products: undefined,
      sections: [...SECTIONS],
      duration: 5,
      connections: [1, 32],
      lighthouseRuns: 3,
    });
  });

  it('reads --flag value and --flag=value', () => {
    const options = parseArgs([
      '--products',
      '100000',
      '--duration=3',
      '--warmup',
      '0',
      '--connections',
      '1,8',
      '--lighthouse-runs=5',
    ]);
    expect(options.products).toBe(100_000);
    expect(options.duration).toBe(3);
    expect(options.warmup).toBe(0);
    expect(options.connections).toEqual([1, 8]);
    expect(options.lighthouseRuns).toBe(5);
  });

  it('picks sections with --only and --skip, always in the bench order', () => {
    expect(parseArgs(['--only', 'ssr,api']).sections).toEqual(['api', 'ssr']);
    expect(parseArgs(['--skip', 'lighthouse']).sections).toEqual([
      'api',
      'ssr',
      'sql',
      'weight',
      'memory',
      'csv-import',
    ]);
    expect(parseArgs(['--only=api,sql', '--skip=sql']).sections).toEqual(['api']);
  });

  it('--quick shortens the load and runs Lighthouse once', () => {
    expect(parseArgs(['--quick'])).toMatchObject({
      duration: 2,
      warmup: 0.5,
      lighthouseRuns: 1,
      soak: 20,
    });
    // A later flag wins over --quick.
    expect(parseArgs(['--quick', '--duration', '4']).duration).toBe(4);
  });

  it('reads the soak of the memory section', () => {
    expect(parseArgs([])).toMatchObject({ soak: 60, soakConnections: 8 });
    expect(parseArgs(['--soak', '240', '--soak-connections=4'])).toMatchObject({
      soak: 240,
      soakConnections: 4,
    });
    expect(() => parseArgs(['--soak', '0'])).toThrow('--soak');
  });

  it('--db postgres uses --postgres-url, else DATABASE_URL, else the local server', () => {
    expect(parseArgs(['--db', 'postgres']).postgresUrl).toBe(
      'postgres://postgres@127.0.0.1:5432/postgres',
    );
    expect(
      parseArgs(['--db', 'postgres'], { DATABASE_URL: 'postgres://shop@db:5432/shop' }).postgresUrl,
    ).toBe('postgres://shop@db:5432/shop');
    expect(
      parseArgs(['--db=postgres', '--postgres-url', 'postgresql://a@b/c'], {
        DATABASE_URL: 'postgres://shop@db:5432/shop',
      }).postgresUrl,
    ).toBe('postgresql://a@b/c');
    expect(parseArgs([], { DATABASE_URL: 'postgres://shop@db:5432/shop' }).db).toBe('pglite');
  });

  it('recognises --help', () => {
    expect(parseArgs(['-h']).help).toBe(true);
    expect(parseArgs(['--help']).help).toBe(true);
  });

  it.each([
    [['--db', 'mysql'], '--db must be pglite or postgres'],
    [['--products', '0'], '--products needs a positive integer'],
    [['--products', '1e5'], '--products needs a positive integer'],
    [['--products'], '--products needs a value'],
    [['--duration', '0'], '--duration needs seconds'],
    [['--duration', '-1'], '--duration needs seconds'],
    [['--connections', '1,x'], '--connections needs a positive integer'],
    [['--only', 'api,speed'], 'unknown section "speed"'],
    [['--only', 'api', '--skip', 'api'], 'No section left'],
    [['--postgres-url', 'mysql://x'], '--postgres-url must be a postgres:// URL'],
    [['--fast'], 'Unknown argument: --fast'],
  ])('rejects %j', (argv, message) => {
    expect(() => parseArgs(argv)).toThrow(ArgumentError);
    expect(() => parseArgs(argv)).toThrow(message);
  });
});
