/**
 * Server rendering entry: React Router's default Node entry, plus the CSP nonce (from the load
 * context) on every inline script React Router writes, and the page's scripts loaded after the
 * first paint.
 */
import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from 'react-dom/server';
import {
  isRouteErrorResponse,
  ServerRouter,
  type AppLoadContext,
  type EntryContext,
} from 'react-router';
import { scriptsAfterFirstPaint } from './routing/scripts-after-paint.server';
import { NonceContext } from './security/nonce';

/** How long deferred data may stream before the render is aborted (ms). */
export const streamTimeout = 5_000;

/**
 * Unexpected errors of loaders, actions and rendering (React Router would `console.error` them):
 * one JSON error line with the request's id and the error's scrubbed message and stack (issue
 * 15). Aborted requests (the shopper left) are not errors.
 */
export function handleError(
  error: unknown,
  { request, context }: { request: Request; context: AppLoadContext | undefined },
): void {
  if (request.signal.aborted) return;
  // A route error response may carry the thrown error (React Router's own default does this).
  const inner = isRouteErrorResponse(error) ? (error as { error?: unknown }).error : undefined;
  const cause = inner ?? error;
  context?.log.error('Unexpected error while rendering', { err: cause });
}

/** Renders a document request to a streamed HTML response. */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: AppLoadContext,
): Response | Promise<Response> {
  if (request.method.toUpperCase() === 'HEAD') {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.cspNonce || undefined;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Bots get the whole page at once; shoppers get the shell first and deferred data streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(
      () => abort(),
      streamTimeout + 1000,
    );
    const { pipe, abort } = renderToPipeableStream(
      <NonceContext.Provider value={nonce ?? ''}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </NonceContext.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          const stream = createReadableStreamFromReadable(body);
          responseHeaders.set('Content-Type', 'text/html; charset=utf-8');
          // The page's scripts load after the first paint (routing/scripts-after-paint.server.ts).
          const html = scriptsAfterFirstPaint();
          html.pipe(body);
          pipe(html);
          resolve(new Response(stream, { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          if (shellRendered) loadContext.log.error('Streaming render failed', { err: error });
        },
      },
    );
  });
}
