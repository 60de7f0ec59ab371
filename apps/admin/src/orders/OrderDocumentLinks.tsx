/**
 * The order page's document links (issue 27) with the receipt only when it can be made (issue 40
 * §2): the admin API's `adminSellerIdentity` says whether the seller's name, address and
 * organisationsnummer are set. When they are not, a notice says what is missing and how to set
 * it, and no receipt link is offered (the download would answer 503).
 */
import { useEffect, useState } from 'react';
import { adminRequest } from '../api.ts';

/** Whether receipts can be made and which environment variables they still need. */
interface ReceiptAvailability {
  receiptsAvailable: boolean;
  missingReceiptSettings: string[];
}

const SELLER_QUERY = /* GraphQL */ `
  query AdminSellerIdentity {
    adminSellerIdentity {
      receiptsAvailable
      missingReceiptSettings
    }
  }
`;

/** What each variable is, in Swedish. */
const SETTING_NAMES: Record<string, string> = {
  SHOP_LEGAL_NAME: 'företagets registrerade namn',
  SHOP_ADDRESS: 'företagets adress',
  SHOP_ORGANISATION_NUMBER: 'organisationsnumret',
};

/** "a, b och c". */
function swedishList(items: string[]): string {
  return items.length <= 1
    ? (items[0] ?? '')
    : `${items.slice(0, -1).join(', ')} och ${items[items.length - 1]}`;
}

/** The packing slip and receipt links of order `orderId`, or the notice instead of the receipt. */
export function OrderDocumentLinks({ orderId }: { orderId: number }) {
  const [receipts, setReceipts] = useState<ReceiptAvailability | null>(null);
  useEffect(() => {
    let current = true;
    adminRequest<{ adminSellerIdentity: ReceiptAvailability }>(SELLER_QUERY)
      .then((data) => current && setReceipts(data.adminSellerIdentity))
      // Unknown: the link stays, and the download says what is wrong.
      .catch(() => current && setReceipts({ receiptsAvailable: true, missingReceiptSettings: [] }));
    return () => {
      current = false;
    };
  }, []);
  const missing = receipts?.receiptsAvailable === false ? receipts.missingReceiptSettings : [];
  return (
    <>
      <ul className="order-documents">
        <li>
          <a href={`/admin/orders/${orderId}/packing-slip.pdf`}>Följesedel (PDF)</a>
        </li>
        {receipts?.receiptsAvailable ? (
          <li>
            <a href={`/admin/orders/${orderId}/receipt.pdf`}>Kvitto (PDF)</a>
          </li>
        ) : null}
      </ul>
      {missing.length > 0 ? (
        <div className="order-notice" role="note" aria-labelledby="receipt-notice-title">
          <h3 id="receipt-notice-title">Kvitton kan inte skapas ännu</h3>
          <p>
            Ett kvitto ska ange säljarens namn, adress och organisationsnummer. Butiken saknar{' '}
            {swedishList(missing.map((name) => SETTING_NAMES[name] ?? name))}.
          </p>
          <p>
            Ange miljövariablerna{' '}
            {missing.map((name, index) => (
              <span key={name}>
                {index > 0 ? (index === missing.length - 1 ? ' och ' : ', ') : null}
                <code>{name}</code>
              </span>
            ))}{' '}
            i butikens miljö (där den startas, till exempel i serverns eller Docker-containerns
            inställningar) och starta om butiken.
            {missing.includes('SHOP_ORGANISATION_NUMBER')
              ? ' Organisationsnumret skrivs NNNNNN-NNNN; momsregistreringsnumret räknas fram ur det.'
              : ''}{' '}
            Samma uppgifter visas i köpvillkoren, på följesedlar och i e-postens sidfot. Läs mer
            under Konfiguration i README.
          </p>
        </div>
      ) : null}
    </>
  );
}
