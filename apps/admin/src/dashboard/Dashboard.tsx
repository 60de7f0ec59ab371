/**
 * The back office's start page (issue 27 "Dashboard"): today's and this week's orders and revenue
 * per market (incl. and excl. VAT), revenue per day as a chart with the same figures in a table,
 * low stock, and the reviews and leasing applications waiting. Each part is asked for only when
 * the role may read its area (orders, stock, content); the API checks it again.
 */
import { lazy, Suspense, useEffect, useMemo, useState } from 'react';
import { Link } from 'react-router';
import { adminRequest, errorMessage, type Me } from '../api.ts';
import { marketName } from '../format.ts';
import { formatAmount } from '../money.ts';
import type { ChartDay } from './RevenueChart.tsx';
import { FAILED_JOBS_QUERY, FailedJobItems, type FailedJob } from './FailedJobs.tsx';
import './dashboard.css';

// The chart library loads with the chart, not with every back-office page.
const RevenueChart = lazy(() =>
  import('./RevenueChart.tsx').then((module) => ({ default: module.RevenueChart })),
);

interface MarketRevenue {
  marketId: string;
  currencyCode: string;
  orders: number;
  revenueIncVat: number;
  revenueExVat: number;
}

interface OrderStats {
  today: string;
  weekStart: string;
  weekNumber: number;
  fromDay: string;
  todayByMarket: MarketRevenue[];
  weekByMarket: MarketRevenue[];
  days: Array<MarketRevenue & { day: string }>;
}

interface LowStock {
  total: number;
  threshold: number;
  items: Array<{
    skuId: number;
    articleNumber: string;
    size: string;
    productName: string;
    inStock: number;
    incoming: string | null;
  }>;
}

interface DashboardData {
  orderStats?: OrderStats;
  lowStock?: LowStock;
  pendingReviewCount?: number;
  pendingLeasingApplicationCount?: number;
  failedPaymentOperations?: number;
  /** Orders whose authorisation the provider cancelled, let expire or that runs out within 24 h. */
  paymentAuthorisationAlerts?: number;
  /** Refused or unanswered nShift bookings of orders still to ship (issue 43). */
  failedShipmentBookings?: number;
  failedJobs?: { total: number; jobs: FailedJob[] };
}

const REVENUE = 'marketId currencyCode orders revenueIncVat revenueExVat';

/** The query of the parts `me` may read. */
function dashboardQuery(me: Me): string {
  const can = (area: string) =>
    me.permissions.includes(`${area}:read`) || me.permissions.includes(`${area}:write`);
  const parts = [
    can('orders')
      ? `orderStats { today weekStart weekNumber fromDay todayByMarket { ${REVENUE} }
          weekByMarket { ${REVENUE} } days { day ${REVENUE} } }
         pendingLeasingApplicationCount failedPaymentOperations paymentAuthorisationAlerts
         failedShipmentBookings`
      : '',
    can('stock')
      ? 'lowStock(take: 10) { total threshold items { skuId articleNumber size productName inStock incoming } }'
      : '',
    can('content') ? 'pendingReviewCount' : '',
  ].filter(Boolean);
  // Failed jobs of the areas the role reads (issue 40 §1): the API filters them by role.
  return `{ ${[...parts, FAILED_JOBS_QUERY].join('\n')} }`;
}

const longDay = new Intl.DateTimeFormat('sv-SE', {
  weekday: 'long',
  day: 'numeric',
  month: 'long',
  timeZone: 'UTC',
});
const shortDay = new Intl.DateTimeFormat('sv-SE', {
  weekday: 'short',
  day: 'numeric',
  month: 'short',
  timeZone: 'UTC',
});

/** `yyyy-mm-dd` in words. */
function dayText(day: string, format = longDay): string {
  return format.format(new Date(`${day}T00:00:00Z`));
}

/** Every day from `from` to `to` (inclusive), `yyyy-mm-dd`. */
function daysBetween(from: string, to: string): string[] {
  const days: string[] = [];
  const date = new Date(`${from}T00:00:00Z`);
  while (date.toISOString().slice(0, 10) <= to) {
    days.push(date.toISOString().slice(0, 10));
    date.setUTCDate(date.getUTCDate() + 1);
  }
  return days;
}

