/**
 * Förmånscykel applications (issue 27 "Moderation and content"; orders:read, deciding needs
 * orders:write): the applications with their employee, employer and monthly cost, and the
 * employer's answer recorded by staff when it came by phone or mail instead of the signed link
 * (approve: the order is received; decline: it is cancelled and its stock returned).
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { formatAmount } from '../money.ts';
import '../dialog.css';
import './moderation.css';

type LeasingState = 'awaiting' | 'approved' | 'declined';

/** An application as the list shows it (money in öre). */
interface Application {
  orderNumber: number;
  orderStatus: string;
  customerName: string;
  email: string;
  orderValueIncVat: number;
  employerName: string;
  organisationNumber: string;
  employerEmail: string;
  periodMonths: number;
  packageName: string;
  netCostPerMonth: number;
  status: LeasingState;
  /** The status's one Swedish name, from the API (leasing-status.ts, issue 40). */
  statusName: string;
  createdAt: string;
  decidedAt: string | null;
  decidedVia: string | null;
  employerAnswer: string | null;
}

const FIELDS = `orderNumber orderStatus customerName email orderValueIncVat employerName
  organisationNumber employerEmail periodMonths packageName netCostPerMonth status statusName
  createdAt decidedAt decidedVia employerAnswer`;
const LIST = `query($status: LeasingApplicationState) {
  leasingApplications(status: $status, take: 100) {
    total items { ${FIELDS} } states { code name } } }`;
const DECIDE = `mutation($input: DecideLeasingApplicationInput!) {
  decideLeasingApplication(input: $input) { orderNumber status } }`;

/** A filter: a state with its name from the API (one name everywhere, issue 40), or all. */
interface Filter {
  code: LeasingState | '';
  name: string;
}

const ALL: Filter = { code: '', name: 'Alla' };

const date = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short' });

