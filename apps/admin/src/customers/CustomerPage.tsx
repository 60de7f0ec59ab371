/**
 * `/kunder/:id` (issue 27 "Customers"): a customer's details, balance, orders (each linking to
 * `/admin/ordrar/<id>`), newsletter status and consent, back-in-stock requests and reviews
 * (customers:read); with customers:write the support actions (CustomerActions.tsx): log in as
 * the customer, GDPR export as JSON and erasure. `/kunder/gast?epost=<e-mail>` is a guest
 * buyer's page (orders without an account, issue 40): the details from the newest order, the
 * orders, export and erasure by e-mail.
 */
import { useCallback, useEffect, useState } from 'react';
import { Link, useParams, useSearchParams } from 'react-router';
import { formatZip } from '@trampa/api/zip';
import { adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import { marketName } from '../format.ts';
import { formatAmount, formatDateTime } from '../money.ts';
import { CustomerActions } from './CustomerActions.tsx';
import {
  CUSTOMER_DETAIL,
  customerName,
  NEWSLETTER_SOURCE_NAMES,
  NEWSLETTER_STATE_NAMES,
  REVIEW_STATE_NAMES,
  type CustomerDetail,
} from './customers-api.ts';
import './customers.css';

/** The newsletter section: the account's flag, the subscription's state and its consent. */
function Newsletter({ customer }: { customer: CustomerDetail }) {
  const subscription = customer.newsletterSubscription;
  return (
    <section className="panel" aria-labelledby="customer-newsletter-title">
      <h2 id="customer-newsletter-title">Nyhetsbrev och samtycken</h2>
      <dl className="facts">
        <dt>Nyhetsbrev</dt>
        <dd>
          {subscription
            ? (NEWSLETTER_STATE_NAMES[subscription.state] ?? subscription.state)
            : 'Prenumererar inte'}
        </dd>
        {subscription ? (
          <>
            <dt>Samtycke givet</dt>
            <dd>
              {formatDateTime(subscription.consentedAt)} via{' '}
              {NEWSLETTER_SOURCE_NAMES[subscription.source] ?? subscription.source}
            </dd>
            <dt>Samtyckestext</dt>
            <dd>
              <q>{subscription.consentText}</q>
            </dd>
            <dt>Bekräftat</dt>
            <dd>{formatDateTime(subscription.confirmedAt)}</dd>
            {subscription.unsubscribedAt ? (
              <>
                <dt>Avslutat</dt>
                <dd>{formatDateTime(subscription.unsubscribedAt)}</dd>
              </>
            ) : null}
          </>
        ) : null}
        <dt>Bevakningar (åter i lager)</dt>
        <dd>
          {customer.availabilityRequests.length === 0
            ? 'Inga'
            : `${customer.availabilityRequests.length} st`}
        </dd>
        <dt>Recensioner</dt>
        <dd>
          {customer.reviews.length === 0
            ? 'Inga'
            : customer.reviews
                .map(
                  (r) =>
                    `${r.rating}/5 (${(REVIEW_STATE_NAMES[r.state] ?? r.state).toLowerCase()})`,
                )
                .join(', ')}
        </dd>
      </dl>
    </section>
  );
}

/** The orders table. */
function Orders({ customer }: { customer: CustomerDetail }) {
  return (
    <section className="panel" aria-labelledby="customer-orders-title">
      <h2 id="customer-orders-title">Ordrar</h2>
      {customer.orders.length === 0 ? (
        <p>Kunden har inga ordrar.</p>
      ) : (
        <table className="table">
          <caption className="visually-hidden">Kundens ordrar, nyaste först</caption>
          <thead>
            <tr>
              <th scope="col">Ordernummer</th>
              <th scope="col">Datum</th>
              <th scope="col">Status</th>
              <th scope="col">Marknad</th>
              <th scope="col">Antal</th>
              <th scope="col">Ordervärde inkl. moms</th>
            </tr>
          </thead>
          <tbody>
            {customer.orders.map((order) => (
              <tr key={order.id}>
                <td>
                  <Link to={`/ordrar/${order.id}`}>{order.id}</Link>
                  {order.guest && !customer.guest ? (
                    <div className="hint">Gästorder, inte kopplad till kontot</div>
                  ) : null}
                </td>
                <td>{formatDateTime(order.createdAt)}</td>
                <td>{order.statusName}</td>
                <td>{marketName(order.marketId)}</td>
                <td>{order.quantity}</td>
                <td>{formatAmount(order.orderValueIncVat, order.currencyCode)}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

/** The customer page. */
export function CustomerPage({ canWrite }: { canWrite: boolean }) {
  const { id } = useParams();
  const [search] = useSearchParams();
  const guestEmail = id === undefined ? (search.get('epost') ?? '') : null;
  const customerId = guestEmail === null ? Number(id) : null;
  const [customer, setCustomer] = useState<CustomerDetail | null | undefined>(undefined);
  const [errors, setErrors] = useState<FormError[]>([]);

  const load = useCallback(() => {
    adminRequest<{ customer: CustomerDetail | null }>(CUSTOMER_DETAIL, {
      id: customerId,
      email: guestEmail,
    })
      .then((data) => setCustomer(data.customer))
      .catch((error: unknown) => {
        setCustomer(null);
        setErrors([{ message: errorMessage(error) }]);
      });
  }, [customerId, guestEmail]);
  useEffect(load, [load]);

  if (customer === undefined) {
    return (
      <>
        <h1>Kund</h1>
        <p className="status" role="status">
          Hämtar kunden …
        </p>
      </>
    );
  }
  if (customer === null) {
    return (
      <>
        <h1>Kunden finns inte</h1>
        <ErrorSummary errors={errors} />
        <p>
          Kunden kan ha raderats. <Link to="/kunder">Tillbaka till kunderna</Link>
        </p>
      </>
    );
  }
  const address = [
    customer.addressLine1,
    `${formatZip(customer.zip, customer.country)} ${customer.city}`.trim(),
  ]
    .filter(Boolean)
    .join(', ');
  return (
    <>
      <p className="breadcrumb">
        <Link to="/kunder">Kunder</Link>
      </p>
      <h1>{customerName(customer)}</h1>
      <ErrorSummary errors={errors} />
      <section className="panel" aria-labelledby="customer-facts-title">
        <h2 id="customer-facts-title">Uppgifter</h2>
        {customer.guest ? (
          <p className="hint">
            Gästkund: har handlat utan konto. Uppgifterna kommer från den senaste ordern.
          </p>
        ) : null}
        <dl className="facts">
          <dt>Kundnummer</dt>
          <dd>{customer.id ?? 'Gäst (inget konto)'}</dd>
          <dt>E-post</dt>
          <dd>{customer.email}</dd>
          <dt>Kundtyp</dt>
          <dd>{customer.customerType === 'ORGANIZATION' ? 'Företag' : 'Privatperson'}</dd>
          {customer.company ? (
            <>
              <dt>Företag</dt>
              <dd>{customer.company}</dd>
            </>
          ) : null}
          <dt>Telefon</dt>
          <dd>{[customer.phone, customer.mobile].filter(Boolean).join(', ') || '–'}</dd>
          <dt>Adress</dt>
          <dd>{address ? `${address} (${customer.country})` : '–'}</dd>
          <dt>
            {customer.customerType === 'ORGANIZATION' ? 'Organisationsnummer' : 'Personnummer'}
          </dt>
          <dd>{customer.personalId || '–'}</dd>
          {customer.guest ? null : (
            <>
              <dt>Saldo</dt>
              <dd>{formatAmount(customer.balance, customer.balanceCurrency)}</dd>
            </>
          )}
          <dt>{customer.guest ? 'Första order' : 'Kund sedan'}</dt>
          <dd>{formatDateTime(customer.createdAt)}</dd>
        </dl>
      </section>
      <Orders customer={customer} />
      <Newsletter customer={customer} />
      {canWrite ? <CustomerActions customer={customer} /> : null}
    </>
  );
}
