/**
 * Gift cards (issue 26 "Prices"; prices:read to look up, prices:write to issue and void): issue a
 * card (its generated code is shown this once, to hand to the customer), look a card up by code
 * (balance, status, history) and void it.
 */
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import { formatAmount, formatDateTime, isoFromInput, parseAmount } from './money.ts';
import './marketing.css';

interface GiftCard {
  maskedCode: string;
  currencyCode: string;
  balance: number;
  expiresAt: string | null;
  issuedAt: string | null;
  voidedAt: string | null;
  status: 'active' | 'expired' | 'voided' | 'empty';
  history: Array<{
    kind: 'issue' | 'order' | 'void';
    amount: number;
    orderId: number | null;
    at: string;
  }>;
}

const FIELDS =
  'maskedCode currencyCode balance expiresAt issuedAt voidedAt status history { kind amount orderId at }';

const STATUS_NAMES: Record<GiftCard['status'], string> = {
  active: 'Giltigt',
  expired: 'Har gått ut',
  voided: 'Makulerat',
  empty: 'Förbrukat',
};

const KIND_NAMES: Record<GiftCard['history'][number]['kind'], string> = {
  issue: 'Utfärdat',
  order: 'Order',
  void: 'Makulerat',
};

/** The gift cards page. */
export function GiftCardsPage({ canWrite }: { canWrite: boolean }) {
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [issued, setIssued] = useState<{ code: string; card: GiftCard } | null>(null);
  const [card, setCard] = useState<GiftCard | null>(null);
  const [lookedUp, setLookedUp] = useState('');
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const issuedRef = useRef<HTMLDivElement>(null);

  useEffect(() => {
    adminRequest<{ campaignChoices: { markets: Array<{ currencyCode: string }> } }>(
      '{ campaignChoices { markets { currencyCode } } }',
    )
      .then((data) =>
        setCurrencies([...new Set(data.campaignChoices.markets.map((m) => m.currencyCode))]),
      )
      .catch(() => undefined);
  }, []);
  useEffect(() => {
    if (issued) issuedRef.current?.focus();
  }, [issued]);

  async function issue(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const amountRaw = String(form.get('amount') ?? '').trim();
    const amount = parseAmount(amountRaw);
    const expiresRaw = String(form.get('expiresAt') ?? '');
    const found: FormError[] = [];
    if (amount === null)
      found.push({ message: 'Ange ett belopp, t.ex. 500.', fieldId: 'giftcard-amount' });
    setErrors(found);
    setStatus('');
    setIssued(null);
    if (found.length > 0) return;
    try {
      const data = await adminRequest<{ issueGiftCard: { code: string; card: GiftCard } }>(
        `mutation($input: IssueGiftCardInput!) { issueGiftCard(input: $input) { code card { ${FIELDS} } } }`,
        {
          input: {
            currencyCode: String(form.get('currencyCode') ?? 'SEK'),
            amount,
            expiresAt: expiresRaw ? isoFromInput(`${expiresRaw}T23:59`) : null,
          },
        },
      );
      formElement.reset();
      setIssued(data.issueGiftCard);
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors([
          {
            message: error.message,
            fieldId: error.argument?.includes('expires') ? 'giftcard-expires' : 'giftcard-amount',
          },
        ]);
    }
  }

  async function lookUp(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const code = String(new FormData(event.currentTarget).get('code') ?? '').trim();
    setStatus('');
    setCard(null);
    if (!code) {
      setErrors([{ message: 'Ange presentkortets kod.', fieldId: 'giftcard-code' }]);
      return;
    }
    setErrors([]);
    try {
      const data = await adminRequest<{ giftCard: GiftCard | null }>(
        `query($code: String!) { giftCard(code: $code) { ${FIELDS} } }`,
        { code },
      );
      if (!data.giftCard) {
        setErrors([
          { message: 'Det finns inget presentkort med den koden.', fieldId: 'giftcard-code' },
        ]);
        return;
      }
      setLookedUp(code);
      setCard(data.giftCard);
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors([{ message: error.message, fieldId: 'giftcard-code' }]);
    }
  }

  async function voidCard() {
    if (!card) return;
    if (
      !window.confirm(
        `Makulera presentkortet ${card.maskedCode}? Saldot ${formatAmount(card.balance, card.currencyCode)} försvinner och kortet kan inte användas.`,
      )
    )
      return;
    setErrors([]);
    try {
      const data = await adminRequest<{ voidGiftCard: GiftCard }>(
        `mutation($code: String!) { voidGiftCard(code: $code) { ${FIELDS} } }`,
        { code: lookedUp },
      );
      setCard(data.voidGiftCard);
      setStatus(`Presentkortet ${data.voidGiftCard.maskedCode} är makulerat.`);
    } catch (error) {
      if (error instanceof AdminApiError) setErrors([{ message: error.message }]);
    }
  }

  return (
    <>
      <h1>Presentkort</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      {issued ? (
        <div className="notice" tabIndex={-1} ref={issuedRef} aria-labelledby="issued-title">
          <h2 id="issued-title">Presentkortet är utfärdat</h2>
          <p>
            Värde {formatAmount(issued.card.balance, issued.card.currencyCode)}. Ge koden till
            kunden nu: den visas inte igen.
          </p>
          <p className="code-once" aria-label="Presentkortets kod">
            {issued.code}
          </p>
        </div>
      ) : null}
      {canWrite ? (
        <section className="panel" aria-labelledby="issue-title">
          <h2 id="issue-title">Utfärda presentkort</h2>
          <form onSubmit={(event) => void issue(event)} noValidate className="form">
            <div className="form-row">
              <div className="field">
                <label htmlFor="giftcard-amount">Belopp</label>
                <input id="giftcard-amount" name="amount" inputMode="decimal" required />
              </div>
              <div className="field">
                <label htmlFor="giftcard-currency">Valuta</label>
                <select id="giftcard-currency" name="currencyCode">
                  {currencies.map((c) => (
                    <option key={c} value={c}>
                      {c}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field">
                <label htmlFor="giftcard-expires">Sista giltighetsdag</label>
                <input
                  id="giftcard-expires"
                  name="expiresAt"
                  type="date"
                  aria-describedby="giftcard-expires-hint"
                />
                <span className="hint" id="giftcard-expires-hint">
                  Tomt: ingen sista dag.
                </span>
              </div>
            </div>
            <div className="actions">
              <button type="submit" className="button">
                Utfärda
              </button>
            </div>
          </form>
        </section>
      ) : null}
      <section className="panel" aria-labelledby="lookup-title">
        <h2 id="lookup-title">Sök presentkort</h2>
        <form onSubmit={(event) => void lookUp(event)} noValidate className="form">
          <div className="form-row">
            <div className="field">
              <label htmlFor="giftcard-code">Kod</label>
              <input id="giftcard-code" name="code" autoComplete="off" required />
            </div>
          </div>
          <div className="actions">
            <button type="submit" className="button">
              Sök
            </button>
          </div>
        </form>
        {card ? (
          <>
            <h3>Presentkort {card.maskedCode}</h3>
            <dl>
              <dt>Saldo</dt>
              <dd>{formatAmount(card.balance, card.currencyCode)}</dd>
              <dt>Status</dt>
              <dd>{STATUS_NAMES[card.status]}</dd>
              <dt>Sista giltighetsdag</dt>
              <dd>{card.expiresAt ? formatDateTime(card.expiresAt) : 'Ingen'}</dd>
            </dl>
            <table className="table">
              <caption>Händelser</caption>
              <thead>
                <tr>
                  <th scope="col">När</th>
                  <th scope="col">Händelse</th>
                  <th scope="col">Belopp</th>
                </tr>
              </thead>
              <tbody>
                {card.history.map((event, index) => (
                  <tr key={index}>
                    <td>{formatDateTime(event.at)}</td>
                    <td>
                      {KIND_NAMES[event.kind]}
                      {event.orderId ? ` ${event.orderId}` : ''}
                    </td>
                    <td>
                      {event.kind === 'issue' ? '+' : '−'}
                      {formatAmount(event.amount, card.currencyCode)}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
            {canWrite && card.status !== 'voided' ? (
              <button
                type="button"
                className="button button-secondary"
                onClick={() => void voidCard()}
              >
                Makulera presentkortet
              </button>
            ) : null}
          </>
        ) : null}
      </section>
    </>
  );
}
