/**
 * The facet statement of a list counted from rows (GEINS-API §5.4 facets): one statement that
 * counts the list's Category, Brand, Sku and Parameter values, Price and Discount buckets, the
 * price range and the count, as rows `(t, k, n, label, grp, o1, o2)` (facet-collection.ts reads
 * them). With `filterMode` BY_GROUP the counts of a group ignore the selection within that
 * group (multi-select UIs); with CURRENT they count the current result.
 */
import { and, sql, type SQL } from 'drizzle-orm';
import type { PricedShopContext } from '../channel/channel.service.ts';
import { activeCampaignPricesSql, sellingOfSql } from '../pricing/campaign-price.ts';
import { discountPercentSql } from '../pricing/pricing.service.ts';
import { productPrices } from '../pricing/pricing.tables.ts';
import type { CategoryTree } from './catalog.service.ts';
import {
  brands,
  parameterValues,
  parameters,
  productCategories,
  productParameters,
  products,
  skus,
} from './catalog.tables.ts';
import { discountBucketSql, priceBucketSql } from './facet-ids.ts';
import { groupCondition, rangeCondition, type PriceSql } from './list-conditions.ts';
import type { ListPlan } from './list-plan.ts';

/** The facet statement of a list: all parts, only those of the catalogue, or only the prices. */
export function facetStatement(
  tree: CategoryTree,
  shop: PricedShopContext,
  now: Date,
  plan: ListPlan,
  price: PriceSql,
  parts: 'all' | 'catalogue' | 'price',
): SQL {
  // Columns of the CTE "base": price and discount as values, one boolean per selected group.
  const column: PriceSql = { selling: sql`priced.selling`, regular: sql`priced.regular` };
  const isPriceGroup = (key: string) => key === 'price' || key === 'discount';
  const flagColumns = plan.groups.map((g, i) =>
    isPriceGroup(g.key)
      ? sql`${groupCondition(tree, g.selections, column)} as ${sql.raw(`f${i}`)}`
      : sql`priced.${sql.raw(`f${i}`)}`,
  );
  const pricedFlags = plan.groups.map((g, i) =>
    isPriceGroup(g.key)
      ? sql`true as ${sql.raw(`f${i}`)}`
      : sql`${groupCondition(tree, g.selections, price)} as ${sql.raw(`f${i}`)}`,
  );
  const rangeFlag = rangeCondition(plan.range, sql`priced.selling`) ?? sql`true`;

  /** Flags every counted product must have: all groups except `own` (BY_GROUP). */
  const flagsExcept = (own: string | null): SQL => {
    const parts = [sql`base.in_range`];
    plan.groups.forEach((g, i) => {
      if (plan.byGroup && g.key === own) return;
      if (plan.byGroup && own === 'parameter' && g.key.startsWith('parameter:')) return;
      parts.push(sql.raw(`base.f${i}`));
    });
    return sql.join(parts, sql` and `);
  };
  const parameterGroups = plan.groups
    .map((g, i) => ({ g, i }))
    .filter(({ g }) => g.key.startsWith('parameter:'));
  // A parameter value counts with every selection except its own parameter's (BY_GROUP).
  const parameterFlags = plan.byGroup
    ? sql.join(
        [
          sql`true`,
          ...parameterGroups.map(
            ({ g, i }) =>
              sql`(${productParameters.parameterId} = ${Number(g.key.split(':')[1])} or ${sql.raw(`base.f${i}`)})`,
          ),
        ],
        sql` and `,
      )
    : sql`true`;

  const closure = categoryClosure(tree);
  const categoryPairs =
    closure.length > 0
      ? sql`(values ${sql.join(
          closure.map(([leaf, ancestor]) => sql`(${leaf}::int, ${ancestor}::int)`),
          sql`, `,
        )}) as tree(leaf, ancestor)`
      : sql`(select 0 as leaf, 0 as ancestor where false) as tree`;
  const priceBucket = priceBucketSql(sql`base.selling`);
  const discountBucket = discountBucketSql(sql`base.discount`);

  // Prices by joins (hash joins over the whole scope): the active campaign price rule
  // (pricing/campaign-price.ts) over the market's regular prices.
  const marketId = shop.market.id;
  const campaignPrices = activeCampaignPricesSql(marketId, now);
  const regular = productPrices.regularPriceIncVat;
  const withPrices = parts !== 'catalogue';
  const pricedFrom = withPrices
    ? sql`from ${products}
      left join ${productPrices} on ${productPrices.productId} = ${products.id}
        and ${productPrices.marketId} = ${marketId}
      left join ${campaignPrices} on cp.product_id = ${products.id}`
    : sql`from ${products}`;
  const sellingColumns = withPrices
    ? sql`${sellingOfSql(regular, sql`cp.selling`)} as selling,
        ${regular} as regular`
    : sql`null::int as selling, null::int as regular`;
  const withBase = sql`with priced as (
      select ${products.id} as id, ${products.brandId} as brand_id,
        ${sellingColumns}
        ${pricedFlags.length > 0 ? sql`, ${sql.join(pricedFlags, sql`, `)}` : sql``}
      ${pricedFrom}
      where ${and(...plan.base)}
    ), base as materialized (
      select priced.id, priced.brand_id, priced.selling, priced.regular,
        ${discountPercentSql(sql`priced.selling`, sql`priced.regular`)} as discount,
        ${rangeFlag} as in_range
        ${flagColumns.length > 0 ? sql`, ${sql.join(flagColumns, sql`, `)}` : sql``}
      from priced
    )`;
  // Parts that depend on the catalogue or on prices; typed nulls: UNION resolves types left to right.
  const selects: Array<{ type: string; catalogue: boolean; sql: SQL }> = [
    {
      type: 'Brand',
      catalogue: true,
      sql: sql`select 'Brand' as t, base.brand_id::text as k, count(*)::int as n, min(${brands.name}) as label,
      null as grp, null::int as o1, null::int as o2
      from base join ${brands} on ${brands.id} = base.brand_id
      where ${flagsExcept('brand')} group by base.brand_id`,
    },
    {
      type: 'Category',
      catalogue: true,
      sql: sql`select 'Category', c.ancestor::text, count(*)::int, null, null, null, null
      from (select distinct base.id, tree.ancestor
        from base join ${productCategories} on ${productCategories.productId} = base.id
        join ${categoryPairs} on tree.leaf = ${productCategories.categoryId}
        where ${flagsExcept('category')}) as c
      group by c.ancestor`,
    },
    {
      type: 'Sku',
      catalogue: true,
      sql: sql`select 'Sku', s.name, count(*)::int, null, null, min(s.o), null
      from (select base.id, ${skus.name} as name, min(${skus.sortOrder}) as o
        from base join ${skus} on ${skus.productId} = base.id
        where ${flagsExcept('sku')} group by base.id, ${skus.name}) as s
      group by s.name`,
    },
    {
      type: 'Parameter',
      catalogue: true,
      sql: sql`select 'Parameter', g.parameter_id::text || '_' || g.parameter_value_id::text, g.n,
      ${parameterValues.value}, ${parameters.label}, ${parameters.sortOrder}, ${parameterValues.sortOrder}
      from (select ${productParameters.parameterId} as parameter_id,
          ${productParameters.parameterValueId} as parameter_value_id, count(*)::int as n
        from base join ${productParameters} on ${productParameters.productId} = base.id
        where ${productParameters.parameterId} = any(array(
            select ${parameters.id} from ${parameters} where ${parameters.showFilter}))
          and ${flagsExcept('parameter')} and ${parameterFlags}
        group by 1, 2) as g
      join ${parameters} on ${parameters.id} = g.parameter_id
      join ${parameterValues} on ${parameterValues.id} = g.parameter_value_id`,
    },
    {
      type: 'Price',
      catalogue: false,
      sql: sql`select 'Price', ${priceBucket}::text, count(*)::int, null::text, null::text, null::int, null::int
      from base where base.selling is not null and ${flagsExcept('price')} group by 2`,
    },
    {
      type: 'Discount',
      catalogue: false,
      sql: sql`select 'Discount', ${discountBucket}::text, count(*)::int, null::text, null::text, null::int, null::int
      from base where base.discount >= 1 and ${flagsExcept('discount')} group by 2`,
    },
    {
      type: 'Range',
      catalogue: false,
      sql: sql`select 'Range', null, count(*)::int, null, null, min(base.selling)::int, max(base.selling)::int
      from base where ${rangeIgnored(plan)}`,
    },
    {
      type: 'Count',
      catalogue: true,
      sql: sql`select 'Count', null, count(*)::int, null, null, null, null
      from base where ${flagsExcept(null)}`,
    },
  ];
  const chosen = selects.filter((part) =>
    parts === 'all' ? true : parts === 'catalogue' ? part.catalogue : !part.catalogue,
  );
  return sql`${withBase} select * from (${sql.join(
    chosen.map((part) => part.sql),
    sql` union all `,
  )}) as facet_rows (t, k, n, label, grp, o1, o2)`;
}

/** The flags of the price statistics: every group (BY_GROUP or not), but not the range. */
function rangeIgnored(plan: ListPlan): SQL {
  return sql.join([sql`true`, ...plan.groups.map((_, i) => sql.raw(`base.f${i}`))], sql` and `);
}

/** (category, ancestor-or-self) pairs of the whole tree, for counting with subcategories. */
function categoryClosure(tree: CategoryTree): Array<[number, number]> {
  const pairs: Array<[number, number]> = [];
  for (const category of tree.all) {
    for (const ancestor of tree.pathOf(category.id)) pairs.push([category.id, ancestor.id]);
  }
  return pairs;
}
