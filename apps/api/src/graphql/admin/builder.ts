/**
 * The Pothos builder of the admin API (issue 26; ADR 015): a schema of its own, separate from the
 * shop's (graphql/builder.ts), printed to apps/api/admin-schema.graphql. Output fields are
 * non-null unless marked `nullable: true`.
 */
import SchemaBuilder from '@pothos/core';
import { DateTimeISOResolver, JSONResolver } from 'graphql-scalars';
import type { AdminContext } from './context.ts';

/** The builder every admin `*.graphql.ts` file registers its types and root fields on. */
export const adminBuilder = new SchemaBuilder<{
  Context: AdminContext;
  Scalars: {
    /** ISO-8601 timestamp string. */
    DateTime: { Input: Date; Output: Date };
    /** Any JSON value (audit before/after). */
    JSON: { Input: unknown; Output: unknown };
    /** An uploaded file (multipart request; input only). */
    File: { Input: File; Output: never };
  };
  DefaultFieldNullability: false;
}>({ defaultFieldNullability: false });

adminBuilder.addScalarType('DateTime', DateTimeISOResolver);
adminBuilder.addScalarType('JSON', JSONResolver);

adminBuilder.queryType({
  description: 'Root query type of the back-office API at /admin/graphql (issue 26).',
});
adminBuilder.mutationType({
  description:
    'Root mutation type of the back-office API. Every mutation needs the `x-trampa-admin` ' +
    'header (CSRF prevention), validates its input, runs in one transaction and writes an ' +
    'audit-log entry.',
});
