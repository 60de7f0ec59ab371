/** Prints structured data (seo/json-ld.ts) as one `<script type="application/ld+json">`. */
import { serializeJsonLd, type JsonLdDocument } from './json-ld';

/**
 * The JSON-LD script of `data`, or of `json` already made by {@link serializeJsonLd} (loaders
 * return that string: schema.org types are too deep for loader-data typing). Data scripts are
 * not executed, so the Content-Security-Policy nonce is not needed.
 */
export function JsonLd(props: { data: JsonLdDocument } | { json: string }) {
  const json = 'json' in props ? props.json : serializeJsonLd(props.data);
  return <script type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />;
}
