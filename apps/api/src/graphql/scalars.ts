/**
 * Scalars (GEINS-API §4 "Scalars"): Decimal (JSON number, money in kronor), DateTime (ISO-8601
 * string), Long (JSON number), Guid (UUID string). Invalid input values give a GraphQL
 * validation error (BAD_USER_INPUT), never a stack trace.
 */
import { GraphQLError, Kind, type ValueNode } from 'graphql/index.js';
import { builder } from './builder.ts';

function invalid(type: string, value: unknown): GraphQLError {
  return new GraphQLError(`${type} cannot represent the value ${JSON.stringify(value)}`, {
    extensions: { code: 'BAD_USER_INPUT' },
  });
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

/** `Decimal`: a JSON number, e.g. 1299.5 (kronor). Accepts numbers and numeric strings. */
builder.scalarType('Decimal', {
  description:
    'A decimal number sent as a JSON number. Money amounts are in major units (kronor), ' +
    'e.g. 1299.5 (GEINS-API §4 Scalars).',
  serialize: (value) => toFiniteNumber('Decimal', value),
  parseValue: (value) => toFiniteNumber('Decimal', value),
  parseLiteral: (ast) => toFiniteNumber('Decimal', literalValue(ast)),
});

/** `Long`: a 64-bit integer as a JSON number. */
builder.scalarType('Long', {
  description: 'A 64-bit integer sent as a JSON number (GEINS-API §4 Scalars).',
  serialize: (value) => {
    const number = toFiniteNumber('Long', typeof value === 'bigint' ? Number(value) : value);
    if (!Number.isInteger(number)) throw invalid('Long', value);
    return number;
  },
  parseValue: (value) => {
    const number = toFiniteNumber('Long', value);
    if (!Number.isInteger(number)) throw invalid('Long', value);
    return number;
  },
  parseLiteral: (ast) => {
    if (ast.kind !== Kind.INT) throw invalid('Long', literalValue(ast));
    return Number(ast.value);
  },
});

function parseDateTime(value: unknown): Date {
  if (typeof value !== 'string' || !/^\d{4}-\d{2}-\d{2}/.test(value)) {
    throw invalid('DateTime', value);
  }
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) throw invalid('DateTime', value);
  return date;
}

/** `DateTime`: ISO-8601; dates (`2026-03-01`) are sent as they are stored. */
builder.scalarType('DateTime', {
  description:
    'A date and time as an ISO-8601 string, e.g. "2026-03-01T00:00:00.000Z"; plain dates ' +
    '("2026-03-01") are sent as stored (GEINS-API §4 Scalars).',
  serialize: (value) => {
    if (value instanceof Date) return value.toISOString();
    if (typeof value === 'string') return value;
    throw invalid('DateTime', value);
  },
  parseValue: parseDateTime,
  parseLiteral: (ast) => parseDateTime(literalValue(ast)),
});

const uuidPattern = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

function parseGuid(value: unknown): string {
  if (typeof value !== 'string' || !uuidPattern.test(value)) throw invalid('Guid', value);
  return value.toLowerCase();
}

/** `Guid`: a UUID string such as a public order id. */
builder.scalarType('Guid', {
  description: 'A UUID string, e.g. "3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c" (GEINS-API §4 Scalars).',
  serialize: (value) => parseGuid(value),
  parseValue: parseGuid,
  parseLiteral: (ast) => parseGuid(literalValue(ast)),
});
