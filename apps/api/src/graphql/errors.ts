/**
 * Error mapping (ARCHITECTURE convention 6): GraphQL errors, including the services' typed
 * `ShopError`s (src/errors.ts) (validation, bad scalars, APQ, CURRENCY_NOT_FOUND, …), reach the client with
 * their `extensions.code`; anything else is masked as "Unexpected error." with code
 * INTERNAL_SERVER_ERROR, logged on the server, and never carries a stack trace, whatever
 * NODE_ENV says.
 *
 * Issue 28: an error that means the database is unavailable (db/unavailable.ts) becomes
 * `extensions.code` SERVICE_UNAVAILABLE (with `retryAfter` in seconds) instead, is not logged as
 * an unexpected error (the request line carries the code), and {@link useServiceUnavailable}
 * answers HTTP 503 with `Retry-After` when no field could be answered.
 */
import { GraphQLError } from 'graphql/index.js';
import { maskError as yogaMaskError, type Plugin } from 'graphql-yoga';
import {
  isDatabaseUnavailable,
  RETRY_AFTER_SECONDS,
  SERVICE_UNAVAILABLE,
  SERVICE_UNAVAILABLE_MESSAGE,
} from '../db/unavailable.ts';
import { noteRequestCode } from '../log.ts';

/**
 * The GraphQL error of a request that met an unavailable database: code SERVICE_UNAVAILABLE,
 * `retryAfter` {@link RETRY_AFTER_SECONDS}, located like `located` (a resolver's error) if given.
 */
export function serviceUnavailableError(located?: unknown): GraphQLError {
  const at = located instanceof GraphQLError ? located : undefined;
  return new GraphQLError(SERVICE_UNAVAILABLE_MESSAGE, {
    ...(at ? { nodes: at.nodes, source: at.source, positions: at.positions, path: at.path } : {}),
    extensions: { code: SERVICE_UNAVAILABLE, retryAfter: RETRY_AFTER_SECONDS },
  });
}

/**
 * Yoga's `maskedErrors.maskError`.
 * @param error what a resolver or plugin threw (possibly wrapped in a located GraphQLError)
 * @param message the generic message for unexpected errors
 */
export function maskError(error: unknown, message: string): Error {
  if (isDatabaseUnavailable(error)) {
    noteRequestCode(SERVICE_UNAVAILABLE);
    return serviceUnavailableError(error);
  }
  return yogaMaskError(error, message, false);
}

/** True when a result field holds an answer (not null). */
function answered(data: unknown): boolean {
  if (data === null || typeof data !== 'object') return false;
  return Object.values(data).some((value) => value !== null && value !== undefined);
}

/**
 * Yoga plugin: a result with a SERVICE_UNAVAILABLE error gets `Retry-After`, and HTTP status 503
 * when no top-level field was answered (otherwise the partial answer keeps 200).
 */
export function useServiceUnavailable(): Plugin {
  return {
    onResultProcess({ result, setResult }) {
      if (Array.isArray(result) || !result || typeof result !== 'object') return;
      const single = result as {
        data?: unknown;
        errors?: ReadonlyArray<{ extensions?: Record<string, unknown> }>;
        extensions?: Record<string, unknown>;
      };
      const unavailable = single.errors?.some(
        (error) => error.extensions?.code === SERVICE_UNAVAILABLE,
      );
      if (!unavailable) return;
      setResult({
        ...single,
        extensions: {
          ...single.extensions,
          http: {
            ...(answered(single.data) ? {} : { status: 503 }),
            headers: { 'Retry-After': String(RETRY_AFTER_SECONDS) },
          },
        },
      } as never);
    },
  };
}
