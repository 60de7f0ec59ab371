// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The password reset mail (GEINS-API §7.2 step 7; sent by customers/password-reset-mail.ts): the
 * link with the single-use key, as a button and written out.
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

/** Props of {@link PasswordResetEmail}. */
export interface PasswordResetProps extends ShopBrand {
  /** The absolute reset link with its key. */
  link: string;
}

/** The password reset mail's HTML body. */
export function PasswordResetEmail({ shopName, shopUrl, link }: PasswordResetProps) {
  return (
    <MailLayout
      shopName={shopName}
      shopUrl={shopUrl}
      heading="Återställ ditt lösenord"
      preview="Välj ett nytt lösenord via länken. Länken fungerar en gång och i en timme."
    >
      <Text style={paragraph}>Hej!</Text>
      <Text style={paragraph}>
        Någon (förhoppningsvis du) har bett om ett nytt lösenord till ditt konto hos {shopName}.
      </Text>
      <Text style={paragraph}>
        Välj ett nytt lösenord via länken nedan. Länken fungerar en gång och i en timme.
      </Text>
      <MailButton href={link}>Välj nytt lösenord</MailButton>
      <Text style={paragraph}>
        <Link href={link} style={linkStyle}>
          {link}
        </Link>
      </Text>
      <Text style={paragraph}>
        Om du inte bad om det här kan du bortse från mejlet; ditt lösenord är oförändrat.
      </Text>
    </MailLayout>
  );
}

/** Subject, plain text and HTML of the password reset mail. */
export async function passwordResetMail(props: PasswordResetProps): Promise<RenderedMail> {
  return {
    subject: `Återställ ditt lösenord hos ${props.shopName}`,
    text: [
      'Hej!',
      '',
      `Någon (förhoppningsvis du) har bett om ett nytt lösenord till ditt konto hos ${props.shopName}.`,
      'Välj ett nytt lösenord via länken nedan. Länken fungerar en gång och i en timme.',
      '',
      props.link,
      '',
      'Om du inte bad om det här kan du bortse från mejlet; ditt lösenord är oförändrat.',
    ].join('\n'),
    html: await renderHtml(<PasswordResetEmail {...props} />),
  };
}
