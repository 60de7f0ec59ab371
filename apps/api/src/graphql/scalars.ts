/**
 * Scalars (GEINS-API §4 "Scalars"): Decimal (JSON number, money in kronor), DateTime (ISO-8601
 * string), Long (JSON number), Guid (UUID string). The Geins names and wire formats are ours;
 * the checks of Long, DateTime and Guid are graphql-scalars' (`BigInt`, `DateTime` and `Date`,
 * `UUID`; issue 22). Invalid input values give a GraphQL validation error (BAD_USER_INPUT) with
 * our message, never a stack trace.
 */
import { GraphQLError, Kind, type GraphQLScalarType, type ValueNode } from 'graphql/index.js';
import { GraphQLBigInt, GraphQLDate, GraphQLDateTime, GraphQLUUID } from 'graphql-scalars';
import { builder } from './builder.ts';

function invalid(type: string, value: unknown): GraphQLError {
  return new GraphQLError(`${type} cannot represent the value ${JSON.stringify(value)}`, {
    extensions: { code: 'BAD_USER_INPUT' },
  });
}

/**
 * Runs a graphql-scalars check; any error it throws (GraphQLError, SyntaxError of `BigInt`)
 * becomes {@link invalid} for `type`.
 */
function checked<T>(type: string, value: unknown, check: () => T): T {
  try {
    return check();
  } catch {
    throw invalid(type, value);
  }
}

function toFiniteNumber(type: string, value: unknown): number {
  const number = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  if (typeof number !== 'number' || !Number.isFinite(number)) throw invalid(type, value);
  return number;
}

function literalValue(ast: ValueNode): unknown {
  switch (ast.kind) {
    case Kind.INT:
    case Kind.FLOAT:
      return Number(ast.value);
    case Kind.STRING:
      return ast.value;
    default:
      return undefined;
  }
}

/**
 * `Decimal`: a JSON number, e.g. 1299.5 (kronor). Accepts numbers and numeric strings.
 * graphql-scalars has no decimal that takes both (its floats refuse strings), so this one is ours.
 */
builder.scalarType('Decimal', {
  description:
    'A decimal number sent as a JSON number. Money amounts are in major units (kronor), ' +
    'e.g. 1299.5 (GEINS-API §4 Scalars).',
  serialize: (value) => toFiniteNumber('Decimal', value),
  parseValue: (value) => toFiniteNumber('Decimal', value),
  parseLiteral: (ast) => toFiniteNumber('Decimal', literalValue(ast)),
});

/**
 * A whole number through graphql-scalars' `BigInt` (integers, bigints and integer strings), as a
 * JSON number: values beyond 2^53 lose precision rather than turning into strings.
 */
function toLong(value: unknown): number {
  const number = Number(checked('Long', value, () => GraphQLBigInt.serialize(value)));
  if (!Number.isFinite(number)) throw invalid('Long', value);
  return number;
}

/** `Long`: a 64-bit integer as a JSON number. */
builder.scalarType('Long', {
  description: 'A 64-bit integer sent as a JSON number (GEINS-API §4 Scalars).',
  serialize: (value) => toLong(typeof value === 'bigint' ? value : toFiniteNumber('Long', value)),
  parseValue: (value) => toLong(toFiniteNumber('Long', value)),
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) throw invalid('Long', literalValue(ast));
    return toLong(Number(ast.value));
  },
});

/** An ISO-8601 local date-time without offset, e.g. `2026-03-01T10:00:00` (read as UTC). */
const LOCAL_DATE_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}(?::\d{2}(?:\.\d{1,9})?)?$/;

/**
 * An input date: an RFC 3339 date-time (graphql-scalars `DateTime`), a plain date `2026-03-01`
 * (its `Date`: midnight UTC), or a date-time without offset as .NET clients send it (UTC).
 */
function parseDateTime(value: unknown): Date {
  return checked('DateTime', value, () => {
    if (typeof value !== 'string') throw invalid('DateTime', value);
    const scalar: GraphQLScalarType = value.length === 10 ? GraphQLDate : GraphQLDateTime;
    const text = LOCAL_DATE_TIME.test(value)
      ? `${value}${value.length === 16 ? ':00' : ''}Z`
      : value;
    const date: unknown = scalar.parseValue(text);
    if (!(date instanceof Date)) throw invalid('DateTime', value);
    return date;
  });
}

/** `DateTime`: ISO-8601; dates (`2026-03-01`) are sent as they are stored. */
builder.scalarType('DateTime', {
  description:
    'A date and time as an ISO-8601 string, e.g. "2026-03-01T00:00:00.000Z"; plain dates ' +
    '("2026-03-01") are sent as stored (GEINS-API §4 Scalars).',
  serialize: (value) => {
    if (value instanceof Date) {
      // graphql-scalars refuses an invalid Date; a valid one is written with milliseconds.
      checked('DateTime', value, () => GraphQLDateTime.serialize(value));
      return value.toISOString();
    }
    if (typeof value === 'string') return value;
    throw invalid('DateTime', value);
  },
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(literalValue(ast)),
});

/**
 * A UUID through graphql-scalars' `UUID` (which also takes the braced form `{…}` as .NET's
 * Guid.Parse does), lower-cased.
 */
function parseGuid(value: unknown): string {
  const uuid = checked('Guid', value, () => GraphQLUUID.parseValue(value));
  if (typeof uuid !== 'string') throw invalid('Guid', value);
  return uuid.toLowerCase();
}

/** `Guid`: a UUID string such as a public order id. */
builder.scalarType('Guid', {
  description: 'A UUID string, e.g. "3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c" (GEINS-API §4 Scalars).',
  serialize: (value) => parseGuid(value),
  parseValue: parseGuid,
  parseLiteral: (ast) => parseGuid(literalValue(ast)),
});
