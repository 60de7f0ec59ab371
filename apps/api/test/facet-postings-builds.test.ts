/**
 * Facet counts from postings (facet-postings.ts; issue 5 speed), part 2: the postings answer once
 * built and equal the rows after catalogue and price writes, before and after the (incremental)
 * build of the postings scan job; lists never enqueue a build; the rows implementation builds
 * none; after a failed build the rows answer. List cache off.
 */
import { eq, inArray, sql } from 'drizzle-orm';
import { describe, expect, it } from 'vitest';
import { countStatements } from '../src/db/client.ts';
import * as schema from '../src/db/schema.ts';
import { buildFacetPostings } from '../src/modules/catalog/facet-postings.ts';
import { facetPostingsSettled } from '../src/modules/catalog/facet-postings-settled.ts';
import { POSTINGS_SCAN_MS } from '../src/modules/catalog/postings-scan.ts';
import { POSTINGS_SCAN_JOB } from '../src/modules/jobs/job-kinds.ts';
import { enqueueJob } from '../src/modules/jobs/queue.ts';
import { runJobsUntilIdle } from '../src/modules/jobs/runner.ts';
import { searchConfig } from './api-client.ts';
import { testDatabaseKinds } from './test-db.ts';
import { LIST, type Facets, useFacetPostingsApi } from './facet-postings-suite.ts';

