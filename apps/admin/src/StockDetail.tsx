/**
 * One SKU on the stock page (issue 26): its units in the web stock and every store, a form to
 * adjust them with a reason (stock:write), its expected restock date and its history.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import {
  reasonName,
  statusName,
  STOCK_ITEM_FIELDS,
  STOCK_REASONS,
  type StockItem,
  type Store,
} from './stock-types.ts';

interface Adjustment {
  id: number;
  at: string;
  storeName: string | null;
  reason: string;
  change: number;
  quantityBefore: number;
  quantityAfter: number;
  note: string;
  staffEmail: string | null;
}

const time = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'short', timeStyle: 'short' });
const day = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeZone: 'UTC' });

/** A Swedish message for a refused change, tied to its field. */
function refusal(error: unknown): FormError {
  if (!(error instanceof AdminApiError)) return { message: 'Något gick fel. Försök igen.' };
  if (error.code === 'BAD_USER_INPUT' && error.argument === 'incoming')
    return { message: 'Ange ett giltigt datum.', fieldId: 'stock-incoming' };
  if (error.code === 'BAD_USER_INPUT')
    return { message: 'Lagersaldot kan inte bli mindre än 0.', fieldId: 'stock-amount' };
  if (error.code === 'NOT_FOUND')
    return { message: 'Artikeln eller butiken finns inte längre.', fieldId: 'stock-place' };
  return { message: error.message };
}

/** Signed units: "+4", "−3". */
function signed(n: number): string {
  return n > 0 ? `+${n}` : n < 0 ? `−${-n}` : '0';
}

