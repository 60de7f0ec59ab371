/**
 * The account part of the request context (`context.account`), built in server.ts's
 * `getLoadContext`: the resolved session (refreshed if needed), the auth gateway, and API clients
 * for a given token (right after login or registration, before the cookie reaches the browser).
 */
import type { ApiClient } from '../../graphql/client.server';
import {
  createAuthGateway,
  resolveSession,
  type AuthFetch,
  type AuthGateway,
  type ResolvedSession,
} from './session.server';

/** `context.account`. */
export interface AccountContext {
  session: ResolvedSession;
  auth: AuthGateway;
  /** True when cookies must be Secure (the shop runs on https). */
  secure: boolean;
  /** The public password salt (GEINS-API §7.3), for the browser's digest. */
  passwordSalt: string;
  /** An API client sending `token` as Bearer. */
  apiWithToken(token: string): ApiClient;
}

/** Options of {@link createAccountContext}. */
export interface AccountContextOptions {
  cookieHeader: string | null | undefined;
  authFetch: AuthFetch;
  apiKey: string;
  secure: boolean;
  passwordSalt: string;
  apiWithToken(token: string): ApiClient;
  now?: number;
}

/** Resolves the request's session (refreshing an expired token) and the account helpers. */
export async function createAccountContext(
  options: AccountContextOptions,
): Promise<AccountContext> {
  const auth = createAuthGateway({ fetch: options.authFetch, apiKey: options.apiKey });
  const session = await resolveSession(
    options.cookieHeader,
    auth,
    options.secure,
    options.now ?? Date.now(),
  );
  return {
    session,
    auth,
    secure: options.secure,
    passwordSalt: options.passwordSalt,
    apiWithToken: options.apiWithToken,
  };
}

/**
 * The auth transport in scale-out mode: the API's `/auth/*` next to its GraphQL endpoint. The
 * shopper's address goes along as `X-Forwarded-For`, so the API's per-IP rate limits count
 * shoppers, not this server (the API trusts it with TRUST_PROXY=1).
 * @param graphqlEndpoint e.g. `http://api:4000/graphql`
 * @param clientIp the shopper's address (Express `req.ip`), when known
 * @param requestId the shopper's request id, sent as `x-request-id` for the API's logs (issue 15)
 */
export function httpAuthFetch(
  graphqlEndpoint: string,
  clientIp?: string,
  requestId?: string,
): AuthFetch {
  return async (request) => {
    const source = new URL(request.url);
    const target = new URL(source.pathname + source.search, graphqlEndpoint);
    const forwarded = new Request(target, request);
    if (clientIp) forwarded.headers.set('x-forwarded-for', clientIp);
    if (requestId) forwarded.headers.set('x-request-id', requestId);
    return fetch(forwarded);
  };
}
