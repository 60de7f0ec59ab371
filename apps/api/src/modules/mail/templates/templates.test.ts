/**
 * The React Email templates (issue 22): each renders the shared layout (lang="sv", the shop's
 * header and footer, one h1), its figures and absolute, escaped links, and a plain-text
 * alternative with the same content as the HTML.
 */
import { toPlainText } from '@react-email/render';
import { describe, expect, it } from 'vitest';
import type { OrderView } from '../../orders/orders.service.ts';
import { orderEmail } from '../../orders/order-email.ts';
import { backInStockMail } from './back-in-stock.tsx';
import { leasingApprovalMail } from './leasing-approval.tsx';
import type { RenderedMail } from './layout.tsx';
import { newsletterConfirmationMail } from './newsletter-confirmation.tsx';
import { passwordResetMail } from './password-reset.tsx';

const brand = { shopName: 'Cykel & Co <Åre>', shopUrl: 'https://shop.example' };

/**
 * Words (letters, digits, signs of amounts) of a text in lower case (the text rendering writes
 * headings in capitals), whitespace and punctuation dropped.
 */
function words(text: string): Set<string> {
  return new Set(
    text
      .toLowerCase()
      .replace(/\[|\]/g, ' ')
      .split(/[\s\u00a0]+/)
      .map((w) => w.replace(/^[(:;,.!?]+|[):;,.!?]+$/g, ''))
      .filter((w) => w !== ''),
  );
}

/** The HTML's links (href values, entities decoded). */
function hrefs(html: string): string[] {
  return [...html.matchAll(/href="([^"]*)"/g)].map((m) =>
    m[1]!
      .replace(/&quot;/g, '"')
      .replace(/&lt;/g, '<')
      .replace(/&gt;/g, '>')
      .replace(/&amp;/g, '&'),
  );
}

/** What every mail shares: the layout, absolute links and the same words in text and HTML. */
function expectShopMail(mail: RenderedMail, heading: string) {
  expect(mail.html).toMatch(/^<!DOCTYPE html/);
  expect(mail.html).toContain('<html dir="ltr" lang="sv">');
  expect(mail.html).toContain('#510c76');
  expect(mail.html.match(/<h1[ >]/g)).toHaveLength(1);
  expect(mail.html).toMatch(new RegExp(`<h1[^>]*>${heading}</h1>`));
  // The shop's name escaped by React in the header and the footer; never raw.
  expect(mail.html).toContain('Cykel &amp; Co &lt;Åre&gt;');
  expect(mail.html).not.toContain('<Åre>');
  expect(mail.html).not.toContain('<img');
  for (const href of hrefs(mail.html)) expect(href).toMatch(/^https:\/\/shop\.example(?:\/|$)/);
  // The text alternative says what the HTML says: every word of the text is in the HTML's
  // rendering as text (the HTML adds its heading, button labels and footer).
  const htmlWords = words(toPlainText(mail.html));
  const missing = [...words(mail.text)].filter((w) => !htmlWords.has(w));
  expect(missing).toEqual([]);
}

