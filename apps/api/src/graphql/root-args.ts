/**
 * The ctx arguments (GEINS-API §1: channelId, marketId, languageId) of the root field a nested
 * resolver runs under. Geins gives every root field its own ctx arguments, and nested objects
 * (a category inside a product, a brand inside a search suggestion, a product inside a cart)
 * belong to the market and language of their root field. Fields that depend on them but live
 * on shared objects (page paths, issue 25) read them from the operation through this helper
 * instead of carrying the context on every object.
 */
import {
  Kind,
  type FieldNode,
  type FragmentDefinitionNode,
  type GraphQLResolveInfo,
  type SelectionSetNode,
} from 'graphql';
import type { ContextArgs } from '../modules/channel/channel.service.ts';

/** The response key (alias or name) of the root field above a resolver. */
export function rootResponseKey(info: Pick<GraphQLResolveInfo, 'path'>): string {
  let path = info.path;
  while (path.prev) path = path.prev;
  return String(path.key);
}

/** The root field with that response key, looking through root-level fragments. */
function findRootField(
  selectionSet: SelectionSetNode,
  key: string,
  fragments: Record<string, FragmentDefinitionNode>,
): FieldNode | null {
  for (const selection of selectionSet.selections) {
    if (selection.kind === Kind.FIELD) {
      if ((selection.alias?.value ?? selection.name.value) === key) return selection;
      continue;
    }
    const nested =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection.selectionSet
        : fragments[selection.name.value]?.selectionSet;
    const found = nested ? findRootField(nested, key, fragments) : null;
    if (found) return found;
  }
  return null;
}

/** A String argument's value: a literal, or a variable's value; null otherwise. */
function stringArgument(
  node: FieldNode,
  name: string,
  variables: Record<string, unknown>,
): string | null {
  const value = node.arguments?.find((a) => a.name.value === name)?.value;
  if (!value) return null;
  if (value.kind === Kind.STRING) return value.value;
  if (value.kind === Kind.VARIABLE) {
    const given = variables[value.name.value];
    return typeof given === 'string' ? given : null;
  }
  return null;
}

/**
 * The ctx arguments of the root field a resolver runs under, with variables applied; nulls
 * when the root field is called without them (the defaults then apply, as for the root field).
 * Read from the operation's syntax (all three are `String` arguments), so that no schema type
 * of another `graphql` module instance is involved.
 */
export function rootContextArgs(
  info: Pick<GraphQLResolveInfo, 'path' | 'operation' | 'fragments' | 'variableValues'>,
): ContextArgs {
  const node = findRootField(info.operation.selectionSet, rootResponseKey(info), info.fragments);
  if (!node) return {};
  const variables = info.variableValues as Record<string, unknown>;
  return {
    channelId: stringArgument(node, 'channelId', variables),
    marketId: stringArgument(node, 'marketId', variables),
    languageId: stringArgument(node, 'languageId', variables),
  };
}
