/**
 * Automatic persisted queries (SPEC §7; the protocol of Apollo's persisted-query link and of
 * @graphql-yoga/plugin-apq): `extensions.persistedQuery.sha256Hash` alone runs the stored text
 * (or fails with PersistedQueryNotFound, HTTP 404); hash + query registers the text when the hash
 * matches (else PersistedQueryMismatch, HTTP 400).
 *
 * Unlike Yoga's plugin, a text is stored only once it has parsed and validated against the schema
 * and within the query limits (issue 13 §19): junk texts with matching hashes fill nothing.
 */
import { createHash } from 'node:crypto';
import { createGraphQLError, type Plugin } from 'graphql-yoga';
import type { PersistedQueryStore } from '../modules/persisted-queries/persisted-queries.service.ts';

/** The lowercase hex SHA-256 of a text (UTF-8). */
export function sha256Hex(text: string): string {
  return createHash('sha256').update(text, 'utf8').digest('hex');
}

function persistedQueryExtension(value: unknown): { sha256Hash: string } | null {
  if (value === null || typeof value !== 'object') return null;
  const { version, sha256Hash } = value as { version?: unknown; sha256Hash?: unknown };
  return version === 1 && typeof sha256Hash === 'string' ? { sha256Hash } : null;
}

/**
 * The APQ plugin on `store`. Registrations are remembered per request and stored when execution
 * starts, which is only after the document parsed and validated without errors.
 */
export function usePersistedQueries(store: PersistedQueryStore): Plugin {
  /** Request -> hash and text waiting for validation. */
  const pending = new WeakMap<Request, { hash: string; query: string }>();
  return {
    async onParams({ params, setParams, request }) {
      const extension = persistedQueryExtension(params.extensions?.persistedQuery);
      if (!extension) return;
      if (params.query == null) {
        const query = await store.get(extension.sha256Hash);
        if (query == null) {
          throw createGraphQLError('PersistedQueryNotFound', {
            extensions: { code: 'PERSISTED_QUERY_NOT_FOUND', http: { status: 404 } },
          });
        }
        setParams({ ...params, query });
        return;
      }
      if (extension.sha256Hash.toLowerCase() !== sha256Hex(params.query)) {
        throw createGraphQLError('PersistedQueryMismatch', {
          extensions: { code: 'PERSISTED_QUERY_MISMATCH', http: { status: 400 } },
        });
      }
      pending.set(request, { hash: extension.sha256Hash, query: params.query });
    },
    async onExecute({ args }) {
      // Execution starts only after the document parsed and validated (limits included).
      const request = (args.contextValue as { request?: Request }).request;
      const registration = request ? pending.get(request) : undefined;
      if (!request || !registration) return;
      pending.delete(request);
      await store.set(registration.hash, registration.query);
    },
  };
}
