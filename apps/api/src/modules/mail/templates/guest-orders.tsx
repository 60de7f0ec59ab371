// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The mail to a new account whose address has guest orders (issue 40 point 5; sent by
 * customers/guest-orders-mail.ts): a login link that proves the address, and opening it moves
 * the earlier orders placed without an account into the account ("Mina ordrar").
 */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import {
  MailButton,
  MailLayout,
  linkStyle,
  paragraph,
  renderHtml,
  type RenderedMail,
  type ShopBrand,
} from './layout.tsx';

/** Props of {@link GuestOrdersEmail}. */
export interface GuestOrdersProps extends ShopBrand {
  /** The absolute login link (`/mina-sidor/ordrar?loginToken=…`). */
  link: string;
  /** Guest orders with the address when the mail was written. */
  orderCount: number;
  /** How long the link works, in days. */
  days: number;
}

function ordersText(count: number): string {
  return count === 1 ? 'en tidigare beställning' : `${count} tidigare beställningar`;
}

/** The mail's HTML body. */
export function GuestOrdersEmail({ shopName, shopUrl, link, orderCount, days }: GuestOrdersProps) {
  return (
    <MailLayout
      shopName={shopName}
      shopUrl={shopUrl}
      heading="Bekräfta din e-postadress"
      preview={`Bekräfta adressen så visas ${ordersText(orderCount)} på ditt konto.`}
    >
      <Text style={paragraph}>Hej och välkommen!</Text>
      <Text style={paragraph}>
        Du har {ordersText(orderCount)} hos {shopName} gjorda utan konto med den här e-postadressen.
        Bekräfta att adressen är din, så visas de under Mina ordrar på ditt konto.
      </Text>
      <MailButton href={link}>Bekräfta och visa mina ordrar</MailButton>
      <Text style={paragraph}>
        <Link href={link} style={linkStyle}>
          {link}
        </Link>
      </Text>
      <Text style={paragraph}>
        Länken fungerar en gång och i {days} dagar. Skapade du inget konto kan du bortse från
        mejlet; beställningarna flyttas inte.
      </Text>
    </MailLayout>
  );
}

/** Subject, plain text and HTML of the mail. */
export async function guestOrdersMail(props: GuestOrdersProps): Promise<RenderedMail> {
  return {
    subject: `Bekräfta din e-postadress hos ${props.shopName}`,
    text: [
      'Hej och välkommen!',
      '',
      `Du har ${ordersText(props.orderCount)} hos ${props.shopName} gjorda utan konto med den här e-postadressen. ` +
        'Bekräfta att adressen är din, så visas de under Mina ordrar på ditt konto.',
      '',
      props.link,
      '',
      `Länken fungerar en gång och i ${props.days} dagar. Skapade du inget konto kan du bortse från mejlet; beställningarna flyttas inte.`,
    ].join('\n'),
    html: await renderHtml(<GuestOrdersEmail {...props} />),
  };
}
