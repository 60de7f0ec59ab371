import { Readable } from 'node:stream';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import {
  deferredLoader,
  PRELOADS_PER_TASK,
  scriptsAfterFirstPaint,
  stagedModules,
} from './scripts-after-paint.server';

const MODULE_CODE =
  'import "/assets/manifest-1.js";\nimport * as route0 from "/assets/root-1.js";\n' +
  '  window.__reactRouterRouteModules = {"root":route0};\n\nimport("/assets/entry.client-1.js");';

/** A document as React and React Router write it, nonce included. */
function documentHtml(nonce = 'abc=='): string {
  return (
    `<!DOCTYPE html><html lang="sv"><head><meta charSet="utf-8"/><title>Trampa</title>` +
    `<link rel="modulepreload" href="/assets/entry.client-1.js" nonce="${nonce}"/>` +
    `<link rel="modulepreload" href="/assets/react-1.js" nonce="${nonce}"/>` +
    `<link rel="modulepreload" href="/assets/root-1.js" nonce="${nonce}"/>` +
    `<link nonce="${nonce}" rel="stylesheet" href="/assets/shell-1.css"/></head>` +
    `<body><main><h1>Cyklar</h1></main>` +
    `<script nonce="${nonce}">window.__reactRouterContext = {};</script>` +
    `<script nonce="${nonce}" type="module" async="">${MODULE_CODE}</script>` +
    `<script nonce="${nonce}">window.__reactRouterContext.streamController.close();</script>` +
    `</body></html>`
  );
}

/** Streams `html` through the transform in chunks of `size` bytes. */
async function transform(html: string, size: number): Promise<string> {
  const bytes = Buffer.from(html, 'utf8');
  const chunks: Buffer[] = [];
  for (let offset = 0; offset < bytes.length; offset += size) {
    chunks.push(bytes.subarray(offset, offset + size));
  }
  const output: Buffer[] = [];
  for await (const chunk of Readable.from(chunks).pipe(scriptsAfterFirstPaint())) {
    output.push(chunk as Buffer);
  }
  return Buffer.concat(output).toString('utf8');
}