/** Orders and revenue per market over one period, as a table. */
function RevenueTable({ caption, rows }: { caption: string; rows: MarketRevenue[] }) {
  return (
    <div className="revenue-period">
      <table className="table">
        <caption>{caption}</caption>
        <thead>
          <tr>
            <th scope="col">Marknad</th>
            <th scope="col" className="number">
              Ordrar
            </th>
            <th scope="col" className="number">
              Inkl. moms
            </th>
            <th scope="col" className="number">
              Exkl. moms
            </th>
          </tr>
        </thead>
        <tbody>
          {rows.length === 0 ? (
            <tr>
              <td colSpan={4}>Inga ordrar än.</td>
            </tr>
          ) : null}
          {rows.map((row) => (
            <tr key={row.marketId} data-market={row.marketId}>
              <th scope="row">{marketName(row.marketId)}</th>
              <td className="number">{row.orders}</td>
              <td className="number" data-field="incVat">
                {formatAmount(row.revenueIncVat, row.currencyCode)}
              </td>
              <td className="number" data-field="exVat">
                {formatAmount(row.revenueExVat, row.currencyCode)}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** The sales part: today, this week, and the chart with its table. */
function Sales({ stats }: { stats: OrderStats }) {
  const markets = useMemo(() => {
    const seen = new Map<string, string>();
    for (const d of stats.days) seen.set(d.marketId, d.currencyCode);
    for (const m of stats.weekByMarket) seen.set(m.marketId, m.currencyCode);
    return [...seen.entries()].map(([marketId, currencyCode]) => ({ marketId, currencyCode }));
  }, [stats]);
  const [chosen, setChosen] = useState<string | null>(null);
  const market = markets.find((m) => m.marketId === chosen) ?? markets[0] ?? null;
  const series: Array<ChartDay & { orders: number; revenueExVat: number }> = useMemo(() => {
    if (!market) return [];
    const byDay = new Map(
      stats.days.filter((d) => d.marketId === market.marketId).map((d) => [d.day, d]),
    );
    return daysBetween(stats.fromDay, stats.today).map((day) => ({
      day,
      revenueIncVat: byDay.get(day)?.revenueIncVat ?? 0,
      revenueExVat: byDay.get(day)?.revenueExVat ?? 0,
      orders: byDay.get(day)?.orders ?? 0,
    }));
  }, [stats, market]);
  return (
    <section className="panel" aria-labelledby="sales-title">
      <h2 id="sales-title">Ordrar och försäljning</h2>
      <div className="revenue-periods">
        <RevenueTable caption={`Idag, ${dayText(stats.today)}`} rows={stats.todayByMarket} />
        <RevenueTable
          caption={`Vecka ${stats.weekNumber}, från ${dayText(stats.weekStart)}`}
          rows={stats.weekByMarket}
        />
      </div>
      {market ? (
        <figure className="revenue-figure" aria-labelledby="chart-title">
          <figcaption id="chart-title">
            Försäljning inkl. moms per dag, {dayText(stats.fromDay, shortDay)} –{' '}
            {dayText(stats.today, shortDay)}, {marketName(market.marketId)}
          </figcaption>
          {markets.length > 1 ? (
            <div className="field">
              <label htmlFor="chart-market">Marknad i diagrammet</label>
              <select
                id="chart-market"
                value={market.marketId}
                onChange={(event) => setChosen(event.target.value)}
              >
                {markets.map((m) => (
                  <option key={m.marketId} value={m.marketId}>
                    {marketName(m.marketId)}
                  </option>
                ))}
              </select>
            </div>
          ) : null}
          <Suspense fallback={<div className="revenue-chart" aria-hidden="true" />}>
            <RevenueChart days={series} currency={market.currencyCode} />
          </Suspense>
          <details className="chart-table">
            <summary>Diagrammets värden som tabell</summary>
            <table className="table">
              <caption className="visually-hidden">
                Försäljning per dag, {marketName(market.marketId)}
              </caption>
              <thead>
                <tr>
                  <th scope="col">Dag</th>
                  <th scope="col" className="number">
                    Ordrar
                  </th>
                  <th scope="col" className="number">
                    Inkl. moms
                  </th>
                  <th scope="col" className="number">
                    Exkl. moms
                  </th>
                </tr>
              </thead>
              <tbody>
                {series.map((d) => (
                  <tr key={d.day}>
                    <th scope="row">{dayText(d.day, shortDay)}</th>
                    <td className="number">{d.orders}</td>
                    <td className="number">{formatAmount(d.revenueIncVat, market.currencyCode)}</td>
                    <td className="number">{formatAmount(d.revenueExVat, market.currencyCode)}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </details>
        </figure>
      ) : null}
      <p className="hint">
        Ordervärde inklusive frakt, före returer. Makulerade ordrar och leasingordrar som väntar på
        arbetsgivaren räknas inte. Dagar och veckor enligt svensk tid.
      </p>
    </section>
  );
}

/** The low-stock part. */
function LowStockPanel({ lowStock }: { lowStock: LowStock }) {
  return (
    <section className="panel" aria-labelledby="low-stock-title">
      <h2 id="low-stock-title">Lågt lager</h2>
      <p>
        {lowStock.total === 0
          ? 'Inga artiklar har lågt lager.'
          : `${lowStock.total} ${lowStock.total === 1 ? 'artikel har' : 'artiklar har'} högst ${lowStock.threshold} st i webblagret.`}
      </p>
      {lowStock.items.length > 0 ? (
        <table className="table">
          <caption className="visually-hidden">Artiklar med lägst lager</caption>
          <thead>
            <tr>
              <th scope="col">Produkt</th>
              <th scope="col">Storlek</th>
              <th scope="col">Artikelnummer</th>
              <th scope="col" className="number">
                Webblager
              </th>
              <th scope="col">Åter i lager</th>
            </tr>
          </thead>
          <tbody>
            {lowStock.items.map((item) => (
              <tr key={item.skuId}>
                <td>{item.productName}</td>
                <td>{item.size}</td>
                <td>{item.articleNumber}</td>
                <td className="number">{item.inStock}</td>
                <td>{item.incoming ?? '–'}</td>
              </tr>
            ))}
          </tbody>
        </table>
      ) : null}
    </section>
  );
}

/** The start page. */
export function Dashboard({ me }: { me: Me }) {
  const query = dashboardQuery(me);
  const [data, setData] = useState<DashboardData | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [reloads, setReloads] = useState(0);
  useEffect(() => {
    adminRequest<DashboardData>(query)
      .then(setData)
      .catch((e: unknown) => setError(errorMessage(e, 'Översikten kunde inte hämtas.')));
  }, [query, reloads]);
  // Each queue links to the page where it is handled (issue 27 "Moderation").
  const queues = [
    data?.pendingReviewCount !== undefined
      ? {
          to: '/recensioner',
          text: `${data.pendingReviewCount} ${data.pendingReviewCount === 1 ? 'recension väntar' : 'recensioner väntar'} på granskning`,
        }
      : null,
    data?.pendingLeasingApplicationCount !== undefined
      ? {
          to: '/leasing',
          text: `${data.pendingLeasingApplicationCount} ${data.pendingLeasingApplicationCount === 1 ? 'leasingansökan väntar' : 'leasingansökningar väntar'} på arbetsgivarens svar`,
        }
      : null,
    // Provider calls that were refused (issue 42): retried from the order's page.
    data?.failedPaymentOperations
      ? { to: '/ordrar', text: `Misslyckade betalningshändelser: ${data.failedPaymentOperations}` }
      : null,
    // The reconciliation's flags (issue 42): cancelled, expired or expiring authorisations.
    data?.paymentAuthorisationAlerts
      ? {
          to: '/ordrar',
          text: `Reservationer som avbrutits, gått ut eller snart går ut: ${data.paymentAuthorisationAlerts}`,
        }
      : null,
    // Parcel bookings nShift refused (issue 43): retried or typed by hand on the order's page.
    data?.failedShipmentBookings
      ? { to: '/ordrar', text: `Fraktbokningar som misslyckats: ${data.failedShipmentBookings}` }
      : null,
  ].filter((queue) => queue !== null);
  const failedJobs = data?.failedJobs;
  return (
    <>
      <h1>Välkommen, {me.email}</h1>
      <p>
        Du är inloggad som <strong>{me.roleName.toLowerCase()}</strong>. Här är en översikt av det
        din roll får se.
      </p>
      {error ? (
        <p className="error-summary" role="alert">
          {error}
        </p>
      ) : null}
      {!data && !error ? (
        <p className="loading" role="status">
          Hämtar översikten …
        </p>
      ) : null}
      {queues.length > 0 || (failedJobs?.total ?? 0) > 0 ? (
        <section className="panel" aria-labelledby="queues-title">
          <h2 id="queues-title">Att hantera</h2>
          <ul className="queues">
            {queues.map((queue) => (
              <li key={queue.text}>
                <Link to={queue.to}>{queue.text}</Link>
              </li>
            ))}
            {failedJobs ? (
              <FailedJobItems
                total={failedJobs.total}
                jobs={failedJobs.jobs}
                onRetried={() => setReloads((n) => n + 1)}
              />
            ) : null}
          </ul>
        </section>
      ) : null}
      {data?.orderStats ? <Sales stats={data.orderStats} /> : null}
      {data?.lowStock ? <LowStockPanel lowStock={data.lowStock} /> : null}
    </>
  );
}
