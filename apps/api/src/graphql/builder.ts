/**
 * The Pothos schema builder shared by every module's `*.graphql.ts` (ARCHITECTURE "src/graphql":
 * builder, scalars, error mapping, schema assembly; no business rules here).
 *
 * Output fields are nullable unless marked `nullable: false`, as in the Geins schema
 * (GEINS-API §4 writes non-null as `T!`); arguments and input fields are optional unless marked.
 */
import SchemaBuilder from '@pothos/core';
import type { GraphQLContext } from './context.ts';

/** The scalar types of the API (GEINS-API §4 "Scalars"). */
export type ApiScalars = {
  /** Money and other decimals as a JSON number (kronor, not öre). */
  Decimal: { Input: number; Output: number };
  /** ISO-8601 timestamp string. */
  DateTime: { Input: Date; Output: Date | string };
  /** A 64-bit integer as a JSON number (safe up to 2^53). */
  Long: { Input: number; Output: number | bigint };
  /** A UUID string. */
  Guid: { Input: string; Output: string };
};

/** The builder every module registers its types and root fields on. */
export const builder = new SchemaBuilder<{
  Context: GraphQLContext;
  Scalars: ApiScalars;
  DefaultFieldNullability: true;
}>({});

builder.queryType({
  name: 'GeinsMerchantApiQuery',
  description:
    'Root query type of the Geins Merchant API compatible storefront API (GEINS-API §3.1). ' +
    'Every field takes the optional context arguments channelId, languageId and marketId.',
});

builder.mutationType({
  name: 'GeinsMerchantApiMutation',
  description:
    'Root mutation type of the Geins Merchant API compatible storefront API (GEINS-API §3.2). ' +
    'Every field takes the optional context arguments channelId, languageId and marketId.',
});

/** The schema types of {@link builder}, for helpers that take object refs. */
export type ApiSchemaTypes =
  typeof builder extends PothosSchemaTypes.SchemaBuilder<infer T> ? T : never;
