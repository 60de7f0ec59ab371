/**
 * Error mapping (ARCHITECTURE convention 6): expected failures ({@link ShopError}) become
 * GraphQL errors with `extensions.code`; GraphQL errors (validation, APQ, bad scalars) pass as
 * they are; anything else is masked as "Unexpected error." with code INTERNAL_SERVER_ERROR and
 * no stack trace, and is logged on the server.
 */
import { GraphQLError } from 'graphql';
import { maskError as yogaMaskError } from 'graphql-yoga';
import { ShopError } from '../errors.ts';

function shopErrorOf(error: unknown): ShopError | null {
  if (error instanceof ShopError) return error;
  if (error instanceof GraphQLError && error.originalError instanceof ShopError) {
    return error.originalError;
  }
  return null;
}

/**
 * Yoga's `maskedErrors.maskError`: maps a thrown error to what the client sees.
 * @param error what a resolver or plugin threw (possibly wrapped in a GraphQLError)
 * @param message the generic message for unexpected errors
 */
export function maskError(error: unknown, message: string): Error {
  const shopError = shopErrorOf(error);
  if (shopError) {
    const located = error instanceof GraphQLError ? error : undefined;
    return new GraphQLError(shopError.message, {
      nodes: located?.nodes,
      source: located?.source,
      positions: located?.positions,
      path: located?.path,
      extensions: { ...shopError.details, code: shopError.code },
    });
  }
  // Never in development mode: no `originalError` with a stack in the response.
  return yogaMaskError(error, message, false);
}
