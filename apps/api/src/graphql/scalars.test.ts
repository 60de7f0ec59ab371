/**
 * The Geins scalars (GEINS-API §4 "Scalars") over graphql-scalars' checks (issue 22): names and
 * wire formats unchanged, bad input a BAD_USER_INPUT error with our message.
 */
import { GraphQLError, Kind, type GraphQLScalarType } from 'graphql/index.js';
import { describe, expect, it } from 'vitest';
import { getSchema } from './schema.ts';

const scalar = (name: string) => getSchema().getType(name) as GraphQLScalarType;

/** The error a parse or serialise throws (fails when it does not throw). */
function failure(run: () => unknown): GraphQLError {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(GraphQLError);
    return error as GraphQLError;
  }
  throw new Error('expected an error');
}

describe('DateTime', () => {
  const dateTime = scalar('DateTime');
  it('writes Dates as ISO-8601 with milliseconds and stored date strings as they are', () => {
    expect(dateTime.serialize(new Date(Date.UTC(2026, 2, 1, 10, 5)))).toBe(
      '2026-03-01T10:05:00.000Z',
    );
    expect(dateTime.serialize('2026-03-01')).toBe('2026-03-01');
    expect(failure(() => dateTime.serialize(new Date(Number.NaN))).extensions.code).toBe(
      'BAD_USER_INPUT',
    );
    expect(() => dateTime.serialize(12)).toThrow(GraphQLError);
  });

  it('reads RFC 3339 date-times, plain dates and offset-less date-times (as UTC)', () => {
    const iso = (value: string) => (dateTime.parseValue(value) as Date).toISOString();
    expect(iso('2026-03-01T10:05:00+02:00')).toBe('2026-03-01T08:05:00.000Z');
    expect(iso('2026-03-01T10:05:00.250Z')).toBe('2026-03-01T10:05:00.250Z');
    expect(iso('2026-03-01')).toBe('2026-03-01T00:00:00.000Z');
    expect(iso('2026-03-01T10:05:00')).toBe('2026-03-01T10:05:00.000Z');
    expect(iso('2026-03-01T10:05')).toBe('2026-03-01T10:05:00.000Z');
    const literal = dateTime.parseLiteral({ kind: Kind.STRING, value: '2026-03-01' }) as Date;
    expect(literal.toISOString()).toBe('2026-03-01T00:00:00.000Z');
  });

  it('refuses what is not a date', () => {
    for (const bad of ['2026-02-30', '2026-13-01T00:00:00Z', 'yesterday', '', 20260301, null]) {
      const error = failure(() => dateTime.parseValue(bad));
      expect(error.message).toBe(`DateTime cannot represent the value ${JSON.stringify(bad)}`);
      expect(error.extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(() => dateTime.parseLiteral({ kind: Kind.INT, value: '1' })).toThrow(GraphQLError);
  });
});

describe('Guid', () => {
  const guid = scalar('Guid');
  const id = '3f1c2a9e-8b7d-4c6e-9a1b-2d3e4f5a6b7c';
  it('reads and writes lower-case UUIDs, also from upper case and the braced form', () => {
    expect(guid.serialize(id)).toBe(id);
    expect(guid.parseValue(id.toUpperCase())).toBe(id);
    expect(guid.parseValue(`{${id}}`)).toBe(id);
    expect(guid.parseLiteral({ kind: Kind.STRING, value: id })).toBe(id);
  });

  it('refuses anything else', () => {
    for (const bad of ['3f1c2a9e', `${id}0`, `{${id}`, 42, null]) {
      const error = failure(() => guid.parseValue(bad));
      expect(error.message).toBe(`Guid cannot represent the value ${JSON.stringify(bad)}`);
      expect(error.extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(() => guid.serialize('not-a-uuid')).toThrow(GraphQLError);
  });
});

describe('Long', () => {
  const long = scalar('Long');
  it('writes integers, bigints and integer strings as JSON numbers', () => {
    expect(long.serialize(42)).toBe(42);
    expect(long.serialize(42n)).toBe(42);
    expect(long.serialize('42')).toBe(42);
    expect(long.parseValue(7)).toBe(7);
    expect(long.parseLiteral({ kind: Kind.INT, value: '7' })).toBe(7);
  });

  it('refuses fractions and non-numbers', () => {
    for (const bad of [1.5, 'x', '', Number.NaN, {}]) {
      expect(failure(() => long.serialize(bad)).extensions.code).toBe('BAD_USER_INPUT');
    }
    expect(() => long.parseValue(2.5)).toThrow(GraphQLError);
    expect(() => long.parseLiteral({ kind: Kind.FLOAT, value: '1.5' })).toThrow(GraphQLError);
    expect(() => long.parseLiteral({ kind: Kind.STRING, value: '1' })).toThrow(GraphQLError);
  });
});

describe('Decimal', () => {
  const decimal = scalar('Decimal');
  it('is a JSON number from numbers and numeric strings', () => {
    expect(decimal.serialize(1299.5)).toBe(1299.5);
    expect(decimal.parseValue('-1')).toBe(-1);
    expect(decimal.parseLiteral({ kind: Kind.FLOAT, value: '0.25' })).toBe(0.25);
    expect(failure(() => decimal.parseValue('abc')).extensions.code).toBe('BAD_USER_INPUT');
    expect(() => decimal.serialize(Number.POSITIVE_INFINITY)).toThrow(GraphQLError);
  });
});
