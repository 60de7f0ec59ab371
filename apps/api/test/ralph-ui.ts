/**
 * The vendored GraphQL operations of `@geins/ralph-ui@23.2.0` (fixtures/ralph-ui-23.2.0, issue
 * 25) as ralph's build sends them: each operation with its `#import`ed fragments inlined, only
 * those it uses (graphql-tag's webpack loader). For ralph-ui-operations.test.ts and for API
 * tests that replay ralph's requests with its own documents.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  Kind,
  parse,
  print,
  validate,
  visit,
  type DefinitionNode,
  type DocumentNode,
  type FragmentDefinitionNode,
  type GraphQLSchema,
  type OperationDefinitionNode,
} from 'graphql/index.js';

const fixtures = fileURLToPath(new URL('./fixtures/ralph-ui-23.2.0/', import.meta.url));

/** What `source.json` records: the package, its version and the vendored files. */
export const ralphUiSource = JSON.parse(readFileSync(join(fixtures, 'source.json'), 'utf8')) as {
  package: string;
  version: string;
  files: string[];
};

/** `#import "path"` lines of a file (paths relative to the graphql folder, as ralph's webpack). */
function importsOf(text: string): string[] {
  return [...text.matchAll(/^#import\s+"([^"]+)"/gm)].map((match) => match[1]!);
}

/** The definitions of a file and, transitively, of the files it imports (each file once). */
function definitionsWithImports(file: string, seen = new Set<string>()): DefinitionNode[] {
  if (seen.has(file)) return [];
  seen.add(file);
  const text = readFileSync(join(fixtures, 'graphql', file), 'utf8');
  const own = parse(text).definitions;
  return [...importsOf(text).flatMap((path) => definitionsWithImports(path, seen)), ...own];
}

/** The fragment names a definition spreads. */
function spreadNames(node: DefinitionNode): string[] {
  const names: string[] = [];
  visit(node, { FragmentSpread: (spread) => void names.push(spread.name.value) });
  return names;
}

/**
 * One operation as ralph sends it: the operation and the fragments it uses, transitively
 * (graphql-tag's loader builds each exported operation's document this way).
 */
function operationDocument(
  operation: OperationDefinitionNode,
  fragments: ReadonlyMap<string, FragmentDefinitionNode>,
): DocumentNode {
  const used = new Map<string, FragmentDefinitionNode>();
  const pending = spreadNames(operation);
  while (pending.length > 0) {
    const name = pending.pop()!;
    const fragment = fragments.get(name);
    if (!fragment || used.has(name)) continue;
    used.set(name, fragment);
    pending.push(...spreadNames(fragment));
  }
  return { kind: Kind.DOCUMENT, definitions: [operation, ...used.values()] };
}

/**
 * Every operation of the package: its key (`file#operationName`) and the validation errors
 * against `schema` (graphql-js's standard rules).
 */
export function validateRalphUiOperations(
  schema: GraphQLSchema,
): Array<{ key: string; errors: string[] }> {
  const results: Array<{ key: string; errors: string[] }> = [];
  for (const file of ralphUiSource.files) {
    const definitions = definitionsWithImports(file);
    const fragments = new Map(
      definitions
        .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
        .map((d) => [d.name.value, d]),
    );
    const own = parse(readFileSync(join(fixtures, 'graphql', file), 'utf8')).definitions;
    for (const operation of own) {
      if (operation.kind !== Kind.OPERATION_DEFINITION) continue;
      const key = `${file}#${operation.name?.value ?? '(anonymous)'}`;
      const errors = validate(schema, operationDocument(operation, fragments));
      results.push({ key, errors: errors.map((error) => error.message) });
    }
  }
  return results;
}

/**
 * The text ralph posts for the operation `name` of `file` (e.g. `checkout/place-order.graphql`,
 * `placeOrder`): the operation and the fragments it uses.
 * @throws Error when the file has no such operation
 */
export function ralphUiOperation(file: string, name: string): string {
  const definitions = definitionsWithImports(file);
  const fragments = new Map(
    definitions
      .filter((d): d is FragmentDefinitionNode => d.kind === Kind.FRAGMENT_DEFINITION)
      .map((d) => [d.name.value, d]),
  );
  const operation = definitions.find(
    (d): d is OperationDefinitionNode =>
      d.kind === Kind.OPERATION_DEFINITION && d.name?.value === name,
  );
  if (!operation) throw new Error(`${file} has no operation ${name}`);
  return print(operationDocument(operation, fragments));
}
