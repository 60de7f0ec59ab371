/**
 * `npm run schema:print`: writes the schema as SDL to apps/api/schema.graphql (committed; a test
 * fails when it is stale). The storefront's GraphQL codegen reads that file.
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printApiSchema } from './print-schema.ts';

const target = fileURLToPath(new URL('../../schema.graphql', import.meta.url));
writeFileSync(target, printApiSchema());
console.log(`Wrote ${target}`);
