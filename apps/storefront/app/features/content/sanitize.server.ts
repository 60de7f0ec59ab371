/**
 * Server-side sanitising of widget rich text (issue 16: "rich text must be sanitised on the
 * server"): sanitize-html with an allow-list of text, list, table and link markup; links only to
 * our own paths, https, mailto and tel; external links open with rel="noopener noreferrer". No
 * scripts, styles, event handlers, iframes or images (images come as widget images).
 */
import sanitizeHtml from 'sanitize-html';

const OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p',
    'br',
    'strong',
    'b',
    'em',
    'i',
    'u',
    's',
    'small',
    'sub',
    'sup',
    'mark',
    'abbr',
    'h2',
    'h3',
    'h4',
    'ul',
    'ol',
    'li',
    'dl',
    'dt',
    'dd',
    'blockquote',
    'hr',
    'a',
    'table',
    'caption',
    'thead',
    'tbody',
    'tfoot',
    'tr',
    'th',
    'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'rel'],
    th: ['scope', 'colspan', 'rowspan'],
    td: ['colspan', 'rowspan'],
    abbr: ['title'],
  },
  allowedSchemes: ['https', 'mailto', 'tel'],
  allowedSchemesAppliedToAttributes: ['href'],
  allowProtocolRelative: false,
  disallowedTagsMode: 'discard',
  transformTags: {
    // A heading level 1 is the page's own; editors' h1 become h2.
    h1: 'h2',
    a: (tagName, attribs) => {
      const external = /^https:/i.test(attribs.href ?? '');
      return {
        tagName,
        attribs: external ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
      };
    },
  },
};

/**
 * The HTML fragment with everything outside the allow-list removed; links to shop paths get the
 * request's `basename` (market or locale prefix such as `/no`, '' for none).
 */
export function sanitizeRichText(html: string, basename = ''): string {
  if (basename === '') return sanitizeHtml(html, OPTIONS);
  return sanitizeHtml(html, {
    ...OPTIONS,
    transformTags: {
      ...OPTIONS.transformTags,
      a: (tagName, attribs) => {
        const href = attribs.href ?? '';
        const local = href.startsWith('/') && !href.startsWith('//');
        const base = (OPTIONS.transformTags!.a as sanitizeHtml.Transformer)(tagName, attribs);
        return local ? { ...base, attribs: { ...base.attribs, href: basename + href } } : base;
      },
    },
  });
}

/**
 * A link target from widget configuration when safe: a path of this shop (`/...`, not `//`), an
 * https URL, mailto: or tel:. Null otherwise (javascript:, data:, protocol-relative, garbage).
 */
export function safeHref(href: string | null | undefined): string | null {
  if (!href) return null;
  const value = href.trim();
  if (value.startsWith('/') && !value.startsWith('//') && !value.includes('\\')) return value;
  if (/^(https:\/\/|mailto:|tel:)/i.test(value)) return value;
  return null;
}
