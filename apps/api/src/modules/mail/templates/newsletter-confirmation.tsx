// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The newsletter's double opt-in mail (sent by engagement/newsletter.service.ts): the
 * confirmation link as a button and written out, and the unsubscribe link in the footer.
 */
import { Link } from '@react-email/link';
import { Text } from '@react-email/text';
import {
  MailButton,
  MailLayout,
  footerText,
  linkStyle,
  paragraph,
  renderHtml,
  type RenderedMail,
  type ShopBrand,
} from './layout.tsx';

/** Props of {@link NewsletterConfirmationEmail}. */
export interface NewsletterConfirmationProps extends ShopBrand {
  /** The absolute, signed confirmation link. */
  confirmUrl: string;
  /** The absolute, signed unsubscribe link. */
  unsubscribeUrl: string;
}

/** The newsletter confirmation's HTML body. */
export function NewsletterConfirmationEmail(props: NewsletterConfirmationProps) {
  const { shopName, shopUrl, confirmUrl, unsubscribeUrl } = props;
  return (
    <MailLayout
      shopName={shopName}
      shopUrl={shopUrl}
      heading="Bekräfta din prenumeration"
      preview="Bekräfta prenumerationen via länken. Först då får du några utskick."
      footer={
        <Text style={footerText}>
          Avsluta prenumerationen:{' '}
          <Link href={unsubscribeUrl} style={{ ...linkStyle, color: '#4a4a4a' }}>
            {unsubscribeUrl}
          </Link>
        </Text>
      }
    >
      <Text style={paragraph}>Hej!</Text>
      <Text style={paragraph}>
        Någon (förhoppningsvis du) har anmält den här adressen till nyhetsbrevet från {shopName}.
      </Text>
      <Text style={paragraph}>
        Bekräfta prenumerationen via länken nedan. Först då får du några utskick.
      </Text>
      <MailButton href={confirmUrl}>Bekräfta prenumerationen</MailButton>
      <Text style={paragraph}>
        <Link href={confirmUrl} style={linkStyle}>
          {confirmUrl}
        </Link>
      </Text>
      <Text style={paragraph}>
        Om du inte anmälde dig kan du bortse från mejlet: utan bekräftelse skickar vi inget mer.
      </Text>
    </MailLayout>
  );
}

/** Subject, plain text and HTML of the newsletter confirmation. */
export async function newsletterConfirmationMail(
  props: NewsletterConfirmationProps,
): Promise<RenderedMail> {
  return {
    subject: `Bekräfta din prenumeration på ${props.shopName}s nyhetsbrev`,
    text: [
      'Hej!',
      '',
      `Någon (förhoppningsvis du) har anmält den här adressen till nyhetsbrevet från ${props.shopName}.`,
      'Bekräfta prenumerationen via länken nedan. Först då får du några utskick.',
      '',
      props.confirmUrl,
      '',
      'Om du inte anmälde dig kan du bortse från mejlet: utan bekräftelse skickar vi inget mer.',
      '',
      `Avsluta prenumerationen: ${props.unsubscribeUrl}`,
    ].join('\n'),
    html: await renderHtml(<NewsletterConfirmationEmail {...props} />),
  };
}
