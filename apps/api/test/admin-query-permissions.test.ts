/**
 * Every admin query as every role (issue 41 point 3; modules/staff/roles.ts): the queries are
 * taken from the built admin schema's Query type, so a new query fails here until
 * admin-query-access.ts says which area it belongs to. Each query is sent with every field it
 * can reach selected, anonymously and as each role: a role without read permission in the
 * query's area gets FORBIDDEN (anonymous UNAUTHENTICATED), a role with it gets an answer without
 * errors, in which each field of another area (a product's prices) is null exactly when the role
 * may not read that area, and the catalogue CSV has the price and stock columns exactly when it
 * may read them. A price- or stock-looking field that a role without prices or stock can reach
 * must be guarded or explained. On every database kind.
 */
import {
  getNamedType,
  isAbstractType,
  isLeafType,
  isNonNullType,
  isObjectType,
  type GraphQLField,
  type GraphQLNamedType,
  type GraphQLSchema,
} from 'graphql/index.js';
import { parse } from 'csv-parse/sync';
import { asc } from 'drizzle-orm';
import { beforeAll, describe, expect, it } from 'vitest';
import { products, skus } from '../src/db/schema.ts';
import { getAdminSchema } from '../src/graphql/admin/schema.ts';
import { seedCatalogue } from '../src/db/seed/seed.ts';
import {
  hasPermission,
  STAFF_ROLES,
  type StaffArea,
  type StaffRole,
} from '../src/modules/staff/roles.ts';
import { addStaff, adminClient, codeOf, useAdminApi } from './admin-client.ts';
import {
  FIELD_AREAS,
  FIELD_PATTERNS,
  NOT_PRICES_OR_STOCK,
  QUERY_ACCESS,
  type QueryGate,
} from './admin-query-access.ts';
import { testDatabaseKinds } from './test-db.ts';

const schema: GraphQLSchema = getAdminSchema();
const queryFields = schema.getQueryType()!.getFields();

/** May `role` (null: no session) run a query behind `gate`? */
function mayRun(role: StaffRole | null, gate: QueryGate): boolean {
  if (gate === 'public') return true;
  if (role === null) return false;
  return gate === 'session' || hasPermission(role, gate, 'read');
}

/** The output fields of a named type one can select without arguments. */
function selectable(type: GraphQLNamedType): Array<GraphQLField<unknown, unknown>> {
  if (!isObjectType(type)) return [];
  return Object.values(type.getFields()).filter((f) =>
    f.args.every((a) => !isNonNullType(a.type) || a.defaultValue !== undefined),
  );
}

/** A selection set of every field of `type` down to `depth` levels, with `__typename`. */
function selectionOf(type: GraphQLNamedType, depth: number): string {
  if (isLeafType(type)) return '';
  if (depth === 0) return '{ __typename }';
  if (isAbstractType(type)) {
    const parts = schema
      .getPossibleTypes(type)
      .map((t) => `... on ${t.name} ${selectionOf(t, depth)}`);
    return `{ __typename ${parts.join(' ')} }`;
  }
  const fields = selectable(type).map(
    (f) => `${f.name} ${selectionOf(getNamedType(f.type), depth - 1)}`,
  );
  return `{ __typename ${fields.join(' ')} }`;
}

/** Every `Type.field` reachable from a query's type (not below a guarded field). */
function reachableFields(type: GraphQLNamedType, seen = new Set<string>()): Set<string> {
  const found = new Set<string>();
  const types = isAbstractType(type) ? schema.getPossibleTypes(type) : [type];
  for (const t of types) {
    if (seen.has(t.name)) continue;
    seen.add(t.name);
    for (const field of selectable(t)) {
      const path = `${t.name}.${field.name}`;
      found.add(path);
      // Below a guarded field everything is withheld with it.
      if (path in FIELD_AREAS) continue;
      for (const inner of reachableFields(getNamedType(field.type), seen)) found.add(inner);
    }
  }
  return found;
}

/** Every value of a guarded field in an answer: `Type.field` and whether it was null. */
function guardedValues(
  value: unknown,
  out: Array<[string, boolean]> = [],
): Array<[string, boolean]> {
  if (Array.isArray(value)) {
    for (const item of value) guardedValues(item, out);
  } else if (value && typeof value === 'object') {
    const record = value as Record<string, unknown>;
    for (const [key, inner] of Object.entries(record)) {
      const name = `${String(record.__typename)}.${key}`;
      if (name in FIELD_AREAS) out.push([name, inner === null]);
      guardedValues(inner, out);
    }
  }
  return out;
}

