/**
 * The categories as `<option>`s of a select, indented by their depth in the tree (an em space per
 * level), for the product form and the category form.
 */
import type { Category } from './catalogue-api.ts';

/** One `<option>` per category of `tree` (from `categoryTree`), in its order. */
export function CategoryOptions({ tree }: { tree: Array<Category & { depth: number }> }) {
  return (
    <>
      {tree.map((c) => (
        <option key={c.id} value={c.id}>
          {'\u2003'.repeat(c.depth)}
          {c.name}
        </option>
      ))}
    </>
  );
}
