/**
 * Categories and brands (issue 26): the category tree in order with a form to add or change a
 * category (name, alias, parent, order), and the brands. An alias change keeps the old address
 * answering with a redirect (301).
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { aliasOf, categoryTree, type Brand, type Category } from './catalogue-api.ts';
import { CategoryOptions } from './CategoryOptions.tsx';

type Kind = 'category' | 'brand';

/** `/sortiment/kategorier`. */
export function TaxonomyPage({ canWrite }: { canWrite: boolean }) {
  const [categories, setCategories] = useState<Category[]>([]);
  const [brands, setBrands] = useState<Brand[]>([]);
  const [editing, setEditing] = useState<{ kind: Kind; id: number | null } | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const load = useCallback(async () => {
    const data = await adminRequest<{ adminCategories: Category[]; adminBrands: Brand[] }>(
      '{ adminCategories { id parentId name alias sortOrder description hidden } adminBrands { id name alias description } }',
    );
    setCategories(data.adminCategories);
    setBrands(data.adminBrands);
  }, []);
  useEffect(() => {
    load().catch(() => setErrors([{ message: 'Kunde inte hämta kategorierna.' }]));
  }, [load]);

  const current =
    editing?.kind === 'category'
      ? categories.find((c) => c.id === editing.id)
      : editing?.kind === 'brand'
        ? brands.find((b) => b.id === editing.id)
        : undefined;

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!editing) return;
    const form = new FormData(event.currentTarget);
    const name = String(form.get('name') ?? '').trim();
    const alias = String(form.get('alias') ?? '').trim() || aliasOf(name);
    const found: FormError[] = [];
    if (!name) found.push({ message: 'Ange ett namn.', fieldId: 'taxonomy-name' });
    if (!/^[a-z0-9]+(?:-[a-z0-9]+)*$/.test(alias))
      found.push({
        message: 'Aliaset får bara innehålla a–z, 0–9 och bindestreck.',
        fieldId: 'taxonomy-alias',
      });
    setErrors(found);
    setStatus('');
    if (found.length > 0) return;
    try {
      if (editing.kind === 'category') {
        const parent = String(form.get('parentId') ?? '');
        await adminRequest(
          'mutation($id: Int, $i: CategoryInput!) { saveCategory(id: $id, input: $i) { id } }',
          {
            id: editing.id,
            i: {
              name,
              alias,
              parentId: parent ? Number(parent) : null,
              sortOrder: Number(form.get('sortOrder') || 0),
              description: String(form.get('description') ?? ''),
              hidden: form.get('hidden') === 'on',
            },
          },
        );
      } else {
        await adminRequest(
          'mutation($id: Int, $i: BrandInput!) { saveBrand(id: $id, input: $i) { id } }',
          {
            id: editing.id,
            i: { name, alias, description: String(form.get('description') ?? '') },
          },
        );
      }
      setStatus(`${name} är sparad.`);
      setEditing(null);
      await load();
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors([
          {
            message: error.message,
            fieldId: error.argument === 'parentId' ? 'taxonomy-parent' : 'taxonomy-alias',
          },
        ]);
    }
  }

  const tree = categoryTree(categories);
  return (
    <>
      <h1>Kategorier och varumärken</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      {editing && canWrite ? (
        <form
          className="panel form"
          noValidate
          onSubmit={(event) => void save(event)}
          key={`${editing.kind}-${editing.id ?? 'ny'}`}
          aria-labelledby="taxonomy-form-title"
        >
          <h2 id="taxonomy-form-title">
            {editing.id === null
              ? editing.kind === 'category'
                ? 'Ny kategori'
                : 'Nytt varumärke'
              : `Ändra ${current?.name ?? ''}`}
          </h2>
          <div className="form form-row">
            <div className="field">
              <label htmlFor="taxonomy-name">Namn</label>
              <input id="taxonomy-name" name="name" defaultValue={current?.name ?? ''} />
            </div>
            <div className="field">
              <label htmlFor="taxonomy-alias">Alias (webbadress)</label>
              <input
                id="taxonomy-alias"
                name="alias"
                defaultValue={current?.alias ?? ''}
                aria-describedby="taxonomy-alias-hint"
              />
              <span className="hint" id="taxonomy-alias-hint">
                Tomt: skapas av namnet. Den gamla adressen skickas vidare (301).
              </span>
            </div>
            {editing.kind === 'category' ? (
              <>
                <div className="field">
                  <label htmlFor="taxonomy-parent">Överkategori</label>
                  <select
                    id="taxonomy-parent"
                    name="parentId"
                    defaultValue={String((current as Category | undefined)?.parentId ?? '')}
                  >
                    <option value="">Ingen (toppnivå)</option>
                    <CategoryOptions tree={tree.filter((c) => c.id !== editing.id)} />
                  </select>
                </div>
                <div className="field">
                  <label htmlFor="taxonomy-order">Ordning</label>
                  <input
                    id="taxonomy-order"
                    name="sortOrder"
                    type="number"
                    defaultValue={(current as Category | undefined)?.sortOrder ?? 0}
                  />
                </div>
                <div className="field field-check">
                  <input
                    id="taxonomy-hidden"
                    name="hidden"
                    type="checkbox"
                    defaultChecked={(current as Category | undefined)?.hidden ?? false}
                  />
                  <label htmlFor="taxonomy-hidden">Dold i butiken</label>
                </div>
              </>
            ) : null}
          </div>
          <div className="field">
            <label htmlFor="taxonomy-description">Beskrivning</label>
            <textarea
              id="taxonomy-description"
              name="description"
              rows={3}
              defaultValue={current?.description ?? ''}
            />
          </div>
          <div className="toolbar">
            <button type="submit" className="button">
              Spara
            </button>
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setEditing(null)}
            >
              Avbryt
            </button>
          </div>
        </form>
      ) : null}
      <section className="panel" aria-labelledby="categories-title">
        <div className="toolbar">
          <h2 id="categories-title">Kategorier</h2>
          {canWrite ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setEditing({ kind: 'category', id: null })}
            >
              Ny kategori
            </button>
          ) : null}
        </div>
        <ul className="tree">
          {tree.map((category) => (
            <li key={category.id} style={{ paddingLeft: `${category.depth * 1.5}rem` }}>
              <span>
                {category.name} <span className="hint">/{category.alias}</span>
                {category.hidden ? <span className="hint"> (dold)</span> : null}
              </span>
              {canWrite ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setEditing({ kind: 'category', id: category.id })}
                >
                  Ändra<span className="visually-hidden"> {category.name}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
      <section className="panel" aria-labelledby="brands-title">
        <div className="toolbar">
          <h2 id="brands-title">Varumärken</h2>
          {canWrite ? (
            <button
              type="button"
              className="button button-secondary"
              onClick={() => setEditing({ kind: 'brand', id: null })}
            >
              Nytt varumärke
            </button>
          ) : null}
        </div>
        <ul className="tree">
          {brands.map((brand) => (
            <li key={brand.id}>
              <span>
                {brand.name} <span className="hint">/b/{brand.alias}</span>
              </span>
              {canWrite ? (
                <button
                  type="button"
                  className="link-button"
                  onClick={() => setEditing({ kind: 'brand', id: brand.id })}
                >
                  Ändra<span className="visually-hidden"> {brand.name}</span>
                </button>
              ) : null}
            </li>
          ))}
        </ul>
      </section>
    </>
  );
}
