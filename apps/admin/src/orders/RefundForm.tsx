/**
 * The refund form of an order (issue 27 "Refunds"): units per line (at most what is left), the
 * shipping fee, to the payment or as store credit, and a reason. The API refuses a refund beyond
 * what was paid; its Swedish message is shown in the error summary.
 */
import { useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { formatAmount } from '../money.ts';
import { REFUND_MUTATION, type OrderDetail, type PaymentState } from './orders-api.ts';

/**
 * What the refund panel says about the money (issue 40 point 5): the payment state as the API
 * decides it (never "Betalt" for a reservation), then what was captured, reserved, refunded and
 * what is left, e.g. "Reserverad: 809,10 kr reserverat, inte betalt än. Återbetalt 0 kr, kvar
 * 809,10 kr."
 */
export function refundSummary(
  state: PaymentState,
  remainingIncVat: number,
  money: (minor: number) => string,
): string {
  const held = [
    state.capturedIncVat > 0 ? `${money(state.capturedIncVat)} betalt` : '',
    state.reservedIncVat > 0
      ? `${money(state.reservedIncVat)} reserverat${state.capturedIncVat > 0 ? '' : ', inte betalt än'}`
      : '',
  ].filter(Boolean);
  return (
    `${state.label}${held.length > 0 ? `: ${held.join(', ')}` : ''}. ` +
    `Återbetalt ${money(state.refundedIncVat)}, kvar ${money(remainingIncVat)}.`
  );
}

/**
 * The form; `onSubmitting` is called when a refund is sent (the page clears its status),
 * `onRefunded` gets the order after the refund and a status text.
 */
export function RefundForm({
  order,
  onSubmitting,
  onRefunded,
}: {
  order: OrderDetail;
  onSubmitting: () => void;
  onRefunded: (order: OrderDetail, message: string) => void;
}) {
  const [errors, setErrors] = useState<FormError[]>([]);
  const [busy, setBusy] = useState(false);
  const money = (minor: number) => formatAmount(minor, order.currencyCode);
  const left = (lineNo: number) => order.refundable.lines.find((l) => l.lineNo === lineNo);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    onSubmitting();
    const formElement = event.currentTarget;
    const form = new FormData(formElement);
    const found: FormError[] = [];
    const lines: Array<{ lineNo: number; quantity: number }> = [];
    for (const line of order.lines) {
      const text = String(form.get(`line-${line.lineNo}`) ?? '').trim();
      if (!text || text === '0') continue;
      if (!/^\d+$/.test(text)) {
        found.push({
          message: `Ange antalet för ${line.name} som ett heltal.`,
          fieldId: `refund-line-${line.lineNo}`,
        });
      } else {
        lines.push({ lineNo: line.lineNo, quantity: Number(text) });
      }
    }
    const full = form.get('full') === 'on';
    const includeShipping = form.get('shipping') === 'on';
    if (found.length === 0 && !full && lines.length === 0 && !includeShipping) {
      found.push({
        message: 'Välj antal på minst en rad, hela ordern eller frakten.',
        fieldId: `refund-line-${order.lines[0]?.lineNo ?? 1}`,
      });
    }
    setErrors(found);
    if (found.length > 0) return;
    setBusy(true);
    try {
      const data = await adminRequest<{ refundOrder: OrderDetail }>(REFUND_MUTATION, {
        input: {
          orderId: order.id,
          full,
          lines: full ? [] : lines,
          includeShipping,
          toBalance: form.get('destination') === 'balance',
          reason: String(form.get('reason') ?? '').trim(),
        },
      });
      const after = data.refundOrder;
      const amount = after.refundable.refundedIncVat - order.refundable.refundedIncVat;
      formElement.reset();
      onRefunded(
        after,
        `${money(amount)} är återbetalat${form.get('destination') === 'balance' ? ' till kundens saldo' : ''}.`,
      );
    } catch (error) {
      setErrors([
        {
          message: errorMessage(error, 'Något gick fel. Försök igen.'),
          fieldId:
            error instanceof AdminApiError && error.argument === 'includeShipping'
              ? 'refund-shipping'
              : `refund-line-${order.lines[0]?.lineNo ?? 1}`,
        },
      ]);
    } finally {
      setBusy(false);
    }
  }

  return (
    <form
      className="form"
      noValidate
      onSubmit={(e) => void submit(e)}
      aria-labelledby="refund-title"
    >
      <h3 id="refund-title">Återbetala</h3>
      <p className="hint" data-testid="refund-summary">
        {refundSummary(order.paymentState, order.refundable.remainingIncVat, money)}
      </p>
      <ErrorSummary errors={errors} />
      {order.lines.map((line) => {
        const remaining = left(line.lineNo)?.remainingQuantity ?? 0;
        return (
          <div className="field" key={line.lineNo}>
            <label htmlFor={`refund-line-${line.lineNo}`}>
              Antal av {line.name}
              {line.skuName ? `, ${line.skuName}` : ''}
            </label>
            <input
              id={`refund-line-${line.lineNo}`}
              name={`line-${line.lineNo}`}
              inputMode="numeric"
              autoComplete="off"
              disabled={remaining === 0}
              aria-describedby={`refund-line-${line.lineNo}-hint`}
            />
            <span className="hint" id={`refund-line-${line.lineNo}-hint`}>
              {remaining === 0 ? 'Helt återbetald.' : `Högst ${remaining} st.`}
            </span>
          </div>
        );
      })}
      <label className="field-check">
        <input type="checkbox" name="full" /> Hela ordern (allt som återstår av raderna)
      </label>
      <label className="field-check">
        <input
          type="checkbox"
          name="shipping"
          id="refund-shipping"
          disabled={order.refundable.shippingRemainingIncVat === 0}
        />{' '}
        Frakten ({money(order.refundable.shippingRemainingIncVat)})
      </label>
      <fieldset className="radio-group">
        <legend className="visually-hidden">Återbetala till</legend>
        <label>
          <input type="radio" name="destination" value="payment" defaultChecked /> Till betalningen
        </label>
        <label>
          <input type="radio" name="destination" value="balance" disabled={!order.customer} /> Till
          kundens saldo
        </label>
      </fieldset>
      <div className="field">
        <label htmlFor="refund-reason">Orsak</label>
        <input id="refund-reason" name="reason" maxLength={500} autoComplete="off" />
      </div>
      <button type="submit" className="button" disabled={busy}>
        Återbetala
      </button>
    </form>
  );
}
