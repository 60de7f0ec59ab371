// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The order confirmation (issue 6 "Confirmation"; built by orders/order-email.ts from the order
 * and {@link orderTotals}): greeting, the lines at regular prices, the summary, payment, the
 * delivery (method, carrier and delivery promise, the pickup point; issue 43) and delivery
 * address. The figures arrive formatted; this file only lays them out.
 */
import { Heading } from '@react-email/heading';
import { Text } from '@react-email/text';
import { MailLayout, paragraph, renderHtml, type RenderedMail, type ShopBrand } from './layout.tsx';

/** One order line, formatted. */
export interface OrderMailLine {
  /** "2 × Name, size". */
  name: string;
  /** Quantity × regular unit price, formatted ("1 998 kr"). */
  amount: string;
  /** What was paid when lower than `amount`, formatted; absent otherwise. */
  paid?: string | undefined;
}

/** Props of {@link OrderConfirmationEmail}: the order, every amount already formatted. */
export interface OrderConfirmationProps extends ShopBrand {
  orderId: number;
  /** The billing first name ("" when unknown). */
  firstName: string;
  lines: OrderMailLine[];
  /** Label and formatted value per summary row ("Varor", "Frakt (…)", "Totalt", …). */
  summary: Array<[label: string, value: string]>;
  paymentName: string;
  /** How it is delivered, as chosen at the checkout (issue 43). */
  delivery: OrderMailDelivery;
  /** The delivery address, one entry per line. */
  address: string[];
}

/** The delivery of an order as the confirmation names it. */
export interface OrderMailDelivery {
  /** The shipping method, e.g. "Hämta hos ombud". */
  method: string;
  /** The carrier, e.g. "PostNord"; null when none is named. */
  carrier: string | null;
  /** The delivery promise, e.g. "1–3 vardagar"; null when none. */
  promise: string | null;
  /**
   * The pickup point as lines (name, street, "411 01 Göteborg", "Öppettider: …"); null for home
   * delivery.
   */
  pickupPoint: string[] | null;
}

/** The delivery's "Label: value" lines, as the HTML and the text both write them. */
function deliveryLines(delivery: OrderMailDelivery): string[] {
  return [
    `Leveranssätt: ${delivery.method}`,
    delivery.carrier ? `Transportör: ${delivery.carrier}` : '',
    delivery.promise ? `Leveranstid: ${delivery.promise}` : '',
  ].filter((line) => line !== '');
}

/** Lines of text, one per line, in one paragraph. */
function Lines({ lines }: { lines: string[] }) {
  return (
    <Text style={paragraph}>
      {lines
        .filter((line) => line !== '')
        .map((line, i) => (
          <span key={i}>
            {i > 0 ? <br /> : null}
            {line}
          </span>
        ))}
    </Text>
  );
}

const cell = { fontSize: '16px', lineHeight: '24px', color: '#1f1f1f', padding: '6px 0' };
const amountCell = { ...cell, textAlign: 'right' as const, whiteSpace: 'nowrap' as const };
const rule = '1px solid #e6e0ea';
const h2 = { fontSize: '18px', lineHeight: '26px', color: '#1f1f1f', margin: '24px 0 8px' };

/** The text of one order line ("2 × Name: 1 998 kr (efter rabatt 1 598 kr)"). */
function lineText(line: OrderMailLine): string {
  return line.paid
    ? `${line.name}: ${line.amount} (efter rabatt ${line.paid})`
    : `${line.name}: ${line.amount}`;
}

/** The order confirmation's HTML body. */
export function OrderConfirmationEmail(props: OrderConfirmationProps) {
  const { orderId, firstName, lines, summary, paymentName, delivery, address } = props;
  return (
    <MailLayout
      shopName={props.shopName}
      shopUrl={props.shopUrl}
      heading={`Orderbekräftelse ${orderId}`}
      preview={`Tack för din beställning hos ${props.shopName}. Ordernummer: ${orderId}.`}
    >
      <Text style={paragraph}>Hej {firstName}!</Text>
      <Text style={paragraph}>
        Tack för din beställning hos {props.shopName}. Ordernummer: <strong>{orderId}</strong>.
      </Text>
      <Heading as="h2" style={h2}>
        Varor
      </Heading>
      <table role="presentation" width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {lines.map((line, i) => (
            <tr key={i}>
              <td style={{ ...cell, borderBottom: rule }}>{line.name}</td>
              <td style={{ ...amountCell, borderBottom: rule }}>
                {line.amount}
                {line.paid ? (
                  <>
                    <br />
                    <span style={{ fontSize: '14px', color: '#4a4a4a' }}>
                      (efter rabatt {line.paid})
                    </span>
                  </>
                ) : null}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Heading as="h2" style={h2}>
        Summa
      </Heading>
      <table width="100%" cellPadding={0} cellSpacing={0}>
        <tbody>
          {summary.map(([label, value]) => (
            <tr key={label}>
              <th scope="row" style={{ ...cell, textAlign: 'left', fontWeight: 400 }}>
                {label}
              </th>
              <td
                style={{
                  ...amountCell,
                  fontWeight: label === 'Totalt' || label === 'Att betala' ? 700 : 400,
                }}
              >
                {value}
              </td>
            </tr>
          ))}
        </tbody>
      </table>
      <Text style={{ ...paragraph, marginTop: '16px' }}>Betalning: {paymentName}</Text>
      <Heading as="h2" style={h2}>
        Leverans
      </Heading>
      <Lines lines={deliveryLines(delivery)} />
      {delivery.pickupPoint ? (
        <>
          <Heading as="h2" style={h2}>
            Utlämningsställe
          </Heading>
          <Lines lines={delivery.pickupPoint} />
        </>
      ) : null}
      <Heading as="h2" style={h2}>
        Leveransadress
      </Heading>
      <Lines lines={address} />
      <Text style={paragraph}>Vänliga hälsningar, {props.shopName}</Text>
    </MailLayout>
  );
}

/**
 * Subject, plain text and HTML of an order confirmation. The text keeps the lines the shop's
 * tests and operators read: "Label: value" per summary row, "2 × Name: amount" per line.
 */
export async function orderConfirmationMail(props: OrderConfirmationProps): Promise<RenderedMail> {
  const text = [
    `Hej ${props.firstName}!`,
    '',
    `Tack för din beställning hos ${props.shopName}. Ordernummer: ${props.orderId}.`,
    '',
    ...props.lines.map(lineText),
    '',
    ...props.summary.map(([label, value]) => `${label}: ${value}`),
    `Betalning: ${props.paymentName}`,
    '',
    ...deliveryLines(props.delivery),
    ...(props.delivery.pickupPoint ? ['', 'Utlämningsställe:', ...props.delivery.pickupPoint] : []),
    '',
    'Leveransadress:',
    ...props.address,
    '',
    `Vänliga hälsningar, ${props.shopName}`,
  ].join('\n');
  return {
    subject: `Orderbekräftelse ${props.orderId} – ${props.shopName}`,
    text,
    html: await renderHtml(<OrderConfirmationEmail {...props} />),
  };
}
