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

/**
 * The language of the refusal's message: English for the shop API's clients, Swedish for the
 * back office's staff (issue 41 §4).
 */
export type SafeTextLanguage = 'en' | 'sv';

/** The message of a refused text at `where` (a variable path such as `$input.reason`). */
function unsafeTextMessage(where: string, language: SafeTextLanguage): string {
  return language === 'sv'
    ? `${where} innehåller ett tecken som inte är tillåtet (ett NUL-tecken eller ogiltig Unicode). Ta bort tecknet och försök igen.`
    : `${where} contains a character that is not allowed.`;
}

/** The error of a refused text: HTTP 400, code BAD_USER_INPUT, `extensions.argument`. */
export function unsafeTextError(where: string, language: SafeTextLanguage = 'en'): GraphQLError {
  return new GraphQLError(unsafeTextMessage(where, language), {
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

/** A validation rule: every string literal in the document is safe text. */
export function safeStringLiteralRule(
  language: SafeTextLanguage = 'en',
): (context: ValidationContext) => ASTVisitor {
  const where = language === 'sv' ? 'En textparameter' : 'A string argument';
  return (context) => ({
    StringValue(node) {
      if (isUnsafeText(node.value)) context.reportError(unsafeTextError(where, language));
    },
  });
}

/**
 * The Yoga plugin: checks variables and the operation name, and adds the literal rule. Used by
 * the shop API (English messages) and the back-office API (`'sv'`, issue 41 §4): one rule for
 * every text input of both.
 */
export function useSafeText(language: SafeTextLanguage = 'en'): Plugin {
  const literalRule = safeStringLiteralRule(language);
  const variableName = language === 'sv' ? 'Ett variabelnamn' : 'A variable name';
  return {
    onParams({ params }) {
      const found =
        findUnsafeText(params.variables ?? null, '$') ??
        (params.operationName && isUnsafeText(params.operationName) ? 'operationName' : null);
      if (found) throw unsafeTextError(found === '$' ? variableName : found, language);
    },
    onValidate({ addValidationRule }) {
      addValidationRule(literalRule);
    },
  };
}
