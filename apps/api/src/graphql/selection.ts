/**
 * Whether an operation selects a field below the current one: for work only some clients ask
 * for (issue 25: a hosted payment's embed snippet starts a payment session, so the checkout
 * starts one only when the client selects `paymentOptions { paymentData }`).
 */
import { Kind, type GraphQLResolveInfo, type SelectionSetNode } from 'graphql';

function selects(
  selectionSet: SelectionSetNode | undefined,
  path: readonly string[],
  fragments: GraphQLResolveInfo['fragments'],
): boolean {
  const [head, ...rest] = path;
  if (head === undefined) return true;
  if (!selectionSet) return false;
  return selectionSet.selections.some((selection) => {
    if (selection.kind === Kind.FIELD) {
      return selection.name.value === head && selects(selection.selectionSet, rest, fragments);
    }
    const nested =
      selection.kind === Kind.INLINE_FRAGMENT
        ? selection.selectionSet
        : fragments[selection.name.value]?.selectionSet;
    return selects(nested, path, fragments);
  });
}

/**
 * True when the current field's selection contains `path` (field names, e.g.
 * `['paymentOptions', 'paymentData']`), through fragments and inline fragments; directives
 * (`@skip`, `@include`) are not evaluated (a skipped field counts as selected).
 */
export function selectsField(
  info: Pick<GraphQLResolveInfo, 'fieldNodes' | 'fragments'>,
  path: readonly string[],
): boolean {
  return info.fieldNodes.some((node) => selects(node.selectionSet, path, info.fragments));
}
