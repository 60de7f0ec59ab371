/**
 * Error mapping (ARCHITECTURE convention 6): GraphQL errors, including the services' typed
 * `ShopError`s (src/errors.ts) (validation, bad scalars, APQ, CURRENCY_NOT_FOUND, …), reach the client with
 * their `extensions.code`; anything else is masked as "Unexpected error." with code
 * INTERNAL_SERVER_ERROR, logged on the server, and never carries a stack trace, whatever
 * NODE_ENV says.
 */
import { maskError as yogaMaskError } from 'graphql-yoga';

/**
 * Yoga's `maskedErrors.maskError`.
 * @param error what a resolver or plugin threw (possibly wrapped in a located GraphQLError)
 * @param message the generic message for unexpected errors
 */
export function maskError(error: unknown, message: string): Error {
  return yogaMaskError(error, message, false);
}