/** Runs the loader script in a fake document; returns what it added to <head>. */
function runLoader(code: string, visibilityState: 'visible' | 'hidden') {
  const added: Array<Record<string, unknown>> = [];
  const frames: Array<() => void> = [];
  const timers: Array<() => void> = [];
  const imports: string[] = [];
  const document = {
    visibilityState,
    currentScript: { nonce: 'abc==' },
    createElement: (tag: string) => ({ tag }),
    head: { appendChild: (element: Record<string, unknown>) => added.push(element) },
  };
  const context = {
    document,
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => timers.push(callback),
    __import: (url: string) => {
      imports.push(url);
      return Promise.resolve({});
    },
  };
  // `import()` is syntax; the fake context provides it as a function.
  runInNewContext(code.replace(/\bimport\(/g, '__import('), context);
  return { added, frames, timers, imports };
}

describe('scriptsAfterFirstPaint', () => {
  it('takes the module preloads out of <head> and keeps everything else', async () => {
    const html = await transform(documentHtml(), 64 * 1024);
    const head = html.slice(0, html.indexOf('</head>'));
    expect(head).not.toContain('modulepreload');
    expect(head).toContain('<link nonce="abc==" rel="stylesheet" href="/assets/shell-1.css"/>');
    expect(html).toContain('<main><h1>Cyklar</h1></main>');
    expect(html).toContain('window.__reactRouterContext = {};');
    expect(html).toContain('streamController.close()');
    expect(html).not.toContain('type="module" async');
  });

  it('gives the same document whatever the chunk borders (multi-byte text included)', async () => {
    const html = documentHtml().replace('Cyklar', 'Cyklar för små och stora – åäö');
    const whole = await transform(html, 1 << 20);
    for (const size of [1, 2, 3, 7, 50, 199, 256]) {
      expect(await transform(html, size)).toBe(whole);
    }
    expect(whole).toContain('Cyklar för små och stora – åäö');
  });

  it('replaces the module script by a classic script with the same nonce', async () => {
    const html = await transform(documentHtml(), 100);
    const match = /<script nonce="abc==">(\(function\(\)\{var p=.*?)<\/script>/.exec(html);
    expect(match).not.toBeNull();
    expect(match?.[1]).toBe(
      deferredLoader(
        ['/assets/entry.client-1.js', '/assets/react-1.js', '/assets/root-1.js'],
        MODULE_CODE,
      ),
    );
  });

  it('passes a document without React Router scripts through unchanged', async () => {
    const plain =
      '<!DOCTYPE html><html><head><title>x</title></head><body><p>hej</p></body></html>';
    expect(await transform(plain, 5)).toBe(plain);
    const noHead = '<p>fel</p>';
    expect(await transform(noHead, 3)).toBe(noHead);
  });

  it('gives back a module script cut off by the end of the document as it was', async () => {
    const cut = documentHtml().slice(0, documentHtml().indexOf('import * as route0'));
    const html = await transform(cut, 10);
    expect(
      html.endsWith(
        '<script nonce="abc==" type="module" async="">import "/assets/manifest-1.js";\n',
      ),
    ).toBe(true);
  });
});

describe('stagedModules', () => {
  it('lists every preload but the entry, in order', () => {
    expect(
      stagedModules(
        ['/assets/entry.client-1.js', '/assets/react-1.js', '/assets/root-1.js'],
        MODULE_CODE,
      ),
    ).toEqual(['/assets/react-1.js', '/assets/root-1.js']);
  });

  it('stages nothing when the entry import is not recognised', () => {
    expect(stagedModules(['/assets/react-1.js'], 'console.log(1)')).toEqual([]);
  });
});

describe('deferredLoader', () => {
  const preloads = ['/assets/entry.client-1.js', '/assets/react-1.js', '/assets/root-1.js'];

  it('waits for a painted frame, then preloads, evaluates the modules one by one and adds the module script', async () => {
    const { added, frames, timers, imports } = runLoader(
      deferredLoader(preloads, MODULE_CODE),
      'visible',
    );
    expect(added).toEqual([]);
    expect(frames).toHaveLength(1);
    frames[0]!();
    expect(added).toEqual([]);
    // The task after the frame (timers[1]; timers[0] is the fallback).
    timers[1]!();
    expect(added.slice(0, 3)).toEqual(
      preloads.map((href) => ({ tag: 'link', rel: 'modulepreload', href })),
    );
    expect(imports).toEqual(['/assets/react-1.js']);
    // Each next module after a task; the module script last.
    for (let step = 0; step < 5 && added.length < 4; step++) {
      await Promise.resolve();
      await Promise.resolve();
      timers.at(-1)!();
    }
    expect(imports).toEqual(['/assets/react-1.js', '/assets/root-1.js']);
    expect(added[3]).toEqual({
      tag: 'script',
      type: 'module',
      nonce: 'abc==',
      textContent: MODULE_CODE,
    });
    // The fallback timer does not load a second time.
    timers[0]!();
    expect(added).toHaveLength(4);
  });

  it('adds the preloads a few per task before it evaluates a module', () => {
    const many = Array.from({ length: PRELOADS_PER_TASK * 2 + 1 }, (_, n) => `/assets/m-${n}.js`);
    const { added, timers, imports } = runLoader(deferredLoader(many, MODULE_CODE), 'hidden');
    expect(added).toHaveLength(PRELOADS_PER_TASK);
    expect(imports).toEqual([]);
    timers.at(-1)!();
    expect(added).toHaveLength(PRELOADS_PER_TASK * 2);
    timers.at(-1)!();
    expect(added.map((element) => element.href)).toEqual(many);
    expect(imports).toEqual(['/assets/m-0.js']);
  });

  it('loads at once in a hidden tab (no frames are painted there)', () => {
    const { added, frames } = runLoader(deferredLoader(preloads, MODULE_CODE), 'hidden');
    expect(frames).toEqual([]);
    expect(added).toHaveLength(3);
  });

  it('escapes the module code so that it cannot close the script element', () => {
    const code = deferredLoader([], 'var s = "</script><!--";');
    expect(code).not.toContain('</script');
    expect(code).not.toContain('<!--');
  });
});
