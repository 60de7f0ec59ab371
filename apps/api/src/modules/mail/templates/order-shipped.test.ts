/**
 * "Din order har skickats" (order-shipped.tsx; issue 43, ADR 020 §5): the shared layout, the
 * order number, who delivers, each parcel with its tracking page as a real link (escaped), the
 * pickup point when there is one and the account's order page; the text alternative writes the
 * links out.
 */
import { describe, expect, it } from 'vitest';
import { orderShippedMail, type OrderShippedProps } from './order-shipped.tsx';

const props: OrderShippedProps = {
  shopName: 'Cykel & Co',
  shopUrl: 'https://shop.example',
  orderId: 100042,
  firstName: 'Åsa',
  shippingName: 'PostNord MyPack Collect',
  carrierName: 'PostNord',
  parcels: [
    {
      parcelNumber: '69799319669SE',
      trackingLink: 'https://tracking.postnord.com/se/?id=69799319669SE&x="<b>"',
    },
    { parcelNumber: 'PN-2', trackingLink: null },
  ],
  pickupPoint: [
    'ICA Nära Tegnérlunden',
    'Tegnérgatan 20',
    '111 40 STOCKHOLM',
    'Öppettider: Mån–fre 8–20',
  ],
  ordersUrl: 'https://shop.example/mina-sidor/ordrar',
};

describe('order shipped mail', () => {
  it('names the order, the carrier, each parcel with its tracking link, the point and the account page', async () => {
    const mail = await orderShippedMail(props);
    expect(mail.subject).toBe('Din order 100042 har skickats – Cykel & Co');
    expect(mail.html).toContain('<html dir="ltr" lang="sv">');
    expect(mail.html).toMatch(/<h1[^>]*>Din order har skickats<\/h1>/);
    expect(mail.html).toContain(
      'href="https://tracking.postnord.com/se/?id=69799319669SE&amp;x=&quot;&lt;b&gt;&quot;"',
    );
    expect(mail.html).not.toContain('"<b>"');
    expect(mail.html).toContain('Spåra paketet 69799319669SE');
    expect(mail.html).toContain('Kollinummer PN-2');
    expect(mail.html).toContain('ICA Nära Tegnérlunden');
    expect(mail.html).toContain('href="https://shop.example/mina-sidor/ordrar"');
    expect(mail.text).toContain('Din order 100042 har skickats med PostNord MyPack Collect.');
    expect(mail.text).toContain(
      'Kollinummer 69799319669SE: https://tracking.postnord.com/se/?id=69799319669SE&x="<b>"',
    );
    expect(mail.text).toContain('Kollinummer PN-2\n');
    expect(mail.text).toContain('Utlämningsställe:\nICA Nära Tegnérlunden');
    expect(mail.text).toContain('Mina ordrar: https://shop.example/mina-sidor/ordrar');
  });

  it('home delivery of a guest: no pickup point, no account link; the carrier named beside the method', async () => {
    const mail = await orderShippedMail({
      ...props,
      shippingName: 'Hemleverans',
      parcels: [{ parcelNumber: 'ABC1234', trackingLink: null }],
      pickupPoint: null,
      ordersUrl: null,
    });
    expect(mail.text).toContain('har skickats med PostNord (Hemleverans).');
    expect(mail.text).not.toContain('Utlämningsställe');
    expect(mail.text).not.toContain('Mina ordrar');
    expect(mail.html).not.toContain('mina-sidor');
  });

  it("is written in the order's language: Norwegian and English words, lang and the seller's label", async () => {
    const seller = {
      legalName: 'Cykel & Co AB',
      organisationNumber: '556677-8899',
      vatNumber: null,
      address: null,
      email: null,
      phone: null,
    };
    const nb = await orderShippedMail({
      ...props,
      seller,
      language: 'nb',
      pickupPoint: ['Narvesen Majorstuen', 'Åpningstider: Man–fre 7–22'],
    });
    expect(nb.subject).toBe('Ordren din 100042 er sendt – Cykel & Co');
    expect(nb.html).toContain('<html dir="ltr" lang="nb">');
    expect(nb.html).toMatch(/<h1[^>]*>Ordren din er sendt<\/h1>/);
    expect(nb.html).toContain('Spor pakken 69799319669SE');
    expect(nb.html).toContain('Org.nr. 556677-8899');
    expect(nb.text).toContain('Ordren din 100042 er sendt med PostNord MyPack Collect.');
    expect(nb.text).toContain('Kollinummer 69799319669SE: https://tracking.postnord.com/');
    expect(nb.text).toContain('Utleveringssted:\nNarvesen Majorstuen');
    expect(nb.text).toContain('Mine ordrer: https://shop.example/mina-sidor/ordrar');
    expect(nb.text).not.toMatch(/Kollinummer PN-2\n.*Hej|Vänliga|Utlämningsställe|Spåra/);

    const en = await orderShippedMail({ ...props, seller, language: 'en', firstName: '' });
    expect(en.subject).toBe('Your order 100042 has been shipped – Cykel & Co');
    expect(en.html).toContain('<html dir="ltr" lang="en">');
    expect(en.html).toContain('Reg. no. 556677-8899');
    expect(en.text.startsWith('Hi!\n')).toBe(true);
    expect(en.text).toContain('Parcel number PN-2');
    expect(en.text).toContain('Kind regards, Cykel & Co');
    // Swedish by default, with the Swedish label.
    const sv = await orderShippedMail({ ...props, seller });
    expect(sv.html).toContain('Org.nr 556677-8899');
  });
});