describe('mail templates', () => {
  it('password reset: the link with its key, escaped in the HTML and written out in the text', async () => {
    const link = 'https://shop.example/account/reset-password?resetKey=a1&x="<b>"';
    const mail = await passwordResetMail({ ...brand, link });
    expect(mail.subject).toBe('Återställ ditt lösenord hos Cykel & Co <Åre>');
    expectShopMail(mail, 'Återställ ditt lösenord');
    expect(mail.text).toContain(`\n${link}\n`);
    expect(mail.html).toContain(
      'href="https://shop.example/account/reset-password?resetKey=a1&amp;x=&quot;&lt;b&gt;&quot;"',
    );
    expect(mail.html).not.toContain('<b>');
    expect(hrefs(mail.html)).toContain(link);
  });

  it('newsletter confirmation: both signed links, the unsubscribe link in the footer', async () => {
    const confirmUrl = 'https://shop.example/nyhetsbrev/bekrafta?token=abc.def';
    const unsubscribeUrl = 'https://shop.example/nyhetsbrev/avsluta?token=ghi.jkl';
    const mail = await newsletterConfirmationMail({ ...brand, confirmUrl, unsubscribeUrl });
    expect(mail.subject).toBe('Bekräfta din prenumeration på Cykel & Co <Åre>s nyhetsbrev');
    expectShopMail(mail, 'Bekräfta din prenumeration');
    expect(mail.text).toContain(`Avsluta prenumerationen: ${unsubscribeUrl}`);
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([confirmUrl, unsubscribeUrl]));
    expect(mail.html.indexOf(unsubscribeUrl)).toBeGreaterThan(mail.html.indexOf('<hr'));
  });

  it('back in stock: product, size and page; no size for a one-size product', async () => {
    const productUrl = 'https://shop.example/product/hjalm-%C3%A5re';
    const unsubscribeUrl = 'https://shop.example/bevaka/avsluta?token=t';
    const mail = await backInStockMail({
      ...brand,
      product: 'Hjälm "Åre"',
      size: 'M',
      productUrl,
      unsubscribeUrl,
    });
    expect(mail.subject).toBe('Nu finns Hjälm "Åre" i lager igen');
    expectShopMail(mail, 'Nu finns Hjälm &quot;Åre&quot; i lager igen');
    expect(mail.text).toContain('när Hjälm "Åre" i storlek M fanns i lager igen');
    expect(toPlainText(mail.html)).toContain('i storlek M');
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([productUrl, unsubscribeUrl]));
    const oneSize = await backInStockMail({
      ...brand,
      product: 'Ringklocka',
      productUrl,
      unsubscribeUrl,
    });
    expect(oneSize.text).not.toContain('storlek');
    expect(oneSize.html).not.toContain('storlek');
  });

  it('leasing approval: the applicant, the deduction and both signed links, escaped', async () => {
    const approveUrl = 'https://shop.example/formanscykel/arbetsgivare?token=a.b&x=<i>';
    const declineUrl = 'https://shop.example/formanscykel/arbetsgivare?token=c.d';
    const mail = await leasingApprovalMail({
      ...brand,
      employerName: 'Bygg & Måleri AB',
      employee: 'Anna Svensson',
      employeeEmail: 'anna@example.se',
      organisationNumber: '556016-0680',
      lines: ['1 × Elcykel Åre, M: 26 599 kr'],
      periodMonths: 36,
      grossDeductionPerMonth: '812 kr',
      approveUrl,
      declineUrl,
      validUntil: '2026-12-09',
    });
    expect(mail.subject).toBe('Förmånscykel att godkänna: Anna Svensson – Cykel & Co <Åre>');
    expectShopMail(mail, 'Förmånscykel att godkänna');
    expect(mail.text).toContain('Bruttolöneavdrag: 812 kr/mån');
    expect(mail.text).toContain(`Godkänn ansökan:\n${approveUrl}\n`);
    expect(toPlainText(mail.html)).toContain('Bygg & Måleri AB');
    expect(mail.html).not.toContain('<i>');
    expect(hrefs(mail.html)).toEqual(expect.arrayContaining([approveUrl, declineUrl]));
  });
});

/** An order with a campaign line, a promo code, a payment fee and a gift card (öre). */
function orderView(): OrderView {
  const order = {
    id: 1042,
    email: 'asa@example.se',
    currencyCode: 'SEK',
    languageId: 'sv-SE',
    promoCode: 'VÅR<10>',
    shippingName: 'Hemleverans',
    paymentName: 'Kort',
    confirmationSentAt: null,
    billingAddress: { firstName: 'Åsa <b>' },
    shippingAddress: {
      firstName: 'Åsa',
      lastName: 'Berg',
      addressLine1: 'Storgatan 1',
      zip: '83013',
      city: 'Åre',
    },
    // Items at regular prices 2 × 1 299 + 349 = 2 947 kr; 300 kr off; 49 kr shipping; 29 kr fee.
    discountIncVat: 30000,
    discountExVat: 24000,
    shippingFeeIncVat: 4900,
    shippingFeeExVat: 3920,
    paymentFeeIncVat: 2900,
    paymentFeeExVat: 2320,
    orderValueIncVat: 272500,
    orderValueExVat: 218000,
    fromBalance: 50000,
  };
  const lines = [
    {
      name: 'Cykelhjälm',
      skuName: 'M',
      quantity: 2,
      regularUnitPriceIncVat: 129900,
      totalIncVat: 229800,
    },
    {
      name: 'Ringklocka',
      skuName: null,
      quantity: 1,
      regularUnitPriceIncVat: 34900,
      totalIncVat: 34900,
    },
  ];
  return { order, lines } as unknown as OrderView;
}

