/** The specification table of a product (parameters with `show`), one row group per group. */
import { t } from '../../i18n/i18n';
import type { SpecGroup } from './product-view';

/** Specification table. */
export function Specification({ groups }: { groups: SpecGroup[] }) {
  return (
    <table className="spec-table">
      <caption className="sr-only">{t('product.specification')}</caption>
      {groups.map((group) => (
        <tbody key={group.name}>
          {groups.length > 1 ? (
            <tr>
              <th colSpan={2} scope="rowgroup" className="spec-table__group">
                {group.name}
              </th>
            </tr>
          ) : null}
          {group.rows.map((row) => (
            <tr key={row.id}>
              <th scope="row">{row.label}</th>
              <td>{row.value}</td>
            </tr>
          ))}
        </tbody>
      ))}
    </table>
  );
}
