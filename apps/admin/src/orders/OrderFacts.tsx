/**
 * What an order is (issue 27 "order detail"): its lines with prices, the summary with VAT per
 * rate, payment and shipping with parcels (the carrier, delivery promise and pickup point as the
 * shopper chose them, issue 43), the customer with the balance, the addresses and the refunds.
 * Read only; the changes are on OrderDetailPage.tsx.
 */
import { Fragment } from 'react';
import { formatZip } from '@trampa/api/zip';
import { countryName, formatPercent } from '../format.ts';
import { formatAmount, formatDateTime } from '../money.ts';
import type { OrderAddress, OrderDetail } from './orders-api.ts';
import { TableScroll } from '../TableScroll.tsx';

const REFUND_TYPES: Record<string, string> = {
  line: 'Rad',
  shipping: 'Frakt',
  cancellation: 'Avbruten order',
};

function Address({ title, address }: { title: string; address: OrderAddress }) {
  const lines = [
    `${address.firstName} ${address.lastName}`.trim(),
    address.company,
    address.careOf ? `c/o ${address.careOf}` : '',
    address.addressLine1,
    address.addressLine2,
    `${formatZip(address.zip, address.country)} ${address.city}`.trim(),
    countryName(address.country),
    address.mobile || address.phone,
  ].filter(Boolean);
  return (
    <div>
      <h3>{title}</h3>
      <address>
        {lines.map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </address>
    </div>
  );
}

/**
 * How the order is delivered (issue 43): the method, the carrier and the delivery promise, and
 * the pickup point with its address and opening hours (a store pickup as "Hämtas i butik").
 */
function Delivery({ order }: { order: OrderDetail }) {
  const point = order.pickupPointDetails;
  const store = order.pickupStore;
  return (
    <dl className="order-sum" data-testid="order-delivery">
      <dt>Leveranssätt</dt>
      <dd>
        <strong>{order.shippingName}</strong>
        {order.shippingProvider === 'nshift' ? <span className="hint"> (nShift)</span> : null}
      </dd>
      {order.shippingCarrierName ? (
        <>
          <dt>Transportör</dt>
          <dd>{order.shippingCarrierName}</dd>
        </>
      ) : null}
      {order.deliveryPromise ? (
        <>
          <dt>Leveranslöfte</dt>
          <dd>{order.deliveryPromise}</dd>
        </>
      ) : null}
      {point || store || order.pickupPoint ? (
        <>
          <dt>{store ? 'Hämtas i butik' : 'Utlämningsställe'}</dt>
          <dd>
            {point ? (
              <address>
                {[
                  point.name,
                  point.address,
                  `${point.zip ? formatZip(point.zip, point.country || 'SE') : ''} ${point.city}`,
                ]
                  .map((line) => line.trim())
                  .filter(Boolean)
                  .map((line, i) => (
                    <span key={i}>
                      {line}
                      <br />
                    </span>
                  ))}
              </address>
            ) : store ? (
              `${store.name}, ${store.address}, ${formatZip(store.zip, 'SE')} ${store.city}`
            ) : (
              order.pickupPoint
            )}
            {point?.openingHours ? (
              <span className="hint">Öppettider: {point.openingHours}</span>
            ) : null}
            {(point || store) && order.pickupPoint && order.pickupPoint !== point?.name ? (
              <>
                <br />
                <span className="hint">Id: {order.pickupPoint}</span>
              </>
            ) : null}
          </dd>
        </>
      ) : null}
    </dl>
  );
}

/** The read-only facts of an order. */
export function OrderFacts({ order }: { order: OrderDetail }) {
  const money = (minor: number) => formatAmount(minor, order.currencyCode);
  const refunded = (lineNo: number) =>
    order.refundable.lines.find((l) => l.lineNo === lineNo)?.refundedQuantity ?? 0;
  const t = order.totals;
  return (
    <>
      <TableScroll label="Orderrader">
        <table className="table">
          <caption>Orderrader</caption>
          <thead>
            <tr>
              <th scope="col">Artikel</th>
              <th scope="col" className="number">
                Antal
              </th>
              <th scope="col" className="number">
                Styckpris
              </th>
              <th scope="col" className="number">
                Moms
              </th>
              <th scope="col" className="number">
                Summa
              </th>
            </tr>
          </thead>
          <tbody>
            {order.lines.map((line) => (
              <tr key={line.lineNo}>
                <td>
                  {line.name}
                  {line.skuName ? `, ${line.skuName}` : ''}
                  <br />
                  <span className="hint">Art.nr {line.skuArticleNumber}</span>
                  {order.pickupStore ? (
                    <>
                      <br />
                      <span className="hint">
                        {line.fromStoreShelf
                          ? `Reserverad ur butikens lager: ${order.pickupStore.name}`
                          : `Skickas från webblagret till ${order.pickupStore.name}`}
                      </span>
                    </>
                  ) : null}
                  {refunded(line.lineNo) > 0 ? (
                    <>
                      <br />
                      <span className="hint">Återbetald: {refunded(line.lineNo)} st</span>
                    </>
                  ) : null}
                </td>
                <td className="number">{line.quantity}</td>
                <td className="number">
                  {line.regularUnitPriceIncVat > line.unitPriceIncVat ? (
                    <>
                      <s>{money(line.regularUnitPriceIncVat)}</s>{' '}
                    </>
                  ) : null}
                  {money(line.unitPriceIncVat)}
                </td>
                <td className="number">{formatPercent(line.vatRatePercent)}</td>
                <td className="number">
                  {money(line.totalIncVat)}
                  {line.discountIncVat > 0 ? (
                    <>
                      <br />
                      <span className="hint">varav rabatt {money(line.discountIncVat)}</span>
                    </>
                  ) : null}
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      </TableScroll>
      <section className="panel" aria-labelledby="order-sum-title">
        <h2 id="order-sum-title">Summering</h2>
        <dl className="order-sum">
          <dt>Varor</dt>
          <dd>{money(t.items)}</dd>
          {t.discount > 0 ? (
            <>
              <dt>Rabatt{order.promoCode ? ` (${order.promoCode})` : ''}</dt>
              <dd>−{money(t.discount)}</dd>
            </>
          ) : null}
          <dt>Frakt ({order.shippingName})</dt>
          <dd>{money(t.shipping)}</dd>
          {t.paymentFee > 0 ? (
            <>
              <dt>Betalningsavgift</dt>
              <dd>{money(t.paymentFee)}</dd>
            </>
          ) : null}
          <dt className="order-sum__total">Totalt inkl. moms</dt>
          <dd className="order-sum__total">{money(t.total)}</dd>
          <dt>Totalt exkl. moms</dt>
          <dd>{money(t.totalExVat)}</dd>
          {order.vats.map((vat) => (
            <Fragment key={vat.ratePercent}>
              <dt>Moms {formatPercent(vat.ratePercent)}</dt>
              <dd>{money(vat.amount)}</dd>
            </Fragment>
          ))}
          {t.giftCard > 0 ? (
            <>
              <dt>Presentkort</dt>
              <dd>−{money(t.giftCard)}</dd>
              <dt>Att betala</dt>
              <dd>{money(t.toPay)}</dd>
            </>
          ) : null}
        </dl>
      </section>
      <section className="panel" aria-labelledby="order-payment-title">
        <h2 id="order-payment-title">Betalning och leverans</h2>
        <p data-testid="order-payment">
          <strong>{order.paymentName}</strong> ·{' '}
          <span className={`payment-state payment-state--${order.paymentState.code}`}>
            {order.paymentState.label}
          </span>
          {order.payments.map((p) => (
            <span key={p.transactionId} className="hint">
              <br />
              {p.statusName} {money(p.amount)} ({p.transactionId})
            </span>
          ))}
        </p>
        <Delivery order={order} />
        {order.lines.some((line) => line.fromStoreShelf) && order.pickupStore ? (
          <p className="order-prepare">
            <strong>Förbered i butik:</strong> {order.pickupStore.name} plockar{' '}
            {order.lines
              .filter((line) => line.fromStoreShelf)
              .reduce((sum, line) => sum + line.quantity, 0)}{' '}
            st ur sitt eget lager (Klicka och hämta).
          </p>
        ) : null}
        {order.shipments.length > 0 ? (
          <ul>
            {order.shipments.map((s) => (
              <li key={s.parcelNumber}>
                Kolli {s.parcelNumber}, skickat {formatDateTime(s.shippingDate)}
                {s.trackingLink ? (
                  <>
                    {' '}
                    <a href={s.trackingLink} rel="noreferrer">
                      Spåra
                    </a>
                  </>
                ) : null}
              </li>
            ))}
          </ul>
        ) : null}
        {order.message ? <p>Meddelande från kunden: {order.message}</p> : null}
        <div className="order-addresses">
          <Address title="Fakturaadress" address={order.billingAddress} />
          <Address title="Leveransadress" address={order.shippingAddress} />
        </div>
      </section>
      <section className="panel" aria-labelledby="order-customer-title">
        <h2 id="order-customer-title">Kund</h2>
        <p>
          {order.email}
          {order.phone ? ` · ${order.phone}` : ''} ·{' '}
          {order.customerType === 'ORGANIZATION' ? 'Företag' : 'Privatperson'}
        </p>
        {order.customer ? (
          <p>
            Konto: {order.customer.name || order.customer.email} · Saldo{' '}
            {formatAmount(order.customer.balance, order.customer.balanceCurrency)}
          </p>
        ) : (
          <p>Beställd utan konto.</p>
        )}
      </section>
      {order.refunds.length > 0 ? (
        <TableScroll label="Återbetalningar">
          <table className="table">
            <caption>Återbetalningar</caption>
            <thead>
              <tr>
                <th scope="col">Tid</th>
                <th scope="col">Typ</th>
                <th scope="col">Artikel</th>
                <th scope="col">Till</th>
                <th scope="col">Orsak</th>
                <th scope="col" className="number">
                  Belopp
                </th>
              </tr>
            </thead>
            <tbody>
              {order.refunds.map((r) => (
                <tr key={r.id}>
                  <td>{formatDateTime(r.createdAt)}</td>
                  <td>{REFUND_TYPES[r.refundType] ?? r.refundType}</td>
                  <td>{r.articleNumber ?? '–'}</td>
                  <td>{r.toBalance ? 'Kundens saldo' : 'Betalningen'}</td>
                  <td>{r.reason || '–'}</td>
                  <td className="number">{money(r.totalIncVat)}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </TableScroll>
      ) : null}
    </>
  );
}
