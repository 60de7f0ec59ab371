// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The shared frame of every shop e-mail (issue 22 "templates with React Email"): a header with
 * the shop's name on the theme colour, one `h1`, the message, and a footer with the shop's name,
 * a link to the shop and the seller (name, address, organisationsnummer, e-mail, phone; issue 40 §2). In the mail's language (`lang`, Swedish by default), one column at most 600 px wide, colours with
 * WCAG AA contrast (white on #510c76 is 13:1, the footer's #4a4a4a on white 8.9:1).
 *
 * A template is a component that renders `<MailLayout>` around its content, plus a function that
 * returns a {@link RenderedMail} `{ subject, text, html }` with {@link renderHtml} (see docs/architecture.md "E-mail").
 */
import {
  createContext,
  useContext,
  type CSSProperties,
  type ReactElement,
  type ReactNode,
} from 'react';
import { Body } from '@react-email/body';
import { Button } from '@react-email/button';
import { Container } from '@react-email/container';
import { Head } from '@react-email/head';
import { Heading } from '@react-email/heading';
import { Hr } from '@react-email/hr';
import { Html } from '@react-email/html';
import { Link } from '@react-email/link';
import { Preview } from '@react-email/preview';
import { render } from '@react-email/render';
import { Section } from '@react-email/section';
import { Text } from '@react-email/text';
import type { SellerIdentity } from '../../../seller.ts';
import type { MailLanguage } from '../mail-language.ts';

/** The shop's theme colour (storefront `--color-primary`, styles/tokens.css). */
export const THEME_COLOR = '#510c76';

/** What every e-mail says about the shop. */
export interface ShopBrand {
  /** The shop's name (config SHOP_NAME). */
  shopName: string;
  /** The shop's public address (config PUBLIC_URL), absolute; no link when absent. */
  shopUrl?: string | undefined;
  /**
   * The seller (config `seller`, issue 40 §2) for the footer: name, address, organisationsnummer,
   * e-mail and phone, each when set. {@link renderHtml} hands it to the layout, so a template
   * need not pass it on.
   */
  seller?: SellerIdentity | undefined;
}

/** The footer's label of the seller's organisation number, by mail language. */
const ORGANISATION_NUMBER_LABEL: Record<MailLanguage, string> = {
  sv: 'Org.nr',
  nb: 'Org.nr.',
  da: 'Org.nr.',
  fi: 'Org.nr',
  en: 'Reg. no.',
};

/** The language of the mail being rendered ({@link MailLayout}). */
const LanguageContext = createContext<MailLanguage>('sv');

/** The seller of the mail being rendered ({@link renderHtml}). */
const SellerContext = createContext<SellerIdentity | undefined>(undefined);

/** The footer's seller lines: `Name · Address · Org.nr …` and `e-mail · phone`, each when set. */
function SellerLines() {
  const seller = useContext(SellerContext);
  const language = useContext(LanguageContext);
  if (!seller) return null;
  const company = [
    seller.legalName,
    seller.address,
    seller.organisationNumber
      ? `${ORGANISATION_NUMBER_LABEL[language]} ${seller.organisationNumber}`
      : null,
  ].filter(Boolean);
  const contact = [seller.email, seller.phone].filter(Boolean);
  if (company.length === 0 && contact.length === 0) return null;
  return (
    <Text style={{ ...footerText, margin: '8px 0 0' }}>
      {company.join(' · ')}
      {company.length > 0 && contact.length > 0 ? <br /> : null}
      {contact.join(' · ')}
    </Text>
  );
}

/** Props of {@link MailLayout}. */
export interface MailLayoutProps extends ShopBrand {
  /** The page title and the `h1` of the message, e.g. "Orderbekräftelse 12". */
  heading: string;
  /** The preview line an inbox shows beside the subject. */
  preview: string;
  /** The message under the heading. */
  children: ReactNode;
  /** Extra footer lines (e.g. an unsubscribe link) above the shop's name. */
  footer?: ReactNode;
  /** The mail's language (`<html lang>`, the footer's words); Swedish when left out. */
  language?: MailLanguage;
}

const font = '-apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, Helvetica, Arial, sans-serif';

/** Paragraph style of the message (16 px, dark grey on white). */
export const paragraph: CSSProperties = {
  fontSize: '16px',
  lineHeight: '24px',
  color: '#1f1f1f',
  margin: '0 0 16px',
};

/** The style of a link inside the message (theme colour, underlined). */
export const linkStyle: CSSProperties = {
  color: THEME_COLOR,
  textDecoration: 'underline',
  wordBreak: 'break-all',
};

/** The layout of every shop e-mail: header, `h1`, content, footer. */
export function MailLayout({
  shopName,
  shopUrl,
  heading,
  preview,
  children,
  footer,
  language = 'sv',
}: MailLayoutProps) {
  return (
    <LanguageContext.Provider value={language}>
      <Html lang={language} dir="ltr">
        <Head>
          <title>{heading}</title>
          <meta name="color-scheme" content="light" />
        </Head>
        <Preview>{preview}</Preview>
        <Body
          style={{ backgroundColor: '#f3eff5', fontFamily: font, margin: 0, padding: '16px 0' }}
        >
          <Container style={{ maxWidth: '600px', backgroundColor: '#ffffff' }}>
            <Section style={{ backgroundColor: THEME_COLOR, padding: '20px 24px' }}>
              <Text style={{ color: '#ffffff', fontSize: '22px', fontWeight: 700, margin: 0 }}>
                {shopUrl ? (
                  <Link href={shopUrl} style={{ color: '#ffffff', textDecoration: 'none' }}>
                    {shopName}
                  </Link>
                ) : (
                  shopName
                )}
              </Text>
            </Section>
            <Section style={{ padding: '24px' }}>
              <Heading
                as="h1"
                style={{
                  fontSize: '24px',
                  lineHeight: '32px',
                  color: '#1f1f1f',
                  margin: '0 0 16px',
                }}
              >
                {heading}
              </Heading>
              {children}
            </Section>
            <Hr style={{ borderColor: '#d9d2de', margin: 0 }} />
            <Section style={{ padding: '16px 24px' }}>
              {footer}
              <Text style={{ fontSize: '14px', lineHeight: '20px', color: '#4a4a4a', margin: 0 }}>
                {shopName}
                {shopUrl ? (
                  <>
                    {' · '}
                    <Link href={shopUrl} style={{ color: '#4a4a4a', textDecoration: 'underline' }}>
                      {new URL(shopUrl).host}
                    </Link>
                  </>
                ) : null}
              </Text>
              <SellerLines />
            </Section>
          </Container>
        </Body>
      </Html>
    </LanguageContext.Provider>
  );
}

/** Footer text style (14 px, #4a4a4a on white). */
export const footerText: CSSProperties = {
  fontSize: '14px',
  lineHeight: '20px',
  color: '#4a4a4a',
  margin: '0 0 8px',
};

/** A call-to-action link drawn as a button (white on the theme colour). */
export function MailButton({ href, children }: { href: string; children: ReactNode }) {
  return (
    <Button
      href={href}
      style={{
        backgroundColor: THEME_COLOR,
        color: '#ffffff',
        fontSize: '16px',
        fontWeight: 600,
        borderRadius: '6px',
        padding: '12px 20px',
        margin: '0 0 16px',
      }}
    >
      {children}
    </Button>
  );
}

/** A rendered e-mail, as `sendMail` (mail.service.ts) takes it (`to` and `messageId` added by the sender). */
export interface RenderedMail {
  subject: string;
  /** The plain-text alternative: the same content as the HTML, links written out. */
  text: string;
  /** The HTML document. */
  html: string;
}

/**
 * Renders a template to an HTML document (XHTML doctype, inline styles; text escaped by React),
 * with the template's `seller` prop ({@link ShopBrand}) for the footer.
 */
export function renderHtml(element: ReactElement): Promise<string> {
  const { seller } = element.props as Partial<ShopBrand>;
  return render(<SellerContext.Provider value={seller}>{element}</SellerContext.Provider>);
}
