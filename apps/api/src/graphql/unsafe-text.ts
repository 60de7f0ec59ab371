/**
 * Text the database cannot store is refused at the boundary (issue 13 §21): a NUL character
 * (PostgreSQL text cannot hold U+0000) or a lone UTF-16 surrogate (not valid UTF-8) in any
 * variable, string literal argument or the operation name gives HTTP 400 with
 * `extensions.code` BAD_USER_INPUT before anything runs, instead of a masked
 * INTERNAL_SERVER_ERROR from deep inside a resolver.
 */
import { GraphQLError, type ASTVisitor, type ValidationContext } from 'graphql/index.js';
import type { Plugin } from 'graphql-yoga';

/** NUL, or a high surrogate not followed by a low one, or a low one not preceded by a high one. */
const UNSAFE = /\0|[\uD800-\uDBFF](?![\uDC00-\uDFFF])|(?<![\uD800-\uDBFF])[\uDC00-\uDFFF]/;

/** True when `text` holds a NUL character or a lone surrogate. */
export function isUnsafeText(text: string): boolean {
  return UNSAFE.test(text);
}

/** The error of a refused text: HTTP 400, code BAD_USER_INPUT, `extensions.argument`. */
export function unsafeTextError(where: string): GraphQLError {
  return new GraphQLError(`${where} contains a character that is not allowed.`, {
    extensions: { code: 'BAD_USER_INPUT', argument: where, http: { spec: false, status: 400 } },
  });
}

/**
 * The path of the first unsafe string (or key) in a JSON value, or null: within `variables`
 * with path `$`, e.g. `$checkout.address.zip` or `$items[0]`.
 */
export function findUnsafeText(value: unknown, path: string, depth = 0): string | null {
  if (typeof value === 'string') return isUnsafeText(value) ? path : null;
  if (value === null || typeof value !== 'object' || depth > 64) return null;
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const found = findUnsafeText(value[i], `${path}[${i}]`, depth + 1);
      if (found) return found;
    }
    return null;
  }
  for (const [key, item] of Object.entries(value)) {
    if (isUnsafeText(key)) return path;
    const found = findUnsafeText(item, depth === 0 ? `${path}${key}` : `${path}.${key}`, depth + 1);
    if (found) return found;
  }
  return null;
}

/** Validation rule: every string literal in the document is safe text. */
export function safeStringLiteralRule(context: ValidationContext): ASTVisitor {
  return {
    StringValue(node) {
      if (isUnsafeText(node.value)) context.reportError(unsafeTextError('A string argument'));
    },
  };
}

/** The Yoga plugin: checks variables and the operation name, and adds the literal rule. */
export function useSafeText(): Plugin {
  return {
    onParams({ params }) {
      const found =
        findUnsafeText(params.variables ?? null, '$') ??
        (params.operationName && isUnsafeText(params.operationName) ? 'operationName' : null);
      if (found) throw unsafeTextError(found === '$' ? 'A variable name' : found);
    },
    onValidate({ addValidationRule }) {
      addValidationRule(safeStringLiteralRule);
    },
  };
}
