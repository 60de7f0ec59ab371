/**
 * The confirmation of a sent förmånscykel application `/formanscykel/ansokan/skickad?ansokan=…`
 * (issue 40 point 4): the application's order number, its status, that the employer was mailed
 * at the address given, and what happens next. The application form's action sends the
 * applicant here with a 303 (so a reload shows the page again and never re-sends the form).
 * The order's public id in the address is the capability, as on the checkout's confirmation
 * page; an unknown one shows how to find the application instead. Never stored, never indexed.
 */
import { data, Link } from 'react-router';
import type { Route } from './+types/leasing-receipt';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { accountSummary } from '../features/account/account-summary.server';
import { LEASING_RECEIPT_PARAM, toReceiptView } from '../features/leasing/leasing-receipt';
import { fill, LEASING_TEXTS as T } from '../features/leasing/leasing-texts';
import { LeasingApplicationReceiptDocument } from '../graphql/generated';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** "Tack! Din ansökan är skickad", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: T.sentTitle, noindex: true });

/** Personal data behind a capability in the address: no shared or browser cache keeps it. */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** The application by its order's public id; null (and status 404) when unknown. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const id = new URL(request.url).searchParams.get(LEASING_RECEIPT_PARAM) ?? '';
  const result = UUID.test(id)
    ? await context.api.attempt(LeasingApplicationReceiptDocument, { orderPublicId: id })
    : null;
  const receipt = result?.data?.leasingApplicationReceipt;
  const loggedIn = accountSummary(context).loggedIn;
  if (!receipt) return data({ receipt: null, loggedIn }, { status: 404 });
  return { receipt: toReceiptView(receipt), loggedIn };
}

/** The confirmation page. */
export default function LeasingReceiptPage({ loaderData }: Route.ComponentProps) {
  const { receipt, loggedIn } = loaderData;
  const crumbs = [
    { name: 'Förmånscykel', url: '/formanscykel' },
    { name: T.sentTitle, url: '/formanscykel/ansokan/skickad' },
  ];
  if (!receipt) {
    return (
      <div className="page container leasing-flow">
        <Breadcrumbs items={crumbs} />
        <h1>{T.formTitle}</h1>
        <p>{T.receiptMissing}</p>
        <p>
          <Link to="/mina-sidor/ordrar">{T.myOrders}</Link>
        </p>
      </div>
    );
  }
  return (
    <div className="page container leasing-flow leasing-receipt">
      <Breadcrumbs items={crumbs} />
      <h1>{T.sentTitle}</h1>
      <p className="leasing-receipt__intro" role="status">
        {fill(T.sentIntro, {
          employer: receipt.employerName,
          employerEmail: receipt.employerEmail,
        })}
      </p>
      <dl className="leasing-flow__facts leasing-receipt__facts">
        <dt>{T.sentNumber}</dt>
        <dd data-testid="leasing-receipt-number">{receipt.orderId}</dd>
        <dt>{T.sentStatus}</dt>
        <dd>{receipt.statusName}</dd>
        <dt>{T.sentEmployer}</dt>
        <dd>
          {receipt.employerName} ({receipt.organisationNumber})
        </dd>
        <dt>{T.sentEmployerEmail}</dt>
        <dd>{receipt.employerEmail}</dd>
        <dt>{T.sentBikes}</dt>
        <dd>
          {receipt.lines.map((line) => (
            <span key={line.text} className="leasing-receipt__line">
              {line.text}, {line.totalText}
            </span>
          ))}
        </dd>
        <dt>{T.sentLease}</dt>
        <dd>
          {fill(T.sentLeaseText, { months: receipt.periodMonths, package: receipt.packageName })}
        </dd>
        <dt>{T.netCost}</dt>
        <dd>{receipt.netCostText}</dd>
      </dl>
      <section aria-labelledby="leasing-next">
        <h2 id="leasing-next">{T.nextTitle}</h2>
        <ol className="leasing-receipt__steps">
          <li>{fill(T.nextEmployer, { date: receipt.linksExpireText })}</li>
          <li>{T.nextReserved}</li>
          <li>{fill(T.nextApproved, { email: receipt.employeeEmail })}</li>
          <li>{T.nextDeclined}</li>
          <li>{T.nextSalary}</li>
        </ol>
      </section>
      <p>{loggedIn ? T.followAccount : T.followGuest}</p>
      {loggedIn ? (
        <p>
          <Link to="/mina-sidor/ordrar" className="button button--secondary">
            {T.myOrders}
          </Link>
        </p>
      ) : null}
    </div>
  );
}