describe('the admin queries and the permission table', () => {
  it('names every query of the admin schema, and only those', () => {
    expect(Object.keys(QUERY_ACCESS).sort()).toEqual(Object.keys(queryFields).sort());
  });

  it('guards or explains every price or stock field a role without them can reach', () => {
    const unclassified: string[] = [];
    for (const [name, field] of Object.entries(queryFields)) {
      const gate = QUERY_ACCESS[name]?.gate ?? 'public';
      const runners = STAFF_ROLES.filter((role) => mayRun(role, gate));
      for (const [key, pattern] of Object.entries(FIELD_PATTERNS)) {
        const area = key as StaffArea;
        if (runners.every((role) => hasPermission(role, area, 'read'))) continue;
        for (const path of reachableFields(getNamedType(field.type))) {
          const fieldName = path.split('.')[1]!;
          if (!pattern.test(fieldName) || path in NOT_PRICES_OR_STOCK) continue;
          if (FIELD_AREAS[path] !== area) unclassified.push(`${name}: ${path} (${area})`);
        }
      }
    }
    expect(unclassified).toEqual([]);
  });

  it('has no stale entries in its field tables', () => {
    const all = new Set(
      Object.values(queryFields).flatMap((f) => [...reachableFields(getNamedType(f.type))]),
    );
    const stale = [...Object.keys(FIELD_AREAS), ...Object.keys(NOT_PRICES_OR_STOCK)].filter(
      (path) => !all.has(path),
    );
    expect(stale).toEqual([]);
  });
});

describe.each(testDatabaseKinds())('every admin query as every role on %s', (kind) => {
  const state = useAdminApi(kind);
  const clients = new Map<StaffRole | null, ReturnType<typeof adminClient>>();
  const variables = { productId: 0, skuId: 0 };
  const seen: Array<{ field: string; role: StaffRole; isNull: boolean }> = [];

  beforeAll(async () => {
    await seedCatalogue(state.handle.db, { products: 2 });
    const [product] = await state.handle.db.select().from(products).orderBy(asc(products.id));
    const [sku] = await state.handle.db.select().from(skus).orderBy(asc(skus.id));
    variables.productId = product!.id;
    variables.skuId = sku!.id;
    clients.set(null, adminClient(state.api, '10.82.0.99'));
    for (const [i, role] of STAFF_ROLES.entries()) {
      await addStaff(state.handle, `${role}@example.se`, role);
      const client = adminClient(state.api, `10.82.0.${i + 1}`);
      expect((await client.login(`${role}@example.se`)).status).toBe(200);
      clients.set(role, client);
    }
  }, 120_000);

  /** The document of a query with every field selected, its arguments filled in. */
  const documentOf = (name: string) => {
    const args = (QUERY_ACCESS[name]?.args ?? '')
      .replace('$productId', String(variables.productId))
      .replace('$skuId', String(variables.skuId));
    return `{ ${name}${args} ${selectionOf(getNamedType(queryFields[name]!.type), 5)} }`;
  };

  it.each(Object.keys(QUERY_ACCESS))('%s obeys each role’s permissions', async (name) => {
    const { gate } = QUERY_ACCESS[name]!;
    const query = documentOf(name);
    for (const [role, client] of clients) {
      const answer = await client.send(query);
      if (!mayRun(role, gate)) {
        expect({ role, code: codeOf(answer) }).toEqual({
          role,
          code: role === null ? 'UNAUTHENTICATED' : 'FORBIDDEN',
        });
        expect(answer.body.data?.[name] ?? null).toBeNull();
        continue;
      }
      expect({ role, errors: answer.body.errors }).toEqual({ role, errors: undefined });
      if (role === null) continue;
      for (const [field, isNull] of guardedValues(answer.body.data?.[name])) {
        expect({ role, field, isNull }).toEqual({
          role,
          field,
          isNull: !hasPermission(role, FIELD_AREAS[field]!, 'read'),
        });
        seen.push({ field, role, isNull });
      }
      if (name === 'catalogueCsvExport') {
        const [header] = parse(answer.body.data?.[name] as string, {
          delimiter: ';',
          bom: true,
          to_line: 1,
        }) as string[][];
        expect({
          role,
          prices: header!.some((c) => /^(pris|moms)_/.test(c)),
          stock: header!.some((c) => /^(lager_|inleverans$)/.test(c)),
        }).toEqual({
          role,
          prices: hasPermission(role, 'prices', 'read'),
          stock: hasPermission(role, 'stock', 'read'),
        });
      }
    }
  });

  it('saw each guarded field both given and withheld (the walk reached it)', () => {
    for (const field of Object.keys(FIELD_AREAS)) {
      const values = seen.filter((s) => s.field === field).map((s) => s.isNull);
      expect({ field, given: values.includes(false), withheld: values.includes(true) }).toEqual({
        field,
        given: true,
        withheld: true,
      });
    }
  });
});
