/**
 * Expected failures of the shop's services (ARCHITECTURE convention 6). Services throw a
 * {@link ShopError}; the GraphQL layer turns it into a `GraphQLError` whose `extensions.code` is
 * the error's code (src/graphql/errors.ts). Anything else is a bug and is masked.
 */

/** The codes clients may see in `errors[].extensions.code`. */
export type ShopErrorCode =
  'BAD_USER_INPUT' | 'NOT_FOUND' | 'CURRENCY_NOT_FOUND' | 'UNAUTHENTICATED' | 'FORBIDDEN';

/** An expected, client-facing failure with a stable code and a safe message. */
export class ShopError extends Error {
  override name = 'ShopError';

  constructor(
    /** Stable machine-readable code, sent as `extensions.code`. */
    readonly code: ShopErrorCode,
    message: string,
    /** Extra, safe details sent in `extensions` (e.g. `{ argument: 'take' }`). */
    readonly details: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

/** Invalid argument value: `extensions.code` BAD_USER_INPUT, `extensions.argument` its name. */
export function badUserInput(message: string, argument?: string): ShopError {
  return new ShopError('BAD_USER_INPUT', message, argument ? { argument } : {});
}
