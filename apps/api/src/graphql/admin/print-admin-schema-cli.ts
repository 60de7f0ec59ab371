/**
 * `npm run admin-schema:print`: writes the admin schema as SDL to apps/api/admin-schema.graphql
 * (committed; test/admin-schema.test.ts fails when it is stale).
 */
import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { printAdminSchema } from './print-admin-schema.ts';

const target = fileURLToPath(new URL('../../../admin-schema.graphql', import.meta.url));
writeFileSync(target, printAdminSchema());
console.log(`Wrote ${target}`);
