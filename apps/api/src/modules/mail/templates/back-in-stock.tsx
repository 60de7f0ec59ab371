// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The "back in stock" mail (sent by engagement/availability.service.ts): the product page as a
 * button and written out, and the link that ends every request of the address in the footer.
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

/** Props of {@link BackInStockEmail}. */
export interface BackInStockProps extends ShopBrand {
  /** The product's name. */
  product: string;
  /** The size asked for; absent for a product with one size. */
  size?: string | undefined;
  /** The absolute product page. */
  productUrl: string;
  /** The absolute, signed link that ends every back-in-stock request of the address. */
  unsubscribeUrl: string;
}

/** The back-in-stock mail's HTML body. */
export function BackInStockEmail(props: BackInStockProps) {
  const { shopName, shopUrl, product, productUrl, unsubscribeUrl } = props;
  const sized = props.size ? ` i storlek ${props.size}` : '';
  return (
    <MailLayout
      shopName={shopName}
      shopUrl={shopUrl}
      heading={`Nu finns ${product} i lager igen`}
      preview={`Du bad oss säga till när ${product}${sized} fanns i lager igen.`}
      footer={
        <Text style={footerText}>
          Vill du avsluta alla dina bevakningar hos {shopName}?{' '}
          <Link href={unsubscribeUrl} style={{ ...linkStyle, color: '#4a4a4a' }}>
            {unsubscribeUrl}
          </Link>
        </Text>
      }
    >
      <Text style={paragraph}>Hej!</Text>
      <Text style={paragraph}>
        Du bad oss säga till när {product}
        {sized} fanns i lager igen. Nu finns den hos {shopName}:
      </Text>
      <MailButton href={productUrl}>Till {product}</MailButton>
      <Text style={paragraph}>
        <Link href={productUrl} style={linkStyle}>
          {productUrl}
        </Link>
      </Text>
      <Text style={paragraph}>
        Lagret kan ta slut igen, så vänta inte för länge. Det här var det enda mejlet om den här
        bevakningen.
      </Text>
    </MailLayout>
  );
}

/** Subject, plain text and HTML of the back-in-stock mail. */
export async function backInStockMail(props: BackInStockProps): Promise<RenderedMail> {
  const sized = props.size ? ` i storlek ${props.size}` : '';
  return {
    subject: `Nu finns ${props.product} i lager igen`,
    text: [
      'Hej!',
      '',
      `Du bad oss säga till när ${props.product}${sized} fanns i lager igen. Nu finns den hos ${props.shopName}:`,
      '',
      props.productUrl,
      '',
      'Lagret kan ta slut igen, så vänta inte för länge. Det här var det enda mejlet om den här bevakningen.',
      '',
      `Vill du avsluta alla dina bevakningar hos ${props.shopName}? ${props.unsubscribeUrl}`,
    ].join('\n'),
    html: await renderHtml(<BackInStockEmail {...props} />),
  };
}
