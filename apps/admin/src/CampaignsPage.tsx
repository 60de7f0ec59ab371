/**
 * Price campaigns (issue 26 "Prices"; prices:read to see, prices:write to change): the list of
 * campaigns with their status, a form to create one (a percentage off the products of some
 * article numbers, a category or a brand, in chosen markets, between two times) or change one,
 * and "Avsluta nu" to end a campaign early. The storefront shows a change at once.
 */
import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest, errorMessage } from './api.ts';
import { ErrorSummary, type FormError } from './ErrorSummary.tsx';
import { formatAmount, formatDateTime, isoFromInput, localInputValue } from './money.ts';
import {
  StatusBadge,
  StatusFilter,
  STATUS_NAMES,
  type PromotionStatus,
} from './promotion-status.tsx';
import './marketing.css';
import { TableScroll } from './TableScroll.tsx';

interface Price {
  productId: number;
  productName: string;
  articleNumber: string;
  marketId: string;
  sellingPriceIncVat: number;
  regularPriceIncVat: number | null;
}

interface Campaign {
  id: number;
  alias: string;
  name: string;
  startsAt: string;
  endsAt: string | null;
  status: PromotionStatus;
  productCount: number;
  marketIds: string[];
  prices?: Price[];
}

interface Choices {
  markets: Array<{ id: string; name: string; currencyCode: string }>;
  categories: Array<{ id: string; name: string }>;
  brands: Array<{ id: string; name: string }>;
}

const FIELDS = 'id alias name startsAt endsAt status productCount marketIds';
const PRICE_FIELDS =
  'prices { productId productName articleNumber marketId sellingPriceIncVat regularPriceIncVat }';

type ScopeKind = 'articles' | 'category' | 'brand';

