/**
 * Menus (issue 27 "Moderation and content"; content:read, changes need content:write): choose a
 * menu and change its items' texts, order and visibility, one item at a time. A change shows in
 * the shop at once (menus have no drafts).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import '../moderation/moderation.css';

interface MenuItem {
  id: number;
  parentId: number | null;
  sortOrder: number;
  label: string;
  title: string | null;
  type: string;
  target: string | null;
  hidden: boolean;
}

interface Menu {
  id: string;
  name: string;
  locations: string[];
  items: MenuItem[];
}

const LOAD = `{ adminMenus { id name locations items { id parentId sortOrder label title type target
  hidden } } }`;
const SAVE = `mutation($input: MenuItemChangeInput!) { updateMenuItem(input: $input) { id } }`;

const TYPE_NAMES: Record<string, string> = {
  category: 'Kategori',
  brand: 'Varumärke',
  page: 'Sida',
  url: 'Adress',
  text: 'Text',
};

/** One item's form row. */
function ItemRow({
  item,
  depth,
  canWrite,
  onSaved,
}: {
  item: MenuItem;
  depth: number;
  canWrite: boolean;
  onSaved: (message: string) => void;
}) {
  const [label, setLabel] = useState(item.label);
  const [sortOrder, setSortOrder] = useState(String(item.sortOrder));
  const [hidden, setHidden] = useState(item.hidden);
  const [error, setError] = useState('');

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setError('');
    try {
      await adminRequest(SAVE, {
        input: {
          id: item.id,
          label,
          title: item.title,
          sortOrder: Number(sortOrder) || 0,
          hidden,
        },
      });
      onSaved(`Menyvalet ${label.trim()} är sparat.`);
    } catch (caught) {
      setError(errorMessage(caught));
    }
  }

  const prefix = `menu-item-${item.id}`;
  return (
    <li className="panel menu-item" style={{ marginInlineStart: `${depth * 2}rem` }}>
      <form onSubmit={(event) => void save(event)} noValidate className="form form-row">
        <div className="field">
          <label htmlFor={`${prefix}-label`}>Text</label>
          <input
            id={`${prefix}-label`}
            value={label}
            disabled={!canWrite}
            onChange={(event) => setLabel(event.target.value)}
            aria-invalid={error ? true : undefined}
            aria-describedby={`${prefix}-hint${error ? ` ${prefix}-error` : ''}`}
          />
          <span className="hint" id={`${prefix}-hint`}>
            {TYPE_NAMES[item.type] ?? item.type}
            {item.target ? `: ${item.target}` : ''}
          </span>
          {error ? (
            <span className="field-error" id={`${prefix}-error`}>
              {error}
            </span>
          ) : null}
        </div>
        <div className="field">
          <label htmlFor={`${prefix}-order`}>Ordning</label>
          <input
            id={`${prefix}-order`}
            type="number"
            min={0}
            inputMode="numeric"
            value={sortOrder}
            disabled={!canWrite}
            onChange={(event) => setSortOrder(event.target.value)}
          />
        </div>
        <div className="field-check">
          <input
            id={`${prefix}-hidden`}
            type="checkbox"
            checked={hidden}
            disabled={!canWrite}
            onChange={(event) => setHidden(event.target.checked)}
          />
          <label htmlFor={`${prefix}-hidden`}>Dold</label>
        </div>
        {canWrite ? (
          <button type="submit" className="button button-secondary">
            Spara<span className="visually-hidden"> {item.label}</span>
          </button>
        ) : null}
      </form>
    </li>
  );
}

/** The menus page. */
export function MenusPage({ canWrite }: { canWrite: boolean }) {
  const [menus, setMenus] = useState<Menu[] | null>(null);
  const [selected, setSelected] = useState('');
  const [errors, setErrors] = useState<FormError[]>([]);
  const [message, setMessage] = useState('');

  const load = useCallback(() => {
    adminRequest<{ adminMenus: Menu[] }>(LOAD)
      .then((data) => {
        setMenus(data.adminMenus);
        setSelected((current) => current || data.adminMenus[0]?.id || '');
      })
      .catch((error: unknown) => setErrors([{ message: errorMessage(error) }]));
  }, []);
  useEffect(load, [load]);

  const menu = menus?.find((m) => m.id === selected);
  const depthOf = (item: MenuItem): number => {
    const parent = menu?.items.find((i) => i.id === item.parentId);
    return parent ? depthOf(parent) + 1 : 0;
  };

  return (
    <>
      <h1>Menyer</h1>
      <ErrorSummary errors={errors} />
      <p>Ändringar av menyerna syns i butiken direkt.</p>
      <p className="status" role="status">
        {message}
      </p>
      {menus === null ? (
        <p className="loading">Laddar …</p>
      ) : (
        <>
          <div className="field menu-choice">
            <label htmlFor="menu-choice">Meny</label>
            <select
              id="menu-choice"
              value={selected}
              onChange={(event) => {
                setMessage('');
                setSelected(event.target.value);
              }}
            >
              {menus.map((m) => (
                <option key={m.id} value={m.id}>
                  {m.name} ({m.locations.join(', ') || 'ingen plats'})
                </option>
              ))}
            </select>
          </div>
          {menu ? (
            <ul className="review-list" aria-label={`Menyval i ${menu.name}`}>
              {menu.items.map((item) => (
                <ItemRow
                  key={`${item.id}-${item.label}-${item.sortOrder}-${item.hidden}`}
                  item={item}
                  depth={depthOf(item)}
                  canWrite={canWrite}
                  onSaved={(text) => {
                    setMessage(text);
                    load();
                  }}
                />
              ))}
            </ul>
          ) : null}
        </>
      )}
    </>
  );
}