/** The detail of one SKU. `onChanged` gets the SKU after a change. */
export function StockDetail({
  item,
  stores,
  canWrite,
  onChanged,
}: {
  item: StockItem;
  stores: Store[];
  canWrite: boolean;
  onChanged: (item: StockItem) => void;
}) {
  const [history, setHistory] = useState<Adjustment[]>([]);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [mode, setMode] = useState<'change' | 'quantity'>('change');
  const [busy, setBusy] = useState(false);

  const loadHistory = useCallback(async () => {
    const data = await adminRequest<{ stockHistory: Adjustment[] }>(
      'query($id: Int!) { stockHistory(skuId: $id, take: 20) { id at storeName reason change quantityBefore quantityAfter note staffEmail } }',
      { id: item.skuId },
    ).catch(() => ({ stockHistory: [] }));
    setHistory(data.stockHistory);
  }, [item.skuId]);
  useEffect(() => {
    void loadHistory();
  }, [loadHistory]);

  async function adjust(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const place = String(form.get('place') ?? '');
    const amountText = String(form.get('amount') ?? '')
      .trim()
      .replace('−', '-');
    const amount = Number(amountText);
    const found: FormError[] = [];
    if (!/^[-+]?\d+$/.test(amountText)) {
      found.push({ message: 'Ange antalet som ett heltal.', fieldId: 'stock-amount' });
    } else if (mode === 'change' && amount === 0) {
      found.push({ message: 'Ändringen kan inte vara 0.', fieldId: 'stock-amount' });
    } else if (mode === 'quantity' && amount < 0) {
      found.push({ message: 'Det nya saldot kan inte vara mindre än 0.', fieldId: 'stock-amount' });
    }
    setErrors(found);
    setStatus('');
    if (found.length > 0) return;
    const input = {
      skuId: item.skuId,
      storeId: place ? Number(place) : null,
      reason: String(form.get('reason')),
      note: String(form.get('note') ?? '').trim() || null,
      [mode]: amount,
    };
    setBusy(true);
    try {
      const data = await adminRequest<{
        adjustStock: { quantityAfter: number; backInStockMails: number; item: StockItem };
      }>(
        `mutation($input: AdjustStockInput!) { adjustStock(input: $input) { quantityAfter backInStockMails item { ${STOCK_ITEM_FIELDS} } } }`,
        { input },
      );
      const result = data.adjustStock;
      const where = place
        ? (stores.find((s) => String(s.id) === place)?.name ?? 'Butiken')
        : 'Webblagret';
      const mails =
        result.backInStockMails > 0
          ? ` ${result.backInStockMails} bevakning${result.backInStockMails === 1 ? '' : 'ar'} får e-post om att varan finns igen.`
          : '';
      setStatus(`${where}: ${item.articleNumber} har nu ${result.quantityAfter} st.${mails}`);
      formElement.reset();
      setMode('change');
      onChanged(result.item);
      await loadHistory();
    } catch (error) {
      setErrors([refusal(error)]);
    } finally {
      setBusy(false);
    }
  }

  async function saveIncoming(incoming: string | null) {
    setErrors([]);
    setStatus('');
    if (incoming === '') {
      setErrors([{ message: 'Välj ett datum.', fieldId: 'stock-incoming' }]);
      return;
    }
    try {
      const data = await adminRequest<{ setIncomingDate: StockItem }>(
        `mutation($skuId: Int!, $incoming: String) { setIncomingDate(skuId: $skuId, incoming: $incoming) { ${STOCK_ITEM_FIELDS} } }`,
        { skuId: item.skuId, incoming },
      );
      setStatus(
        incoming ? `Förväntad inleverans är sparad.` : 'Datumet för inleverans är borttaget.',
      );
      onChanged(data.setIncomingDate);
    } catch (error) {
      setErrors([refusal(error)]);
    }
  }

  return (
    <section className="panel stock-detail" aria-labelledby="stock-detail-title">
      <h2 id="stock-detail-title">
        {item.productName}, {item.size}
      </h2>
      <p className="hint">
        Artikelnummer {item.articleNumber}
        {item.ean ? `, EAN ${item.ean}` : ''}. Status i butiken på webben:{' '}
        <strong>{statusName(item.status)}</strong>
        {item.incoming ? `, inleverans väntas ${day.format(new Date(item.incoming))}` : ''}.
      </p>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      <div className="stock-columns">
        <table className="table">
          <caption>Lagersaldo per lagerplats</caption>
          <thead>
            <tr>
              <th scope="col">Lagerplats</th>
              <th scope="col">Antal</th>
            </tr>
          </thead>
          <tbody>
            <tr>
              <th scope="row">Webblager</th>
              <td>
                {item.inStock}
                {item.oversellable > 0 ? ` (+${item.oversellable} hos leverantör)` : ''}
                {item.static > 0 ? ' (alltid i lager)' : ''}
              </td>
            </tr>
            {item.stores.map((store) => (
              <tr key={store.storeId}>
                <th scope="row">{store.name}</th>
                <td>{store.quantity}</td>
              </tr>
            ))}
          </tbody>
        </table>
        {canWrite ? (
          <div>
            <form
              onSubmit={(event) => void adjust(event)}
              noValidate
              className="form"
              aria-labelledby="stock-adjust-title"
            >
              <h3 id="stock-adjust-title">Justera lagersaldo</h3>
              <div className="field">
                <label htmlFor="stock-place">Lagerplats</label>
                <select id="stock-place" name="place" defaultValue="">
                  <option value="">Webblager</option>
                  {stores.map((store) => (
                    <option key={store.id} value={store.id}>
                      {store.name}
                    </option>
                  ))}
                </select>
              </div>
              <fieldset className="field stock-mode">
                <legend>Typ av ändring</legend>
                <label>
                  <input
                    type="radio"
                    name="mode"
                    value="change"
                    checked={mode === 'change'}
                    onChange={() => setMode('change')}
                  />{' '}
                  Ändra med antal (+/−)
                </label>
                <label>
                  <input
                    type="radio"
                    name="mode"
                    value="quantity"
                    checked={mode === 'quantity'}
                    onChange={() => setMode('quantity')}
                  />{' '}
                  Sätt nytt saldo
                </label>
              </fieldset>
              <div className="field">
                <label htmlFor="stock-amount">
                  {mode === 'change' ? 'Ändring i antal' : 'Nytt saldo'}
                </label>
                <input
                  id="stock-amount"
                  name="amount"
                  inputMode="numeric"
                  autoComplete="off"
                  aria-describedby="stock-amount-hint"
                />
                <span className="hint" id="stock-amount-hint">
                  {mode === 'change'
                    ? 'Till exempel 5 för en inleverans eller -2 för svinn.'
                    : 'Antalet som finns efter inventeringen.'}
                </span>
              </div>
              <div className="field">
                <label htmlFor="stock-reason">Orsak</label>
                <select id="stock-reason" name="reason" defaultValue="inleverans">
                  {STOCK_REASONS.map((reason) => (
                    <option key={reason.code} value={reason.code}>
                      {reason.name}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="stock-note">Anteckning (valfri)</label>
                <input id="stock-note" name="note" maxLength={500} autoComplete="off" />
              </div>
              <button type="submit" className="button" disabled={busy}>
                Spara ändring
              </button>
            </form>
            <form
              className="form stock-incoming"
              noValidate
              onSubmit={(event) => {
                event.preventDefault();
                void saveIncoming(String(new FormData(event.currentTarget).get('incoming') ?? ''));
              }}
            >
              <div className="field">
                <label htmlFor="stock-incoming">Förväntad inleverans (webblager)</label>
                <input
                  id="stock-incoming"
                  name="incoming"
                  type="date"
                  defaultValue={item.incoming ?? ''}
                  key={item.incoming ?? ''}
                />
              </div>
              <div className="stock-actions">
                <button type="submit" className="button button-secondary">
                  Spara datum
                </button>
                {item.incoming ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    onClick={() => void saveIncoming(null)}
                  >
                    Ta bort datum
                  </button>
                ) : null}
              </div>
            </form>
          </div>
        ) : null}
      </div>
      <table className="table stock-history">
        <caption>Historik</caption>
        <thead>
          <tr>
            <th scope="col">Tid</th>
            <th scope="col">Lagerplats</th>
            <th scope="col">Orsak</th>
            <th scope="col">Ändring</th>
            <th scope="col">Saldo</th>
            <th scope="col">Anteckning</th>
            <th scope="col">Av</th>
          </tr>
        </thead>
        <tbody>
          {history.map((row) => (
            <tr key={row.id}>
              <td>{time.format(new Date(row.at))}</td>
              <td>{row.storeName ?? 'Webblager'}</td>
              <td>{reasonName(row.reason)}</td>
              <td>{signed(row.change)}</td>
              <td>
                {row.quantityBefore} → {row.quantityAfter}
              </td>
              <td>{row.note || '–'}</td>
              <td>{row.staffEmail ?? 'Systemet'}</td>
            </tr>
          ))}
          {history.length === 0 ? (
            <tr>
              <td colSpan={7}>Inga ändringar ännu.</td>
            </tr>
          ) : null}
        </tbody>
      </table>
    </section>
  );
}