/** The campaigns page. */
export function CampaignsPage({ canWrite }: { canWrite: boolean }) {
  const [campaigns, setCampaigns] = useState<Campaign[] | null>(null);
  const [choices, setChoices] = useState<Choices | null>(null);
  const [editing, setEditing] = useState<Campaign | null>(null);
  const [scope, setScope] = useState<ScopeKind>('articles');
  const [errors, setErrors] = useState<FormError[]>([]);
  const [status, setStatus] = useState('');
  const [formKey, setFormKey] = useState(0);
  const [filter, setFilter] = useState<PromotionStatus | ''>('');

  const load = useCallback(async () => {
    try {
      const data = await adminRequest<{ campaigns: Campaign[]; campaignChoices: Choices }>(
        `query($status: PromotionStatus) { campaigns(status: $status) { ${FIELDS} } campaignChoices { markets { id name currencyCode } categories { id name } brands { id name } } }`,
        { status: filter || null },
      );
      setCampaigns(data.campaigns);
      setChoices(data.campaignChoices);
    } catch (error) {
      setErrors([{ message: errorMessage(error) }]);
    }
  }, [filter]);
  useEffect(() => {
    void load();
  }, [load]);

  const currencyOf = (marketId: string) =>
    choices?.markets.find((m) => m.id === marketId)?.currencyCode ?? 'SEK';
  const marketName = (marketId: string) =>
    choices?.markets.find((m) => m.id === marketId)?.name ?? marketId;

  async function edit(campaign: Campaign) {
    setErrors([]);
    setStatus('');
    try {
      const data = await adminRequest<{ campaign: Campaign | null }>(
        `query($id: Int!) { campaign(id: $id) { ${FIELDS} ${PRICE_FIELDS} } }`,
        { id: campaign.id },
      );
      setEditing(data.campaign);
      setFormKey((k) => k + 1);
      document.getElementById('campaign-form-title')?.scrollIntoView();
      document.getElementById('campaign-name')?.focus();
    } catch (error) {
      if (error instanceof AdminApiError) setErrors([{ message: error.message }]);
    }
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
    const name = text('name');
    // An unchanged start keeps its seconds (a running campaign's start cannot move).
    const startsAt =
      editing && text('startsAt') === localInputValue(editing.startsAt)
        ? editing.startsAt
        : isoFromInput(text('startsAt'));
    const endsAt = isoFromInput(text('endsAt'));
    const percentText = text('percentOff');
    const percent = percentText === '' ? null : Number(percentText);
    const marketIds = form.getAll('marketIds').map(String);
    if (!name) found.push({ message: 'Ange ett namn på kampanjen.', fieldId: 'campaign-name' });
    if (!startsAt)
      found.push({ message: 'Ange när kampanjen startar.', fieldId: 'campaign-start' });
    if (startsAt && endsAt && endsAt <= startsAt)
      found.push({ message: 'Slutet måste vara efter starten.', fieldId: 'campaign-end' });
    const newPrices = !editing || percent !== null;
    const input: Record<string, unknown> = {
      name,
      alias: text('alias') || null,
      startsAt,
      endsAt,
    };
    if (newPrices) {
      if (percent === null || !Number.isInteger(percent) || percent < 1 || percent > 99)
        found.push({ message: 'Ange rabatten i hela procent, 1–99.', fieldId: 'campaign-percent' });
      if (marketIds.length === 0)
        found.push({ message: 'Välj minst en marknad.', fieldId: `campaign-market-0` });
      input.percentOff = percent;
      input.marketIds = marketIds;
      if (scope === 'articles') {
        const numbers = text('articleNumbers')
          .split(/[\s,;]+/)
          .filter(Boolean);
        if (numbers.length === 0)
          found.push({ message: 'Ange minst ett artikelnummer.', fieldId: 'campaign-articles' });
        input.articleNumbers = numbers;
      } else if (scope === 'category') {
        input.categoryId = Number(text('categoryId'));
      } else {
        input.brandId = Number(text('brandId'));
      }
    }
    setErrors(found);
    setStatus('');
    if (found.length > 0) return;
    try {
      const data = editing
        ? await adminRequest<{ updateCampaign: Campaign }>(
            `mutation($id: Int!, $input: CampaignInput!) { updateCampaign(id: $id, input: $input) { ${FIELDS} } }`,
            { id: editing.id, input },
          )
        : await adminRequest<{ createCampaign: Campaign }>(
            `mutation($input: CampaignInput!) { createCampaign(input: $input) { ${FIELDS} } }`,
            { input },
          );
      const saved = 'updateCampaign' in data ? data.updateCampaign : data.createCampaign;
      setStatus(
        editing
          ? `Kampanjen ${saved.name} är ändrad.`
          : `Kampanjen ${saved.name} är skapad med ${saved.productCount} ${saved.productCount === 1 ? 'produkt' : 'produkter'}.`,
      );
      setEditing(null);
      setFormKey((k) => k + 1);
      await load();
    } catch (error) {
      if (error instanceof AdminApiError)
        setErrors([{ message: error.message, fieldId: fieldOf(error) }]);
    }
  }

  async function end(campaign: Campaign) {
    const question =
      campaign.status === 'active'
        ? `Avsluta kampanjen ${campaign.name} nu? Priserna blir ordinarie direkt.`
        : `Ställa in kampanjen ${campaign.name}? Den kommer aldrig att starta.`;
    if (!window.confirm(question)) return;
    setErrors([]);
    try {
      await adminRequest('mutation($id: Int!) { endCampaign(id: $id) { id } }', {
        id: campaign.id,
      });
      setStatus(`Kampanjen ${campaign.name} är avslutad.`);
    } catch (error) {
      if (error instanceof AdminApiError) setErrors([{ message: error.message }]);
    }
    await load();
  }

  return (
    <>
      <h1>Kampanjer</h1>
      <ErrorSummary errors={errors} />
      <p className="status" role="status">
        {status}
      </p>
      {canWrite ? (
        <section className="panel" aria-labelledby="campaign-form-title">
          <h2 id="campaign-form-title">
            {editing
              ? `Ändra kampanj: ${editing.name} (${STATUS_NAMES[editing.status]})`
              : 'Ny kampanj'}
          </h2>
          <form key={formKey} onSubmit={(event) => void save(event)} noValidate className="form">
            <div className="form-row">
              <div className="field">
                <label htmlFor="campaign-name">Namn</label>
                <input id="campaign-name" name="name" defaultValue={editing?.name ?? ''} required />
              </div>
              <div className="field">
                <label htmlFor="campaign-alias">Adress (alias)</label>
                <input
                  id="campaign-alias"
                  name="alias"
                  defaultValue={editing?.alias ?? ''}
                  aria-describedby="campaign-alias-hint"
                />
                <span className="hint" id="campaign-alias-hint">
                  Tomt: skapas av namnet. Kampanjsidan blir /dc/adress.
                </span>
              </div>
            </div>
            <div className="form-row">
              <div className="field">
                <label htmlFor="campaign-start">Start</label>
                <input
                  id="campaign-start"
                  name="startsAt"
                  type="datetime-local"
                  defaultValue={localInputValue(editing?.startsAt ?? new Date().toISOString())}
                  required
                />
              </div>
              <div className="field">
                <label htmlFor="campaign-end">Slut</label>
                <input
                  id="campaign-end"
                  name="endsAt"
                  type="datetime-local"
                  defaultValue={localInputValue(editing?.endsAt)}
                  aria-describedby="campaign-end-hint"
                />
                <span className="hint" id="campaign-end-hint">
                  Tomt: tills vidare.
                </span>
              </div>
              <div className="field">
                <label htmlFor="campaign-percent">Rabatt i procent</label>
                <input
                  id="campaign-percent"
                  name="percentOff"
                  type="number"
                  min={1}
                  max={99}
                  inputMode="numeric"
                  aria-describedby="campaign-percent-hint"
                />
                <span className="hint" id="campaign-percent-hint">
                  {editing
                    ? 'Tomt: kampanjens priser behålls. Ett värde räknar om dem från ordinarie pris.'
                    : 'Av ordinarie pris, avrundat till hela kronor.'}
                </span>
              </div>
            </div>
            <fieldset className="field">
              <legend>Gäller</legend>
              {(
                [
                  ['articles', 'Artikelnummer'],
                  ['category', 'En kategori (med underkategorier)'],
                  ['brand', 'Ett varumärke'],
                ] as const
              ).map(([value, label]) => (
                <label key={value} className="choice">
                  <input
                    type="radio"
                    name="scope"
                    value={value}
                    checked={scope === value}
                    onChange={() => setScope(value)}
                  />{' '}
                  {label}
                </label>
              ))}
            </fieldset>
            {scope === 'articles' ? (
              <div className="field">
                <label htmlFor="campaign-articles">Artikelnummer</label>
                <textarea
                  id="campaign-articles"
                  name="articleNumbers"
                  rows={3}
                  aria-describedby="campaign-articles-hint"
                />
                <span className="hint" id="campaign-articles-hint">
                  Ett eller flera, åtskilda med mellanslag, komma eller radbrytning.
                </span>
              </div>
            ) : scope === 'category' ? (
              <div className="field">
                <label htmlFor="campaign-category">Kategori</label>
                <select id="campaign-category" name="categoryId">
                  {(choices?.categories ?? []).map((c) => (
                    <option key={c.id} value={c.id}>
                      {c.name}
                    </option>
                  ))}
                </select>
              </div>
            ) : (
              <div className="field">
                <label htmlFor="campaign-brand">Varumärke</label>
                <select id="campaign-brand" name="brandId">
                  {(choices?.brands ?? []).map((b) => (
                    <option key={b.id} value={b.id}>
                      {b.name}
                    </option>
                  ))}
                </select>
              </div>
            )}
            <fieldset className="field">
              <legend>Marknader</legend>
              {(choices?.markets ?? []).map((market, index) => (
                <label key={market.id} className="choice">
                  <input
                    type="checkbox"
                    id={`campaign-market-${index}`}
                    name="marketIds"
                    value={market.id}
                    defaultChecked={editing ? editing.marketIds.includes(market.id) : index === 0}
                  />{' '}
                  {market.name}
                </label>
              ))}
            </fieldset>
            <div className="actions">
              <button type="submit" className="button">
                {editing ? 'Spara ändringar' : 'Skapa kampanj'}
              </button>
              {editing ? (
                <button type="button" className="button button-secondary" onClick={cancelEdit}>
                  Avbryt
                </button>
              ) : null}
            </div>
          </form>
          {editing?.prices ? (
            <table className="table">
              <caption>Kampanjpriser i {editing.name}</caption>
              <thead>
                <tr>
                  <th scope="col">Produkt</th>
                  <th scope="col">Marknad</th>
                  <th scope="col">Ordinarie pris</th>
                  <th scope="col">Kampanjpris</th>
                </tr>
              </thead>
              <tbody>
                {editing.prices.map((p) => (
                  <tr key={`${p.productId}|${p.marketId}`}>
                    <td>
                      {p.productName} ({p.articleNumber})
                    </td>
                    <td>{marketName(p.marketId)}</td>
                    <td>
                      {p.regularPriceIncVat === null
                        ? '–'
                        : formatAmount(p.regularPriceIncVat, currencyOf(p.marketId))}
                    </td>
                    <td>{formatAmount(p.sellingPriceIncVat, currencyOf(p.marketId))}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          ) : null}
        </section>
      ) : null}
      <StatusFilter value={filter} onChange={setFilter} statuses={['active', 'planned', 'ended']} />
      <TableScroll label="Kampanjer">
        <table className="table">
          <caption>Alla kampanjer</caption>
          <thead>
            <tr>
              <th scope="col">Namn</th>
              <th scope="col">Period</th>
              <th scope="col">Status</th>
              <th scope="col">Produkter</th>
              <th scope="col">Marknader</th>
              {canWrite ? <th scope="col">Åtgärd</th> : null}
            </tr>
          </thead>
          <tbody>
            {(campaigns ?? []).map((c) => (
              <tr key={c.id}>
                <td>
                  {c.name}
                  <br />
                  <span className="hint">/dc/{c.alias}</span>
                </td>
                <td>
                  {formatDateTime(c.startsAt)} –{' '}
                  {c.endsAt ? formatDateTime(c.endsAt) : 'tills vidare'}
                </td>
                <td>
                  <StatusBadge status={c.status} />
                </td>
                <td>{c.productCount}</td>
                <td>{c.marketIds.map(marketName).join(', ')}</td>
                {canWrite ? (
                  <td>
                    {c.status !== 'ended' ? (
                      <span className="actions">
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => void edit(c)}
                        >
                          Ändra<span className="visually-hidden"> {c.name}</span>
                        </button>
                        <button
                          type="button"
                          className="button button-secondary"
                          onClick={() => void end(c)}
                        >
                          Avsluta nu<span className="visually-hidden"> {c.name}</span>
                        </button>
                      </span>
                    ) : null}
                  </td>
                ) : null}
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      {campaigns?.length === 0 ? <p>Inga kampanjer att visa.</p> : null}
      {campaigns === null ? <p>Hämtar kampanjer …</p> : null}
    </>
  );
}

/** Which field an API error is about. */
function fieldOf(error: AdminApiError): string | undefined {
  const argument = error.argument ?? '';
  if (argument.endsWith('endsAt')) return 'campaign-end';
  if (argument.endsWith('startsAt')) return 'campaign-start';
  if (argument.endsWith('alias')) return 'campaign-alias';
  if (argument.endsWith('percentOff')) return 'campaign-percent';
  if (argument.endsWith('articleNumbers')) return 'campaign-articles';
  if (argument.endsWith('name')) return 'campaign-name';
  return undefined;
}
