/**
 * Pages and widget areas (issue 27 "Moderation and content"; content:read, editing needs
 * content:write): every content page and widget area, published or a draft. "Redigera" opens
 * the draft of a published one (made as a copy the first time) in the editor
 * (ContentEditPage.tsx).
 */
import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';

/** A page or area as listed. */
interface ContentRow {
  id: number;
  alias: string | null;
  name: string;
  family: string;
  areaName: string;
  published: boolean;
  draftOf: number | null;
}

const LIST = '{ contentPages { id alias name family areaName published draftOf } }';
const OPEN = 'mutation($id: Int!) { openContentDraft(id: $id) { page { id } } }';

/** Where a collection shows: its address, or its family and area. */
function placeOf(row: ContentRow): string {
  if (row.alias) return `/${row.alias}`;
  return `${row.family} – ${row.areaName}`;
}

/** The list of pages and areas. */
export function ContentListPage({ canWrite }: { canWrite: boolean }) {
  const navigate = useNavigate();
  const [rows, setRows] = useState<ContentRow[] | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);

  useEffect(() => {
    adminRequest<{ contentPages: ContentRow[] }>(LIST)
      .then((data) => setRows(data.contentPages))
      .catch((error: unknown) => setErrors([{ message: errorMessage(error) }]));
  }, []);

  async function edit(row: ContentRow) {
    try {
      const data = await adminRequest<{ openContentDraft: { page: { id: number } } }>(OPEN, {
        id: row.id,
      });
      await navigate(`/innehall/${data.openContentDraft.page.id}`);
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    }
  }

  const pages = rows?.filter((r) => r.alias) ?? [];
  const areas = rows?.filter((r) => !r.alias) ?? [];

  const table = (caption: string, list: ContentRow[]) => (
    <table className="table">
      <caption>{caption}</caption>
      <thead>
        <tr>
          <th scope="col">Namn</th>
          <th scope="col">Plats</th>
          <th scope="col">Status</th>
          <th scope="col">Åtgärd</th>
        </tr>
      </thead>
      <tbody>
        {list.map((row) => (
          <tr key={row.id}>
            <td>{row.name}</td>
            <td>{placeOf(row)}</td>
            <td>{row.published ? 'Publicerad' : row.draftOf ? 'Utkast (ändringar)' : 'Utkast'}</td>
            <td>
              {canWrite ? (
                <button
                  type="button"
                  className="button button-secondary"
                  onClick={() => void edit(row)}
                >
                  {row.published ? 'Redigera' : 'Fortsätt redigera'}
                  <span className="visually-hidden"> {row.name}</span>
                </button>
              ) : null}
            </td>
          </tr>
        ))}
      </tbody>
    </table>
  );

  return (
    <>
      <h1>Innehåll</h1>
      <ErrorSummary errors={errors} />
      <p>
        Ändringar görs i ett utkast som du kan förhandsgranska innan det publiceras. Butiken visar
        bara publicerat innehåll.
      </p>
      {rows === null ? (
        <p className="loading">Laddar …</p>
      ) : (
        <>
          {table('Sidor', pages)}
          {table('Widgetytor', areas)}
        </>
      )}
    </>
  );
}