describe.each(testDatabaseKinds())('facet counts from postings on %s', (kind) => {
  const suite = useFacetPostingsApi(kind);
  const { list, countOnly, expectSameAsRows, firstIds, postingVersions } = suite;

  it('is what answers once built (a wrong bitmap shows), and falls back to rows for a new version', async () => {
    const before = await list({ categoryAlias: 'cyklar' }, true);
    const version = (await postingVersions())[0]!;
    // Spoil the stored bitmap of every active product: counting from postings now says 0.
    await suite.handle.db.execute(
      sql`update facet_postings set bits = (select bits from facet_postings where key = '#' and catalogue_version = ${version}) where key = 'all'`,
    );
    const spoiled = await list({ categoryAlias: 'cyklar' }, true);
    expect(spoiled.count).toBe(0);
    expect(await countOnly({ categoryAlias: 'cyklar' }, true)).toBe(0);
    expect(await countOnly({ categoryAlias: 'cyklar' }, false)).toBe(before.count);
    expect((await list({ categoryAlias: 'cyklar' }, false)).count).toBe(before.count);
    // The same for the price postings: spoiled price buckets leave the Price facet empty.
    await suite.handle.db.execute(sql`delete from facet_postings`);
    await buildFacetPostings(suite.handle.db);
    await facetPostingsSettled(suite.handle.db);
    const prices = (page: Facets) => page.filters.facets.find((f) => f.type === 'Price')!.values;
    expect(prices(await list({ categoryAlias: 'cyklar' }, true)).length).toBeGreaterThan(0);
    await suite.handle.db.execute(
      sql`update price_postings p set bits = (select z.bits from price_postings z where z.key = '#r1'
        and z.market_id = p.market_id and z.since = p.since and z.catalogue_version = p.catalogue_version)
        where p.key like 'pr%'`,
    );
    expect(prices(await list({ categoryAlias: 'cyklar' }, true))).toEqual([]);
    await suite.handle.db.execute(sql`delete from price_postings`);
    // A catalogue write (a new version): rows answer until the new postings are built.
    await suite.handle.db.execute(sql`delete from facet_postings`);
    await buildFacetPostings(suite.handle.db);
    expect(await list({ categoryAlias: 'cyklar' }, true)).toEqual(before);
  });

  it('gives the counts of the rows after catalogue writes, before and after the rebuild', async () => {
    const ids = await firstIds({ categoryAlias: 'cyklar' });
    const [product] = await suite.handle.db
      .select({ id: schema.products.id, brandId: schema.products.brandId })
      .from(schema.products)
      .where(
        inArray(
          schema.products.primaryCategoryId,
          ids.get('Category')!.map((id) => Number(id.slice(2))),
        ),
      )
      .limit(1);
    const oldVersions = await postingVersions();
    const writes: Array<() => Promise<unknown>> = [
      () =>
        suite.handle.db
          .update(schema.products)
          .set({ brandId: Number(ids.get('Brand')![1]!.slice(2)) })
          .where(eq(schema.products.id, product!.id)),
      () =>
        suite.handle.db
          .update(schema.products)
          .set({ active: false })
          .where(eq(schema.products.id, product!.id)),
      () =>
        suite.handle.db.execute(
          sql`update skus set name = 'XXL' where id = (select min(id) from skus where product_id <> ${product!.id})`,
        ),
      () =>
        suite.handle.db.execute(
          sql`delete from product_parameters where parameter_id = 1 and product_id % 3 = 0`,
        ),
    ];
    for (const write of writes) {
      await write();
      const facets = [ids.get('Brand')![1]!, ids.get('Sku')![0]!];
      // First request: no postings for the new version, counted from rows (no build starts).
      await expectSameAsRows({ categoryAlias: 'cyklar', filter: { facets } });
      await facetPostingsSettled(suite.handle.db);
      const versions = await postingVersions();
      expect(versions).toHaveLength(1);
      expect(oldVersions).not.toContain(versions[0]);
      await expectSameAsRows({ categoryAlias: 'cyklar', filter: { facets } });
      await expectSameAsRows({ categoryAlias: 'cyklar' });
    }
  });

  // Builds postings twice over the catalogue: minutes on a loaded 2-core machine.
  it('updates the postings of the changed products as a full build would (incremental build)', async () => {
    await facetPostingsSettled(suite.handle.db);
    await buildFacetPostings(suite.handle.db);
    /** The products of each posting with at least one (bit positions; lengths may differ). */
    const postings = async () => {
      const rows = (
        (await suite.handle.db.execute(
          sql`select key, bits::text as bits from facet_postings where key <> '#'`,
        )) as unknown as { rows: Array<{ key: string; bits: string }> }
      ).rows;
      const byKey = new Map<string, number[]>();
      for (const row of rows) {
        const ids = [...row.bits].flatMap((bit, i) => (bit === '1' ? [i] : []));
        if (ids.length > 0) byKey.set(row.key, ids);
      }
      return byKey;
    };
    const [{ id: first, max }] = (
      (await suite.handle.db.execute(
        sql`select min(id) as id, max(id) as max from products where active`,
      )) as unknown as { rows: Array<{ id: number; max: number }> }
    ).rows as [{ id: number; max: number }];
    const added = Number(max) + 700;
    const writes: Array<[string, 'full' | 'incremental', ReturnType<typeof sql>[]]> = [
      [
        'a new product with a higher id, its category, size, parameter and search document',
        'incremental',
        [
          sql`insert into products (id, article_number, alias, name, brand_id, primary_category_id, first_available_on, active)
            select ${added}, 'INC-1', 'inkrementell-testcykel', 'Inkrementell Testcykel Zyxel', brand_id, primary_category_id, first_available_on, true
            from products where id = ${first}`,
          sql`insert into product_categories (product_id, category_id)
            select ${added}, category_id from product_categories where product_id = ${first}`,
          sql`insert into skus (id, product_id, article_number, name)
            values ((select max(id) + 1 from skus), ${added}, 'INC-1-XL', 'Zyxel-storlek')`,
          sql`insert into product_parameters (product_id, parameter_id, parameter_value_id, value)
            select ${added}, parameter_id, parameter_value_id, value from product_parameters where product_id = ${first}`,
        ],
      ],
      [
        'a name (search document)',
        'incremental',
        [sql`update products set name = name || ' Kvarts' where id = ${first} + 1`],
      ],
      [
        'an inactive product',
        'incremental',
        [sql`update products set active = false where id = ${first} + 2`],
      ],
      ['a deleted product', 'incremental', [sql`delete from products where id = ${first} + 3`]],
      [
        'sizes and parameters',
        'incremental',
        [
          sql`update skus set name = 'XXS' where product_id in (${first} + 4, ${first} + 5)`,
          sql`delete from product_parameters where product_id = ${first} + 6`,
        ],
      ],
      [
        'a statement that changes nothing',
        'incremental',
        [sql`update skus set name = name where false`],
      ],
      [
        'the category tree (everything)',
        'full',
        [sql`update categories set name = name || ' ' where id = (select min(id) from categories)`],
      ],
      [
        'the highest product deleted',
        'incremental',
        [sql`delete from products where id = ${added}`],
      ],
    ];
    for (const [what, how, statements] of writes) {
      for (const statement of statements) await suite.handle.db.execute(statement);
      expect(await buildFacetPostings(suite.handle.db), what).toBe(how);
      const updated = await postings();
      // The same version built from every product.
      await suite.handle.db.execute(sql`delete from facet_postings`);
      expect(await buildFacetPostings(suite.handle.db), what).toBe('full');
      expect(updated, what).toEqual(await postings());
      expect(await postingVersions()).toHaveLength(1);
      const [changes] = (
        (await suite.handle.db.execute(
          sql`select count(*)::int as n from facet_changes`,
        )) as unknown as {
          rows: Array<{ n: number }>;
        }
      ).rows;
      expect(changes!.n, what).toBe(0);
    }
    // Lists answer from the updated postings as from rows.
    await suite.handle.db.execute(
      sql`update products set name = name || ' Ny' where id = ${first} + 7`,
    );
    expect(await buildFacetPostings(suite.handle.db)).toBe('incremental');
    await expectSameAsRows({ categoryAlias: 'cyklar' });
    await expectSameAsRows({ filter: { searchText: 'kvarts' } });
  }, 180_000);

  it('keeps the facet postings over a price write (prices follow through the price postings)', async () => {
    await facetPostingsSettled(suite.handle.db);
    await buildFacetPostings(suite.handle.db);
    const before = await postingVersions();
    expect(before).toHaveLength(1);
    const [state] = await suite.handle.db.select().from(schema.catalogueState);
    await suite.handle.db.execute(
      sql`update product_prices set regular_price_inc_vat = regular_price_inc_vat + 10000 where product_id % 2 = 0`,
    );
    const [after] = await suite.handle.db.select().from(schema.catalogueState);
    expect(after!.version).toBeGreaterThan(state!.version);
    expect(after!.structureVersion).toBe(state!.structureVersion);
    await expectSameAsRows({ categoryAlias: 'cyklar' });
    await facetPostingsSettled(suite.handle.db);
    expect(await postingVersions()).toEqual(before);
    const page = await expectSameAsRows({ categoryAlias: 'cyklar', marketId: 'se' });
    expect(page.count).toBeGreaterThan(0);
  });

  it('the rows implementation reads no postings, enqueues no build, and its job runner builds none', async () => {
    await facetPostingsSettled(suite.handle.db);
    await suite.handle.db.delete(schema.jobs);
    // A catalogue write makes the postings stale (a postings shop's scan would build them).
    const [product] = await suite.handle.db.select().from(schema.products).limit(1);
    await suite.handle.db
      .update(schema.products)
      .set({ name: `${product!.name} ` })
      .where(eq(schema.products.id, product!.id));
    const counted = await countStatements(() =>
      suite.clients.rows.query(LIST, { marketId: 'se', categoryAlias: 'cyklar', take: 3 }),
    );
    expect(counted.counter.statements.some((t) => t.includes('facet_postings'))).toBe(false);
    expect(await suite.handle.db.select().from(schema.jobs)).toEqual([]);
    // A queued build (as a postings shop on the same database would leave) is not run by the
    // job runner of a rows shop: the one connection of the embedded database stays free.
    await suite.handle.db.insert(schema.jobs).values([
      { kind: 'facet-postings', key: 'facet-postings' },
      { kind: 'postings-scan', key: 'postings-scan' },
    ]);
    const rowsConfig = searchConfig('rows');
    const kinds = ['facet-postings', 'postings-scan'];
    expect(await runJobsUntilIdle(suite.handle.db, rowsConfig, { kinds })).toBe(2);
    const built = (await suite.handle.db.execute(
      sql`select count(*)::int as n from facet_postings where catalogue_version = (select structure_version from catalogue_state where id = 1)`,
    )) as unknown as { rows: Array<{ n: number }> };
    expect(built.rows[0]!.n).toBe(0);
    await facetPostingsSettled(suite.handle.db);
  });

  it('a failed build leaves the lists to the rows until a later scan builds the postings', async () => {
    await suite.handle.db.execute(sql`delete from facet_postings`);
    await suite.handle.db.execute(
      sql`alter table facet_postings add constraint no_build check (key <> 'all') not valid`,
    );
    try {
      // The build fails (the constraint refuses its rows); lists count from rows meanwhile.
      await expect(facetPostingsSettled(suite.handle.db)).rejects.toThrow();
      expect(await postingVersions()).toEqual([]);
      const page = await list({ categoryAlias: 'cyklar' }, true);
      expect(page.count).toBeGreaterThan(0);
      expect(page).toEqual(await list({ categoryAlias: 'cyklar' }, false));
    } finally {
      await suite.handle.db.execute(sql`alter table facet_postings drop constraint no_build`);
    }
    await facetPostingsSettled(suite.handle.db);
    expect(await postingVersions()).toHaveLength(1);
  });

  it('a list never enqueues a build: after a write the postings scan job builds the new version', async () => {
    await facetPostingsSettled(suite.handle.db);
    const before = await postingVersions();
    await suite.handle.db.delete(schema.jobs);
    await suite.handle.db.execute(
      sql`update products set name = name || ' ' where id = (select min(id) from products)`,
    );
    // Lists, counts and facets of a postings shop on a stale version: rows answer, no job row.
    await expectSameAsRows({ categoryAlias: 'cyklar' });
    expect(await countOnly({ categoryAlias: 'cyklar' }, true)).toBeGreaterThan(0);
    expect(await suite.handle.db.select().from(schema.jobs)).toEqual([]);
    expect(await postingVersions()).toEqual(before);
    // The scan (the job runner schedules it at start) builds them and schedules its next run.
    const now = new Date();
    await enqueueJob(suite.handle.db, { ...POSTINGS_SCAN_JOB, runAt: now });
    const config = searchConfig('postings');
    expect(
      await runJobsUntilIdle(suite.handle.db, config, { kinds: ['postings-scan'], now: () => now }),
    ).toBe(1);
    const [scan] = await suite.handle.db.select().from(schema.jobs);
    expect(scan).toMatchObject({ kind: 'postings-scan', state: 'queued' });
    expect(scan!.runAt.getTime()).toBe(now.getTime() + POSTINGS_SCAN_MS);
    const after = await postingVersions();
    expect(after).toHaveLength(1);
    expect(before).not.toContain(after[0]);
    await expectSameAsRows({ categoryAlias: 'cyklar' });
  });
});
