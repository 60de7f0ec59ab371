// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * "Din order har skickats" (issue 43; ADR 020 §5; built by orders/order-shipped-email.ts): the
 * order number, who delivers it, each parcel number with the carrier's tracking page, the pickup
 * point when the parcel waits there, and the link to the account's order page. Swedish, as the
 * order confirmation (order-confirmation.tsx): the shop's mails have no other language yet.
 */
import { Heading } from '@react-email/heading';
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import {
  linkStyle,
  MailLayout,
  paragraph,
  renderHtml,
  type RenderedMail,
  type ShopBrand,
} from './layout.tsx';

/** One parcel as the mail names it. */
export interface ShippedParcel {
  parcelNumber: string;
  /** The carrier's tracking page of the parcel (absolute http(s)), null when there is none. */
  trackingLink: string | null;
}

/** Props of {@link OrderShippedEmail}. */
export interface OrderShippedProps extends ShopBrand {
  orderId: number;
  /** The billing first name ("" when unknown). */
  firstName: string;
  /** The shipping method (nShift: the service), e.g. "PostNord MyPack Collect". */
  shippingName: string;
  /** The carrier, e.g. "PostNord"; null when none is named. */
  carrierName: string | null;
  /** At least one. */
  parcels: ShippedParcel[];
  /** The pickup point as lines (name, street, "411 01 Göteborg", "Öppettider: …"); null for home delivery. */
  pickupPoint: string[] | null;
  /** The account's order page (absolute), null when there is none to link to. */
  ordersUrl: string | null;
}

const h2 = { fontSize: '18px', lineHeight: '26px', color: '#1f1f1f', margin: '24px 0 8px' };

/** "Kollinummer 123: https://…" (text) per parcel. */
function parcelText(parcel: ShippedParcel): string {
  return parcel.trackingLink
    ? `Kollinummer ${parcel.parcelNumber}: ${parcel.trackingLink}`
    : `Kollinummer ${parcel.parcelNumber}`;
}

/** Who delivers: "PostNord (PostNord MyPack Collect)" or the method alone. */
function deliveredBy(props: Pick<OrderShippedProps, 'carrierName' | 'shippingName'>): string {
  if (!props.carrierName) return props.shippingName;
  if (props.shippingName.toLowerCase().includes(props.carrierName.toLowerCase())) {
    return props.shippingName;
  }
  return `${props.carrierName} (${props.shippingName})`;
}

/** The shipped mail's HTML body. */
export function OrderShippedEmail(props: OrderShippedProps) {
  const { orderId, firstName, parcels, pickupPoint, ordersUrl } = props;
  return (
    <MailLayout
      shopName={props.shopName}
      shopUrl={props.shopUrl}
      heading="Din order har skickats"
      preview={`Order ${orderId} är på väg med ${deliveredBy(props)}.`}
    >
      <Text style={paragraph}>Hej {firstName}!</Text>
      <Text style={paragraph}>
        Din order <strong>{orderId}</strong> har skickats med {deliveredBy(props)}.
      </Text>
      <Heading as="h2" style={h2}>
        {parcels.length > 1 ? 'Dina paket' : 'Ditt paket'}
      </Heading>
      {parcels.map((parcel) => (
        <Text key={parcel.parcelNumber} style={paragraph}>
          Kollinummer {parcel.parcelNumber}
          {parcel.trackingLink ? (
            <>
              <br />
              <Link href={parcel.trackingLink} style={linkStyle}>
                {`Spåra paketet ${parcel.parcelNumber}`}
              </Link>
            </>
          ) : null}
        </Text>
      ))}
      {pickupPoint ? (
        <>
          <Heading as="h2" style={h2}>
            Utlämningsställe
          </Heading>
          <Text style={paragraph}>
            {pickupPoint.map((line, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </Text>
          <Text style={paragraph}>
            Du får ett meddelande från transportören när paketet finns att hämta.
          </Text>
        </>
      ) : null}
      {ordersUrl ? (
        <Text style={paragraph}>
          Du ser ordern och spårningen under{' '}
          <Link href={ordersUrl} style={linkStyle}>
            Mina ordrar
          </Link>
          .
        </Text>
      ) : null}
      <Text style={paragraph}>Vänliga hälsningar, {props.shopName}</Text>
    </MailLayout>
  );
}

/**
 * Subject, plain text and HTML of the shipped mail. The text writes every tracking link out
 * ("Kollinummer X: https://…"), so a text-only reader can follow it too.
 */
export async function orderShippedMail(props: OrderShippedProps): Promise<RenderedMail> {
  const text = [
    `Hej ${props.firstName}!`,
    '',
    `Din order ${props.orderId} har skickats med ${deliveredBy(props)}.`,
    '',
    ...props.parcels.map(parcelText),
    ...(props.pickupPoint
      ? [
          '',
          'Utlämningsställe:',
          ...props.pickupPoint,
          'Du får ett meddelande från transportören när paketet finns att hämta.',
        ]
      : []),
    ...(props.ordersUrl
      ? ['', `Du ser ordern och spårningen under Mina ordrar: ${props.ordersUrl}`]
      : []),
    '',
    `Vänliga hälsningar, ${props.shopName}`,
  ].join('\n');
  return {
    subject: `Din order ${props.orderId} har skickats – ${props.shopName}`,
    text,
    html: await renderHtml(<OrderShippedEmail {...props} />),
  };
}
