/**
 * Promo codes (issue 26 "Prices"; prices:read to see, prices:write to change): the list of codes
 * with their rules and use, a form to create or change one (a percentage off the items, or an
 * amount off the order; minimum order; per currency of the markets; dates; usage limit; "gäller
 * inte redan nedsatta varor", issue 40 §3), and deactivation (and activation again). Each code's
 * status (Planerad, Aktiv, Avslutad, Inaktiverad) is the API's, and the list filters by it.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import { formatBasisPoints } from './format.ts';
import {
  amountText,
  formatAmount,
  formatDateTime,
  isoFromInput,
  localInputValue,
  parseAmount,
} from './money.ts';
import {
  StatusBadge,
  StatusFilter,
  STATUS_NAMES,
  type PromotionStatus,
} from './promotion-status.tsx';
import './marketing.css';
import { TableScroll } from './TableScroll.tsx';

interface Amount {
  currencyCode: string;
  amountIncVat: number;
  minOrderIncVat: number;
}

interface PromoCode {
  code: string;
  name: string;
  kind: 'percent' | 'fixed';
  percentBasisPoints: number;
  startsAt: string;
  endsAt: string | null;
  usageLimit: number | null;
  timesUsed: number;
  active: boolean;
  status: PromotionStatus;
  excludeDiscountedItems: boolean;
  amounts: Amount[];
}

const FIELDS =
  'code name kind percentBasisPoints startsAt endsAt usageLimit timesUsed active status excludeDiscountedItems amounts { currencyCode amountIncVat minOrderIncVat }';

/** What a code gives, in words. */
function ruleText(code: PromoCode): string {
  const discount =
    code.kind === 'percent'
      ? `${formatBasisPoints(code.percentBasisPoints)} på varorna`
      : code.amounts
          .filter((a) => a.amountIncVat > 0)
          .map((a) => formatAmount(a.amountIncVat, a.currencyCode))
          .join(' / ') + ' på ordern';
  const minimum = code.amounts
    .filter((a) => a.minOrderIncVat > 0)
    .map((a) => formatAmount(a.minOrderIncVat, a.currencyCode));
  const rule = minimum.length > 0 ? `${discount}, vid köp över ${minimum.join(' / ')}` : discount;
  return code.excludeDiscountedItems ? `${rule}; gäller inte redan nedsatta varor` : rule;
}

/** Which field an API error is about. */
function fieldOf(error: AdminApiError): string | undefined {
  const argument = error.argument ?? '';
  if (argument === 'code') return 'promo-code';
  if (argument.endsWith('endsAt')) return 'promo-end';
  if (argument.endsWith('startsAt')) return 'promo-start';
  if (argument.endsWith('usageLimit')) return 'promo-limit';
  if (argument.includes('percent')) return 'promo-percent';
  if (argument.includes('amounts')) return 'promo-amount-0';
  if (argument.endsWith('name')) return 'promo-name';
  return undefined;
}