/** The applications page. */
export function LeasingPage({ canWrite }: { canWrite: boolean }) {
  const [filter, setFilter] = useState<LeasingState | ''>('awaiting');
  const [items, setItems] = useState<Application[] | null>(null);
  const [filters, setFilters] = useState<Filter[]>([]);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [message, setMessage] = useState('');
  const [deciding, setDeciding] = useState<Application | null>(null);
  const [decision, setDecision] = useState<'approve' | 'decline' | ''>('');
  const [answer, setAnswer] = useState('');
  const [formErrors, setFormErrors] = useState<FormError[]>([]);
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const load = useCallback((which: LeasingState | '') => {
    adminRequest<{ leasingApplications: { items: Application[]; states: Filter[] } }>(LIST, {
      status: which || null,
    })
      .then((data) => {
        setItems(data.leasingApplications.items);
        setFilters([...data.leasingApplications.states, ALL]);
      })
      .catch((error: unknown) => setErrors([{ message: errorMessage(error) }]));
  }, []);
  useEffect(() => load(filter), [load, filter]);

  function open(application: Application, button: HTMLElement) {
    returnFocus.current = button;
    setDeciding(application);
    setDecision('');
    setAnswer('');
    setFormErrors([]);
    dialogRef.current?.showModal();
  }

  function close() {
    dialogRef.current?.close();
    setDeciding(null);
    returnFocus.current?.focus();
  }

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!deciding) return;
    const problems: FormError[] = [];
    if (!decision)
      problems.push({ message: 'Välj godkänn eller avslå.', fieldId: 'decision-approve' });
    if (!answer.trim())
      problems.push({ message: 'Skriv arbetsgivarens svar.', fieldId: 'employer-answer' });
    setFormErrors(problems);
    if (problems.length > 0) return;
    setBusy(true);
    try {
      await adminRequest(DECIDE, {
        input: { orderId: deciding.orderNumber, decision, employerAnswer: answer },
      });
      setMessage(
        decision === 'approve'
          ? `Ansökan för order ${deciding.orderNumber} är godkänd. Ordern är mottagen.`
          : `Ansökan för order ${deciding.orderNumber} är avslagen. Ordern är makulerad.`,
      );
      dialogRef.current?.close();
      setDeciding(null);
      document.querySelector<HTMLElement>('main h1')?.focus();
      load(filter);
    } catch (error) {
      setFormErrors([{ message: errorMessage(error) }]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <>
      <h1>Förmånscykel</h1>
      <ErrorSummary errors={errors} />
      <p>
        Ansökningar om förmånscykel väntar på arbetsgivarens svar. Arbetsgivaren svarar normalt via
        länken i sitt e-postmeddelande; har svaret kommit på annat sätt registrerar du det här.
      </p>
      <div className="state-tabs" role="group" aria-label="Visa ansökningar">
        {filters.map((option) => (
          <button
            key={option.code || 'all'}
            type="button"
            className={option.code === filter ? 'button' : 'button button-secondary'}
            aria-pressed={option.code === filter}
            onClick={() => {
              setMessage('');
              setFilter(option.code);
            }}
          >
            {option.name}
          </button>
        ))}
      </div>
      <p className="status" role="status">
        {message}
      </p>
      {items === null ? (
        <p className="loading">Laddar …</p>
      ) : items.length === 0 ? (
        <p>Inga ansökningar i den här listan.</p>
      ) : (
        <table className="table">
          <caption>Ansökningar, nyaste först</caption>
          <thead>
            <tr>
              <th scope="col">Order</th>
              <th scope="col">Anställd</th>
              <th scope="col">Arbetsgivare</th>
              <th scope="col">Avtal</th>
              <th scope="col">Status</th>
              <th scope="col">Åtgärd</th>
            </tr>
          </thead>
          <tbody>
            {items.map((a) => (
              <tr key={a.orderNumber}>
                <td>
                  {a.orderNumber}
                  <br />
                  <span className="hint">{date.format(new Date(a.createdAt))}</span>
                </td>
                <td>
                  {a.customerName}
                  <br />
                  <span className="hint">{a.email}</span>
                </td>
                <td>
                  {a.employerName} ({a.organisationNumber})
                  <br />
                  <span className="hint">{a.employerEmail}</span>
                </td>
                <td>
                  {a.periodMonths} mån, {a.packageName}
                  <br />
                  {formatAmount(a.netCostPerMonth, 'SEK')}/mån netto · cykel{' '}
                  {formatAmount(a.orderValueIncVat, 'SEK')}
                </td>
                <td>
                  {a.statusName}
                  {a.employerAnswer ? (
                    <>
                      <br />
                      <span className="hint">Svar: {a.employerAnswer}</span>
                    </>
                  ) : a.decidedVia === 'link' ? (
                    <>
                      <br />
                      <span className="hint">Via arbetsgivarens länk</span>
                    </>
                  ) : null}
                </td>
                <td>
                  {canWrite && a.status === 'awaiting' ? (
                    <button
                      type="button"
                      className="button button-secondary"
                      onClick={(event) => open(a, event.currentTarget)}
                    >
                      Registrera svar
                      <span className="visually-hidden"> för order {a.orderNumber}</span>
                    </button>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby="leasing-dialog-title"
        onCancel={(event) => {
          event.preventDefault();
          close();
        }}
      >
        <h2 id="leasing-dialog-title">Registrera beslut för order {deciding?.orderNumber}</h2>
        <form onSubmit={(event) => void submit(event)} noValidate className="form">
          <ErrorSummary errors={formErrors} />
          <fieldset className="radio-group">
            <legend>Beslut</legend>
            <label>
              <input
                type="radio"
                id="decision-approve"
                name="decision"
                checked={decision === 'approve'}
                onChange={() => setDecision('approve')}
              />{' '}
              Godkänn (ordern tas emot)
            </label>
            <label>
              <input
                type="radio"
                name="decision"
                checked={decision === 'decline'}
                onChange={() => setDecision('decline')}
              />{' '}
              Avslå (ordern makuleras och lagret återförs)
            </label>
          </fieldset>
          <div className="field">
            <label htmlFor="employer-answer">Arbetsgivarens svar</label>
            <textarea
              id="employer-answer"
              rows={3}
              maxLength={1000}
              value={answer}
              onChange={(event) => setAnswer(event.target.value)}
              aria-describedby="employer-answer-hint"
            />
            <span className="hint" id="employer-answer-hint">
              Vem svarade och hur, t.ex. ”Godkänt per telefon av lönekontoret”.
            </span>
          </div>
          <div className="dialog-actions">
            <button type="submit" className="button" disabled={busy}>
              Spara beslut
            </button>
            <button type="button" className="button button-secondary" onClick={close}>
              Avbryt
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
