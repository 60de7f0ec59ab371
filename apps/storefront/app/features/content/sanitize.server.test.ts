/** Server-side sanitising of widget rich text and link targets (issue 16). */
import { describe, expect, it } from 'vitest';
import { safeHref, sanitizeRichText } from './sanitize.server';

describe('sanitizeRichText', () => {
  it('keeps text, lists, tables and safe links', () => {
    const html =
      '<h2>Retur</h2><p>Läs <a href="/kopvillkor">villkoren</a> och <a href="mailto:a@b.se">mejla</a>.</p>' +
      '<ul><li>Ett</li></ul><table><tbody><tr><th scope="col">A</th></tr></tbody></table>';
    expect(sanitizeRichText(html)).toBe(html);
  });

  it('removes scripts, event handlers, styles, iframes and javascript: links', () => {
    const out = sanitizeRichText(
      '<p onclick="x()" style="color:red">Hej<script>alert(1)</script></p>' +
        '<iframe src="https://evil.example"></iframe><a href="javascript:alert(1)">klick</a>' +
        '<img src=x onerror="alert(1)">',
    );
    expect(out).toBe('<p>Hej</p><a>klick</a>');
  });

  it('marks external links noopener and turns an editor h1 into h2', () => {
    expect(sanitizeRichText('<h1>Rubrik</h1><a href="https://arn.se">ARN</a>')).toBe(
      '<h2>Rubrik</h2><a href="https://arn.se" rel="noopener noreferrer">ARN</a>',
    );
  });

  it("prefixes shop paths with the request's basename (market in path)", () => {
    expect(
      sanitizeRichText('<a href="/kopvillkor">K</a><a href="https://arn.se">A</a>', '/no'),
    ).toBe(
      '<a href="/no/kopvillkor">K</a><a href="https://arn.se" rel="noopener noreferrer">A</a>',
    );
  });
});

describe('safeHref', () => {
  it('accepts shop paths, https, mailto and tel only', () => {
    expect(safeHref('/l/rea')).toBe('/l/rea');
    expect(safeHref('https://arn.se')).toBe('https://arn.se');
    expect(safeHref('tel:+46101234567')).toBe('tel:+46101234567');
    for (const bad of [
      '//evil.example',
      'javascript:alert(1)',
      'data:text/html,x',
      'http://x.se',
      '/\\evil',
    ]) {
      expect(safeHref(bad)).toBeNull();
    }
  });
});
