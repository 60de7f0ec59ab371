/**
 * Loads the page's JavaScript after the first paint (issue 23).
 *
 * React Router's `<Scripts>` writes one `<link rel="modulepreload">` per script of the page and
 * React 19 hoists them into `<head>`, ahead of the stylesheet, so the browser fetches every
 * script (about 150 KiB gzip) before it can paint, and on a slow phone connection the first paint
 * (and the consent banner, the largest text of a first visit) waits for them. This transform of
 * the streamed HTML:
 * - takes the module preloads out of `<head>`, so the stylesheet is the first request after the
 *   document;
 * - replaces React Router's inline module script (`<script type="module" async>` with the route
 *   imports and `import(entry)`) by a classic inline script that, once the browser has painted
 *   (an animation frame, then a task), adds the same preloads, evaluates the modules one per task
 *   and then adds the same module script, with the same CSP nonce. A hidden tab (no animation
 *   frames) loads at once; a fallback timer loads after a second whatever happens.
 *
 * The page works without its scripts in the meantime (links and forms are plain HTML). Nothing
 * else of the document changes; deferred loader data keeps streaming into
 * `window.__reactRouterContext`, set by React Router's classic script, which stays.
 */
import { Transform, type TransformCallback } from 'node:stream';
import { StringDecoder } from 'node:string_decoder';

/** A module preload as React writes it (attributes in any order, self-closing). */
const MODULE_PRELOAD = /<link rel="modulepreload"[^>]*?\shref="([^"]+)"[^>]*\/>/g;
/** The opening tag of React Router's inline module script. */
const MODULE_SCRIPT_OPEN = /<script((?:\snonce="[^"]*")?)\stype="module"\sasync="">/;
const SCRIPT_CLOSE = '</script>';
/** Characters kept back while looking for the module script across chunk borders. */
const LOOKBEHIND = 200;

/**
 * Module preloads added per task: starting a module request costs Chromium about 1 ms of main
 * thread (4 ms on Lighthouse's simulated phone), so all of them in one task was a long task.
 */
export const PRELOADS_PER_TASK = 4;

/** Milliseconds after which the scripts load even if no frame was painted. */
export const FALLBACK_DELAY_MS = 1000;

/** JSON for a `<script>` body: `<` escaped so no `</script>` or `<!--` can appear. */
function scriptJson(value: unknown): string {
  return JSON.stringify(value)
    .replace(/</g, '\\u003c')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}

/** Decodes the HTML entities React writes in a text-free attribute value (href). */
function decodeAttribute(value: string): string {
  return value
    .replace(/&quot;/g, '"')
    .replace(/&#x27;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');
}

/** The entry module React Router's module script ends with: `import("/assets/entry.client-….js");`. */
const ENTRY_IMPORT = /import\(("[^"\\]+")\);?\s*$/;

/**
 * The modules to evaluate one by one before the module script: every preload but the entry (which
 * hydrates when evaluated), in React Router's order. Empty when the entry cannot be recognised.
 */
export function stagedModules(preloads: readonly string[], moduleCode: string): string[] {
  const entry = ENTRY_IMPORT.exec(moduleCode)?.[1];
  if (!entry) return [];
  const entryUrl = JSON.parse(entry) as string;
  return preloads.filter((href) => href !== entryUrl);
}

/**
 * The classic script that, after the first paint, adds the preloads (`PRELOADS_PER_TASK` per
 * task), evaluates the page's modules one per task (so that no single task evaluates all of them:
 * React alone takes about 40 ms on a mid-range phone), then adds `moduleCode` (React Router's
 * module script) as a module script with the page's CSP nonce. A module that fails to load skips
 * to the module script, which then reports the error as before.
 * @param preloads the modules' URLs, in React Router's order
 * @param moduleCode the module script's source, unchanged
 */
export function deferredLoader(preloads: readonly string[], moduleCode: string): string {
  return (
    `(function(){var p=${scriptJson(preloads)},e=${scriptJson(stagedModules(preloads, moduleCode))},` +
    `c=${scriptJson(moduleCode)},n=document.currentScript&&document.currentScript.nonce,d=false,i=0,j=0;` +
    `function r(){var s=document.createElement("script");s.type="module";if(n)s.nonce=n;s.textContent=c;document.head.appendChild(s)}` +
    `function x(){if(i<e.length)import(e[i++]).then(function(){setTimeout(x,0)},r);else r()}` +
    `function a(){for(var m=0;m<${PRELOADS_PER_TASK}&&j<p.length;m++,j++){var k=document.createElement("link");k.rel="modulepreload";k.href=p[j];document.head.appendChild(k)}` +
    `if(j<p.length)setTimeout(a,0);else x()}` +
    `function l(){if(d)return;d=true;a()}` +
    `if(document.visibilityState!=="visible"||typeof requestAnimationFrame!=="function")l();` +
    `else{requestAnimationFrame(function(){setTimeout(l,0)});setTimeout(l,${FALLBACK_DELAY_MS})}})();`
  );
}

type Phase = 'head' | 'body' | 'module-script' | 'done';

/**
 * A transform of a streamed HTML document (bytes in, bytes out) that moves the page's scripts
 * after the first paint (see the module comment). A document without `</head>` or without React
 * Router's module script passes through unchanged.
 */
export function scriptsAfterFirstPaint(): Transform {
  const decoder = new StringDecoder('utf8');
  let phase: Phase = 'head';
  let pending = '';
  let preloads: string[] = [];
  let openTag = '';

  /** Processes `pending` as far as the phase allows; returns what may be sent now. */
  function advance(): string {
    let out = '';
    for (;;) {
      if (phase === 'head') {
        const end = pending.indexOf('</head>');
        if (end < 0) return out;
        const head = pending.slice(0, end);
        preloads = [];
        const kept = head.replace(MODULE_PRELOAD, (_tag, href: string) => {
          preloads.push(decodeAttribute(href));
          return '';
        });
        out += kept;
        pending = pending.slice(end);
        phase = 'body';
      } else if (phase === 'body') {
        const match = MODULE_SCRIPT_OPEN.exec(pending);
        if (!match) {
          const keep = Math.min(pending.length, LOOKBEHIND);
          out += pending.slice(0, pending.length - keep);
          pending = pending.slice(pending.length - keep);
          return out;
        }
        out += pending.slice(0, match.index);
        openTag = match[1] ?? '';
        pending = pending.slice(match.index + match[0].length);
        phase = 'module-script';
      } else if (phase === 'module-script') {
        const end = pending.indexOf(SCRIPT_CLOSE);
        if (end < 0) return out;
        const code = pending.slice(0, end);
        out += `<script${openTag}>${deferredLoader(preloads, code)}${SCRIPT_CLOSE}`;
        pending = pending.slice(end + SCRIPT_CLOSE.length);
        phase = 'done';
      } else {
        out += pending;
        pending = '';
        return out;
      }
    }
  }

  return new Transform({
    transform(chunk: Buffer | string, _encoding: BufferEncoding, callback: TransformCallback) {
      pending += typeof chunk === 'string' ? chunk : decoder.write(chunk);
      const out = advance();
      callback(null, out.length > 0 ? Buffer.from(out, 'utf8') : undefined);
    },
    flush(callback: TransformCallback) {
      pending += decoder.end();
      let out = advance();
      if (phase === 'module-script') {
        // The document ended inside the script: give it back as React wrote it.
        out += `<script${openTag} type="module" async="">`;
      }
      out += pending;
      pending = '';
      callback(null, out.length > 0 ? Buffer.from(out, 'utf8') : undefined);
    },
  });
}
