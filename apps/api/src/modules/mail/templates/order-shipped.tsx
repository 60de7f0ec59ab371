// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * "Din order har skickats" (issue 43; ADR 020 §5; built by orders/order-shipped-email.ts): the
 * order number, who delivers it, each parcel number with the carrier's tracking page, the pickup
 * point when the parcel waits there, and the link to the account's order page. In the order's
 * language (`language`, mail-language.ts; the words in order-shipped-texts.ts), Swedish by
 * default.
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
import type { MailLanguage } from '../mail-language.ts';
import { SHIPPED_TEXTS } from './order-shipped-texts.ts';

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
  /**
   * The pickup point as lines (name, street, "411 01 Göteborg", "Öppettider: …" in the mail's
   * language); null for home delivery.
   */
  pickupPoint: string[] | null;
  /** The account's order page (absolute), null when there is none to link to. */
  ordersUrl: string | null;
  /** The mail's language (the order's); Swedish when left out. */
  language?: MailLanguage;
}

const h2 = { fontSize: '18px', lineHeight: '26px', color: '#1f1f1f', margin: '24px 0 8px' };

/** "Kollinummer 123: https://…" (text) per parcel, `label` in the mail's language. */
function parcelText(parcel: ShippedParcel, label: string): string {
  return parcel.trackingLink
    ? `${label} ${parcel.parcelNumber}: ${parcel.trackingLink}`
    : `${label} ${parcel.parcelNumber}`;
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
  const { orderId, firstName, parcels, pickupPoint, ordersUrl, language = 'sv' } = props;
  const words = SHIPPED_TEXTS[language];
  const [before, between, after] = words.shipped;
  return (
    <MailLayout
      shopName={props.shopName}
      shopUrl={props.shopUrl}
      language={language}
      heading={words.heading}
      preview={words.preview(orderId, deliveredBy(props))}
    >
      <Text style={paragraph}>{words.greeting(firstName)}</Text>
      <Text style={paragraph}>
        {before}
        <strong>{orderId}</strong>
        {between}
        {deliveredBy(props)}
        {after}
      </Text>
      <Heading as="h2" style={h2}>
        {words.parcels(parcels.length)}
      </Heading>
      {parcels.map((parcel) => (
        <Text key={parcel.parcelNumber} style={paragraph}>
          {`${words.parcelNumber} ${parcel.parcelNumber}`}
          {parcel.trackingLink ? (
            <>
              <br />
              <Link href={parcel.trackingLink} style={linkStyle}>
                {words.track(parcel.parcelNumber)}
              </Link>
            </>
          ) : null}
        </Text>
      ))}
      {pickupPoint ? (
        <>
          <Heading as="h2" style={h2}>
            {words.pickupPoint}
          </Heading>
          <Text style={paragraph}>
            {pickupPoint.map((line, i) => (
              <span key={i}>
                {i > 0 ? <br /> : null}
                {line}
              </span>
            ))}
          </Text>
          <Text style={paragraph}>{words.pickupNotice}</Text>
        </>
      ) : null}
      {ordersUrl ? (
        <Text style={paragraph}>
          {words.ordersLead}{' '}
          <Link href={ordersUrl} style={linkStyle}>
            {words.ordersLink}
          </Link>
          .
        </Text>
      ) : null}
      <Text style={paragraph}>{words.regards(props.shopName)}</Text>
    </MailLayout>
  );
}

/**
 * Subject, plain text and HTML of the shipped mail. The text writes every tracking link out
 * ("Kollinummer X: https://…"), so a text-only reader can follow it too.
 */
export async function orderShippedMail(props: OrderShippedProps): Promise<RenderedMail> {
  const words = SHIPPED_TEXTS[props.language ?? 'sv'];
  const [before, between, after] = words.shipped;
  const text = [
    words.greeting(props.firstName),
    '',
    `${before}${props.orderId}${between}${deliveredBy(props)}${after}`,
    '',
    ...props.parcels.map((parcel) => parcelText(parcel, words.parcelNumber)),
    ...(props.pickupPoint
      ? ['', `${words.pickupPoint}:`, ...props.pickupPoint, words.pickupNotice]
      : []),
    ...(props.ordersUrl ? ['', `${words.ordersLead} ${words.ordersLink}: ${props.ordersUrl}`] : []),
    '',
    words.regards(props.shopName),
  ].join('\n');
  return {
    subject: words.subject(props.orderId, props.shopName),
    text,
    html: await renderHtml(<OrderShippedEmail {...props} />),
  };
}