describe('order confirmation', () => {
  it('shows the lines and the orderTotals figures in the HTML and the text alike', async () => {
    const mail = await orderEmail(orderView(), brand.shopName, brand.shopUrl);
    expect(mail.subject).toBe('Orderbekräftelse 1042 – Cykel & Co <Åre>');
    expectShopMail(mail, 'Orderbekräftelse 1042');
    const text = mail.text.split('\n');
    expect(text).toEqual(
      expect.arrayContaining([
        'Hej Åsa <b>!',
        '2 × Cykelhjälm, M: 2 598 kr (efter rabatt 2 298 kr)',
        '1 × Ringklocka: 349 kr',
        'Varor: 2 947 kr',
        'Rabatt (VÅR<10>): −300 kr',
        'Frakt (Hemleverans): 49 kr',
        'Betalningsavgift: 29 kr',
        'Totalt: 2 725 kr (varav moms 545 kr)',
        'Presentkort: −500 kr',
        'Att betala: 2 225 kr',
        'Betalning: Kort',
        'Storgatan 1',
        '830 13 Åre',
      ]),
    );
    // The HTML: each label in a row header beside its figure; the names escaped.
    const rows: Array<[string, string]> = [
      ['Varor', '2 947 kr'],
      ['Rabatt (VÅR&lt;10&gt;)', '−300 kr'],
      ['Frakt (Hemleverans)', '49 kr'],
      ['Totalt', '2 725 kr (varav moms 545 kr)'],
      ['Presentkort', '−500 kr'],
      ['Att betala', '2 225 kr'],
    ];
    for (const [label, value] of rows) {
      expect(mail.html).toMatch(
        new RegExp(
          `<th scope="row"[^>]*>${label.replace(/[()]/g, '\\$&')}</th><td[^>]*>${value.replace(/[()]/g, '\\$&')}</td>`,
        ),
      );
    }
    expect(mail.html).toContain('Hej <!-- -->Åsa &lt;b&gt;<!-- -->!');
    expect(mail.html).toContain('2 598 kr');
    expect(mail.html).toContain('(efter rabatt <!-- -->2 298 kr<!-- -->)');
  });

  it('names the carrier, the delivery promise and the pickup point (issue 43)', async () => {
    const view = orderView();
    Object.assign(view.order, {
      shippingProvider: 'nshift',
      shippingName: 'Hämta hos ombud',
      shippingCarrierName: 'PostNord',
      deliveryPromise: '1–3 vardagar',
      pickupPoint: '1234567',
      pickupPointDetails: {
        id: '1234567',
        name: 'ICA Nära <Ågatan>',
        address: 'Ågatan 5',
        zip: '41101',
        city: 'Göteborg',
        country: 'SE',
        distanceMetres: 350,
        openingHours: 'Mån–fre 8–21, lör–sön 9–20',
      },
    });
    const mail = await orderEmail(view, brand.shopName, brand.shopUrl);
    expectShopMail(mail, 'Orderbekräftelse 1042');
    expect(mail.text).toContain(
      [
        'Leveranssätt: Hämta hos ombud',
        'Transportör: PostNord',
        'Leveranstid: 1–3 vardagar',
        '',
        'Utlämningsställe:',
        'ICA Nära <Ågatan>',
        'Ågatan 5',
        '411 01 Göteborg',
        'Öppettider: Mån–fre 8–21, lör–sön 9–20',
      ].join('\n'),
    );
    expect(mail.html).toMatch(/<h2[^>]*>Utlämningsställe<\/h2>/);
    expect(mail.html).toContain('ICA Nära &lt;Ågatan&gt;');
    expect(mail.html).not.toContain('<Ågatan>');
    expect(toPlainText(mail.html)).toContain('411 01 Göteborg');
    expect(toPlainText(mail.html)).toContain('Transportör: PostNord');
  });

  it('home delivery: the method without carrier or pickup point', async () => {
    const mail = await orderEmail(orderView(), brand.shopName, brand.shopUrl);
    expect(mail.text).toContain('Leveranssätt: Hemleverans\n\nLeveransadress:');
    expect(mail.text).not.toContain('Transportör');
    expect(mail.html).not.toContain('Utlämningsställe');
  });

  it('has no links to the shop without its address', async () => {
    const mail = await orderEmail(orderView(), 'Trampa');
    expect(hrefs(mail.html)).toEqual([]);
    expect(mail.html).toContain('Trampa');
  });
});
