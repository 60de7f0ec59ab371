// Automatic JSX runtime whatever tsconfig the loader applies (issue 40: `npm start` from the root).
/** @jsxRuntime automatic @jsxImportSource react */
/**
 * The employer's mail of a förmånscykel application (issue 21; sent by
 * leasing/leasing-approval-mail.ts): who applies for what, the monthly gross-salary deduction,
 * and the signed approve and decline links, each as a button and written out.
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

/** Props of {@link LeasingApprovalEmail}; money already formatted ("26 599 kr"). */
export interface LeasingApprovalProps extends ShopBrand {
  /** The employer's contact name or company name, for the greeting. */
  employerName: string;
  /** The employee's name and e-mail address. */
  employee: string;
  employeeEmail: string;
  /** The employer's organisationsnummer as entered. */
  organisationNumber: string;
  /** One line per order line: "1 × Name, size: 26 599 kr". */
  lines: string[];
  periodMonths: number;
  /** The gross-salary deduction per month, formatted. */
  grossDeductionPerMonth: string;
  /** The absolute, signed approve and decline links. */
  approveUrl: string;
  declineUrl: string;
  /** The last day the links work (YYYY-MM-DD). */
  validUntil: string;
}

/** The approval mail's HTML body. */
export function LeasingApprovalEmail(props: LeasingApprovalProps) {
  const { shopName, shopUrl } = props;
  return (
    <MailLayout
      shopName={shopName}
      shopUrl={shopUrl}
      heading="Förmånscykel att godkänna"
      preview={`${props.employee} vill leasa en förmånscykel via er.`}
    >
      <Text style={paragraph}>Hej {props.employerName}!</Text>
      <Text style={paragraph}>
        {props.employee} ({props.employeeEmail}) vill leasa en förmånscykel via er
        (organisationsnummer {props.organisationNumber}).
      </Text>
      {props.lines.map((line) => (
        <Text key={line} style={{ ...paragraph, margin: '0 0 4px' }}>
          {line}
        </Text>
      ))}
      <Text style={paragraph}>
        Period: {props.periodMonths} månader
        <br />
        Bruttolöneavdrag: {props.grossDeductionPerMonth}/mån
      </Text>
      <MailButton href={props.approveUrl}>Godkänn ansökan</MailButton>
      <Text style={paragraph}>
        <Link href={props.approveUrl} style={linkStyle}>
          {props.approveUrl}
        </Link>
      </Text>
      <Text style={paragraph}>Avslå ansökan:</Text>
      <Text style={paragraph}>
        <Link href={props.declineUrl} style={linkStyle}>
          {props.declineUrl}
        </Link>
      </Text>
      <Text style={paragraph}>
        Länkarna fungerar en gång, till och med {props.validUntil}. Beslutet bekräftas på sidan som
        länken öppnar.
      </Text>
    </MailLayout>
  );
}

/** Subject, plain text and HTML of the approval mail. */
export async function leasingApprovalMail(props: LeasingApprovalProps): Promise<RenderedMail> {
  return {
    subject: `Förmånscykel att godkänna: ${props.employee} – ${props.shopName}`,
    text: [
      `Hej ${props.employerName}!`,
      '',
      `${props.employee} (${props.employeeEmail}) vill leasa en förmånscykel via er (organisationsnummer ${props.organisationNumber}).`,
      '',
      ...props.lines,
      `Period: ${props.periodMonths} månader`,
      `Bruttolöneavdrag: ${props.grossDeductionPerMonth}/mån`,
      '',
      'Godkänn ansökan:',
      props.approveUrl,
      '',
      'Avslå ansökan:',
      props.declineUrl,
      '',
      `Länkarna fungerar en gång, till och med ${props.validUntil}. Beslutet bekräftas på sidan som länken öppnar.`,
    ].join('\n'),
    html: await renderHtml(<LeasingApprovalEmail {...props} />),
  };
}