/** The promo codes page. */
export function PromoCodesPage({ canWrite }: { canWrite: boolean }) {
  const [codes, setCodes] = useState<PromoCode[] | null>(null);
  const [currencies, setCurrencies] = useState<string[]>([]);
  const [editing, setEditing] = useState<PromoCode | null>(null);
  const [kind, setKind] = useState<'percent' | 'fixed'>('percent');
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [filter, setFilter] = useState<PromotionStatus | ''>('');

  const load = useCallback(async () => {
    try {
      const data = await adminRequest<{
        promoCodes: PromoCode[];
        campaignChoices: { markets: Array<{ currencyCode: string }> };
      }>(
        `query($status: PromotionStatus) { promoCodes(status: $status) { ${FIELDS} } campaignChoices { markets { currencyCode } } }`,
        { status: filter || null },
      );
      setCodes(data.promoCodes);
      setCurrencies([...new Set(data.campaignChoices.markets.map((m) => m.currencyCode))]);
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    }
  }, [filter]);
  useEffect(() => {
    void load();
  }, [load]);

  function startEdit(code: PromoCode) {
    setEditing(code);
    setKind(code.kind);
    setErrors([]);
    setStatus('');
    setFormKey((k) => k + 1);
    setTimeout(() => document.getElementById('promo-name')?.focus());
  }

  function cancelEdit() {
    setEditing(null);
    setErrors([]);
    setFormKey((k) => k + 1);
  }

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    const text = (name: string) => String(form.get(name) ?? '').trim();
    const found: FormError[] = [];
    const code = editing ? editing.code : text('code');
    const name = text('name');
    const startsAt =
      editing && text('startsAt') === localInputValue(editing.startsAt)
        ? editing.startsAt
        : isoFromInput(text('startsAt'));
    const endsAt = isoFromInput(text('endsAt'));
    const limitText = text('usageLimit');
    const percentText = text('percent').replace(',', '.');
    if (!code) found.push({ message: 'Ange koden.', fieldId: 'promo-code' });
    if (!name) found.push({ message: 'Ange ett namn.', fieldId: 'promo-name' });
    if (!startsAt) found.push({ message: 'Ange när koden börjar gälla.', fieldId: 'promo-start' });
    if (startsAt && endsAt && endsAt <= startsAt)
      found.push({ message: 'Slutet måste vara efter starten.', fieldId: 'promo-end' });
    const percent = Number(percentText);
    if (kind === 'percent' && (!percentText || !(percent > 0 && percent <= 100)))
      found.push({
        message: 'Ange rabatten i procent, mer än 0 och högst 100.',
        fieldId: 'promo-percent',
      });
    const amounts: Amount[] = [];
    currencies.forEach((currencyCode, index) => {
      const amountRaw = text(`amount-${currencyCode}`);
      const minimumRaw = text(`minimum-${currencyCode}`);
      const amount = amountRaw ? parseAmount(amountRaw) : 0;
      const minimum = minimumRaw ? parseAmount(minimumRaw) : 0;
      if (amount === null)
        found.push({
          message: `Beloppet i ${currencyCode} är inte ett tal.`,
          fieldId: `promo-amount-${index}`,
        });
      if (minimum === null)
        found.push({
          message: `Lägsta ordervärdet i ${currencyCode} är inte ett tal.`,
          fieldId: `promo-minimum-${index}`,
        });
      if ((kind === 'fixed' && amountRaw) || minimumRaw)
        amounts.push({ currencyCode, amountIncVat: amount ?? 0, minOrderIncVat: minimum ?? 0 });
    });
    setErrors(found);
    setStatus('');
    if (found.length > 0) return;
    const input = {
      name,
      kind,
      percentBasisPoints: kind === 'percent' ? Math.round(percent * 100) : null,
      startsAt,
      endsAt,
      usageLimit: limitText ? Number(limitText) : null,
      excludeDiscountedItems: form.get('excludeDiscountedItems') === 'on',
      amounts,
    };
    try {
      const operation = editing ? 'updatePromoCode' : 'createPromoCode';
      const data = await adminRequest<Record<string, PromoCode>>(
        `mutation($code: String!, $input: PromoCodeInput!) { ${operation}(code: $code, input: $input) { ${FIELDS} } }`,
        { code, input },
      );
      const saved = data[operation]!;
      setStatus(
        editing ? `Rabattkoden ${saved.code} är ändrad.` : `Rabattkoden ${saved.code} är skapad.`,
      );
      setEditing(null);
      setFormKey((k) => k + 1);
      await load();
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors([{ message: error.message, fieldId: fieldOf(error) }]);
    }
  }

  async function setActive(code: PromoCode, active: boolean) {
    if (!active && !window.confirm(`Inaktivera rabattkoden ${code.code}? Den slutar gälla direkt.`))
      return;
    setErrors([]);
    try {
      await adminRequest(
        `mutation($code: String!) { ${active ? 'activatePromoCode' : 'deactivatePromoCode'}(code: $code) { code } }`,
        { code: code.code },
      );
      setStatus(`Rabattkoden ${code.code} är ${active ? 'aktiverad' : 'inaktiverad'}.`);
    } catch (error) {
      if (error instanceof AdminApiError) setErrors([{ message: error.message }]);
    }
    await load();
  }

  const amountOf = (currency: string) => editing?.amounts.find((a) => a.currencyCode === currency);

  return (
    <>
      <h1>Rabattkoder</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      {canWrite ? (
        <section className="panel" aria-labelledby="promo-form-title">
          <h2 id="promo-form-title">
            {editing
              ? `Ändra rabattkod ${editing.code} (${STATUS_NAMES[editing.status]})`
              : 'Ny rabattkod'}
          </h2>
          <form key={formKey} onSubmit={(event) => void save(event)} noValidate className="form">
            <div className="form-row">
              {editing ? null : (
                <div className="field">
                  <label htmlFor="promo-code">Kod</label>
                  <input
                    id="promo-code"
                    name="code"
                    autoComplete="off"
                    aria-describedby="promo-code-hint"
                    required
                  />
                  <span className="hint" id="promo-code-hint">
                    Bokstäver och siffror; sparas med versaler.
                  </span>
                </div>
              )}
              <div className="field">
                <label htmlFor="promo-name">Namn</label>
                <input id="promo-name" name="name" defaultValue={editing?.name ?? ''} required />
              </div>
            </div>
            <fieldset className="field">
              <legend>Rabatt</legend>
              <label className="choice">
                <input
                  type="radio"
                  name="kind"
                  value="percent"
                  checked={kind === 'percent'}
                  onChange={() => setKind('percent')}
                />{' '}
                Procent på varorna
              </label>
              <label className="choice">
                <input
                  type="radio"
                  name="kind"
                  value="fixed"
                  checked={kind === 'fixed'}
                  onChange={() => setKind('fixed')}
                />{' '}
                Belopp på ordern (per valuta)
              </label>
            </fieldset>
            <div className="form-row">
              {kind === 'percent' ? (
                <div className="field">
                  <label htmlFor="promo-percent">Rabatt i procent</label>
                  <input
                    id="promo-percent"
                    name="percent"
                    inputMode="decimal"
                    defaultValue={
                      editing?.kind === 'percent' ? String(editing.percentBasisPoints / 100) : ''
                    }
                  />
                </div>
              ) : null}
              <div className="field">
                <label htmlFor="promo-start">Gäller från</label>
                <input
                  id="promo-start"
                  name="startsAt"
                  type="datetime-local"
                  defaultValue={localInputValue(editing?.startsAt ?? new Date().toISOString())}
                />
              </div>
              <div className="field">
                <label htmlFor="promo-end">Gäller till</label>
                <input
                  id="promo-end"
                  name="endsAt"
                  type="datetime-local"
                  defaultValue={localInputValue(editing?.endsAt)}
                  aria-describedby="promo-end-hint"
                />
                <span className="hint" id="promo-end-hint">
                  Tomt: tills vidare.
                </span>
              </div>
              <div className="field">
                <label htmlFor="promo-limit">Högst antal ordrar</label>
                <input
                  id="promo-limit"
                  name="usageLimit"
                  type="number"
                  min={1}
                  inputMode="numeric"
                  defaultValue={editing?.usageLimit ?? ''}
                  aria-describedby="promo-limit-hint"
                />
                <span className="hint" id="promo-limit-hint">
                  Tomt: obegränsat.
                </span>
              </div>
            </div>
            <div className="field">
              <label className="choice">
                <input
                  type="checkbox"
                  name="excludeDiscountedItems"
                  defaultChecked={editing?.excludeDiscountedItems ?? false}
                  aria-describedby="promo-exclude-hint"
                />{' '}
                Gäller inte redan nedsatta varor
              </label>
              <span className="hint" id="promo-exclude-hint">
                Varor med kampanjpris får ingen rabatt av koden; varukorgen säger varför.
              </span>
            </div>
            <fieldset className="field">
              <legend>Belopp per valuta</legend>
              <p className="hint">
                {kind === 'fixed'
                  ? 'Koden gäller bara i valutor med ett belopp.'
                  : 'Med ett lägsta ordervärde gäller koden bara i de valutorna; helt tomt: i alla.'}
              </p>
              {currencies.map((currency, index) => (
                <div className="form-row" key={currency}>
                  {kind === 'fixed' ? (
                    <div className="field">
                      <label htmlFor={`promo-amount-${index}`}>Rabatt ({currency})</label>
                      <input
                        id={`promo-amount-${index}`}
                        name={`amount-${currency}`}
                        inputMode="decimal"
                        defaultValue={
                          amountOf(currency)?.amountIncVat
                            ? amountText(amountOf(currency)!.amountIncVat)
                            : ''
                        }
                      />
                    </div>
                  ) : null}
                  <div className="field">
                    <label htmlFor={`promo-minimum-${index}`}>Lägsta ordervärde ({currency})</label>
                    <input
                      id={`promo-minimum-${index}`}
                      name={`minimum-${currency}`}
                      inputMode="decimal"
                      defaultValue={
                        amountOf(currency)?.minOrderIncVat
                          ? amountText(amountOf(currency)!.minOrderIncVat)
                          : ''
                      }
                    />
                  </div>
                </div>
              ))}
            </fieldset>
            <div className="actions">
              <button type="submit" className="button">
                {editing ? 'Spara ändringar' : 'Skapa rabattkod'}
              </button>
              {editing ? (
                <button type="button" className="button button-secondary" onClick={cancelEdit}>
                  Avbryt
                </button>
              ) : null}
            </div>
          </form>
        </section>
      ) : null}
      <StatusFilter value={filter} onChange={setFilter} />
      <TableScroll label="Rabattkoder">
        <table className="table">
          <caption>{filter ? `Rabattkoder: ${STATUS_NAMES[filter]}` : 'Alla rabattkoder'}</caption>
          <thead>
            <tr>
              <th scope="col">Kod</th>
              <th scope="col">Rabatt</th>
              <th scope="col">Gäller</th>
              <th scope="col">Använd</th>
              <th scope="col">Status</th>
              {canWrite ? <th scope="col">Åtgärd</th> : null}
            </tr>
          </thead>
          <tbody>
            {(codes ?? []).map((code) => (
              <tr key={code.code}>
                <td>
                  <strong>{code.code}</strong>
                  <br />
                  <span className="hint">{code.name}</span>
                </td>
                <td>{ruleText(code)}</td>
                <td>
                  {formatDateTime(code.startsAt)} –{' '}
                  {code.endsAt ? formatDateTime(code.endsAt) : 'tills vidare'}
                </td>
                <td>
                  {code.timesUsed}
                  {code.usageLimit === null ? '' : ` av ${code.usageLimit}`}
                </td>
                <td>
                  <StatusBadge status={code.status} />
                </td>
                {canWrite ? (
                  <td>
                    <span className="actions">
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => startEdit(code)}
                      >
                        Ändra<span className="visually-hidden"> {code.code}</span>
                      </button>
                      <button
                        type="button"
                        className="button button-secondary"
                        onClick={() => void setActive(code, !code.active)}
                      >
                        {code.active ? 'Inaktivera' : 'Aktivera'}
                        <span className="visually-hidden"> {code.code}</span>
                      </button>
                    </span>
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {codes?.length === 0 ? <p>Inga rabattkoder att visa.</p> : null}
      {codes === null ? <p>Hämtar rabattkoder …</p> : null}
    </>
  );
}
