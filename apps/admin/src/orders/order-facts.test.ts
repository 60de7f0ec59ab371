/**
 * The back office's order page, delivery part (issue 43): the method, the carrier and the
 * delivery promise, and the pickup point with address, postcode as the post writes it, opening
 * hours and its id; an older store pickup as "Hämtas i butik" with the store's address.
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { OrderFacts } from './OrderFacts.tsx';
import type { OrderDetail } from './orders-api.ts';

const ADDRESS = {
  firstName: 'Åsa',
  lastName: 'Berg',
  company: '',
  careOf: '',
  addressLine1: 'Storgatan 1',
  addressLine2: '',
  zip: '11122',
  city: 'Stockholm',
  country: 'SE',
  mobile: '',
  phone: '',
};

function order(extra: Partial<OrderDetail>): OrderDetail {
  return {
    id: 100001,
    status: 'received',
    statusName: 'Mottagen',
    nextStatuses: [],
    createdAt: '2026-11-28T08:00:00Z',
    completedAt: null,
    confirmationSentAt: null,
    marketId: 'SE|SEK',
    currencyCode: 'SEK',
    customerType: 'PERSON',
    email: 'asa@example.se',
    phone: '',
    message: '',
    promoCode: null,
    billingAddress: ADDRESS,
    shippingAddress: ADDRESS,
    shippingName: 'Hämta hos ombud',
    pickupPoint: null,
    pickupStore: null,
    shippingProvider: 'own',
    shippingCarrierName: null,
    deliveryPromise: null,
    pickupPointDetails: null,
    paymentName: 'Faktura',
    lines: [],
    vats: [],
    totals: {
      items: 0,
      discount: 0,
      shipping: 0,
      paymentFee: 0,
      total: 0,
      totalExVat: 0,
      vat: 0,
      giftCard: 0,
      toPay: 0,
    },
    payments: [],
    paymentState: {
      code: 'unpaid',
      label: 'Obetald',
      capturedIncVat: 0,
      reservedIncVat: 0,
      refundedIncVat: 0,
    },
    shipments: [],
    refunds: [],
    refundable: {
      paidIncVat: 0,
      refundedIncVat: 0,
      remainingIncVat: 0,
      shippingRemainingIncVat: 0,
      lines: [],
    },
    customer: null,
    history: [],
    ...extra,
  } as OrderDetail;
}

/** The delivery list of the page as HTML. */
function delivery(detail: OrderDetail): string {
  const html = renderToStaticMarkup(createElement(OrderFacts, { order: detail }));
  return /<dl class="order-sum" data-testid="order-delivery">.*?<\/dl>/s.exec(html)![0];
}

describe('order page: delivery', () => {
  it('names the carrier, the promise and the pickup point with address and opening hours', () => {
    const html = delivery(
      order({
        shippingProvider: 'nshift',
        shippingCarrierName: 'PostNord',
        deliveryPromise: '1–3 vardagar',
        pickupPoint: '1234567',
        pickupPointDetails: {
          id: '1234567',
          name: 'ICA Nära Ågatan',
          address: 'Ågatan 5',
          zip: '41101',
          city: 'Göteborg',
          country: 'SE',
          openingHours: 'Mån–fre 8–21',
        },
      }),
    );
    expect(html).toContain('<dt>Transportör</dt><dd>PostNord</dd>');
    expect(html).toContain('<dt>Leveranslöfte</dt><dd>1–3 vardagar</dd>');
    expect(html).toContain('<dt>Utlämningsställe</dt>');
    expect(html).toContain(
      '<address><span>ICA Nära Ågatan<br/></span><span>Ågatan 5<br/></span><span>411 01 Göteborg<br/></span></address>',
    );
    expect(html).toContain('Öppettider: Mån–fre 8–21');
    expect(html).toContain('Id: 1234567');
  });

  it('home delivery: the method alone', () => {
    const html = delivery(order({ shippingName: 'Hemleverans' }));
    expect(html).toContain('<strong>Hemleverans</strong>');
    expect(html).not.toMatch(/Transportör|Leveranslöfte|Utlämningsställe|Hämtas i butik/);
  });

  it('a store pickup without details: the store as "Hämtas i butik"', () => {
    const html = delivery(
      order({
        pickupPoint: 'goteborg',
        pickupStore: {
          name: 'Trampa Göteborg Haga',
          address: 'Haga Nygata 1',
          zip: '41301',
          city: 'Göteborg',
        },
      }),
    );
    expect(html).toContain('<dt>Hämtas i butik</dt>');
    expect(html).toContain('Trampa Göteborg Haga, Haga Nygata 1, 413 01 Göteborg');
    expect(html).toContain('Id: goteborg');
  });
});
