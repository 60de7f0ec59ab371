/**
 * Node `http` adapter of the auth service: turns an IncomingMessage into a fetch Request for
 * `api.auth`, passes the client's IP address (per-IP rate limit) and writes the Response back.
 * Mount it for `/auth/*` (apps/storefront/server.ts, apps/api/src/server.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { AuthRequestInfo } from './auth.http.ts';

/** Largest request body accepted (credentials are small). */
const MAX_BODY_BYTES = 16 * 1024;

/**
 * The client's address behind `trustedHops` reverse proxies (TRUST_PROXY): the entry of
 * `X-Forwarded-For` that the nearest trusted proxy saw as its peer, counted from the right
 * (as Express's `trust proxy` with a hop count). With 0 hops, or a header shorter than the
 * hops, the header cannot be trusted further: the leftmost reachable address is used.
 */
export function clientAddress(req: IncomingMessage, trustedHops: number): string | undefined {
  const socket = req.socket.remoteAddress;
  if (trustedHops <= 0) return socket;
  const header = req.headers['x-forwarded-for'];
  const forwarded = (Array.isArray(header) ? header.join(',') : (header ?? ''))
    .split(',')
    .map((part) => part.trim())
    .filter(Boolean);
  const chain = socket ? [...forwarded, socket] : forwarded;
  return chain[Math.max(0, chain.length - 1 - trustedHops)] ?? socket;
}

/** The auth handler signature of `Api.auth`. */
export type AuthFetch = (request: Request, info?: AuthRequestInfo) => Promise<Response>;

async function readBody(req: IncomingMessage): Promise<Buffer | null> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req) {
    const buffer = Buffer.isBuffer(chunk) ? chunk : Buffer.from(chunk as string);
    size += buffer.length;
    if (size > MAX_BODY_BYTES) return null;
    chunks.push(buffer);
  }
  return Buffer.concat(chunks);
}

/**
 * A Node request listener for the auth service.
 * @param auth `api.auth`
 * @param clientIp how to find the client's address (default: the socket's remote address; pass
 *   Express's `req.ip` behind a trusted proxy)
 */
export function authNodeListener(
  auth: AuthFetch,
  clientIp: (req: IncomingMessage) => string | undefined = (req) => req.socket.remoteAddress,
) {
  return async (req: IncomingMessage, res: ServerResponse): Promise<void> => {
    const headers = new Headers();
    for (const [name, value] of Object.entries(req.headers)) {
      if (typeof value === 'string') headers.set(name, value);
      else if (Array.isArray(value)) headers.set(name, value.join(', '));
    }
    const method = req.method ?? 'GET';
    let body: Buffer | null = null;
    if (method !== 'GET' && method !== 'HEAD') {
      body = await readBody(req);
      if (body === null) {
        res.writeHead(413, { 'content-type': 'application/json' }).end('{"error":"TOO_LARGE"}');
        return;
      }
    }
    const host = req.headers.host ?? 'localhost';
    const request = new Request(new URL(req.url ?? '/', `http://${host}`), {
      method,
      headers,
      body: body && body.length > 0 ? new Uint8Array(body) : undefined,
    });
    const response = await auth(request, { clientIp: clientIp(req) });
    res.statusCode = response.status;
    response.headers.forEach((value, name) => res.setHeader(name, value));
    res.end(Buffer.from(await response.arrayBuffer()));
  };
}
