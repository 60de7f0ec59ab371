/**
 * A placed order's delivery on the confirmation and the account's orders (issue 43): the carrier
 * and the delivery promise as a description list, the pickup point under the heading
 * "Utlämningsställe" with its address (the postcode as the post writes it) and opening hours;
 * nothing of either for home delivery from the shop's own methods.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { CarrierFacts, orderDeliveryView, PickupPointFacts } from './order-delivery';

const NSHIFT_ORDER = {
  shippingCarrierName: 'PostNord',
  deliveryPromise: '1–3 vardagar',
  pickupPointDetails: {
    id: '1234567',
    name: 'ICA Nära <Ågatan>',
    address: 'Ågatan 5',
    zip: '41101',
    city: 'Göteborg',
    country: 'SE',
    openingHours: 'Mån–fre 8–21',
  },
};

describe('order delivery', () => {
  it('maps the API fields: the point as lines, the postcode formatted', () => {
    expect(orderDeliveryView(NSHIFT_ORDER)).toEqual({
      carrier: 'PostNord',
      promise: '1–3 vardagar',
      pickupPoint: {
        lines: ['ICA Nära <Ågatan>', 'Ågatan 5', '411 01 Göteborg'],
        openingHours: 'Mån–fre 8–21',
      },
    });
    expect(
      orderDeliveryView({
        shippingCarrierName: ' ',
        deliveryPromise: null,
        pickupPointDetails: null,
      }),
    ).toEqual({ carrier: null, promise: null, pickupPoint: null });
    expect(orderDeliveryView({})).toEqual({ carrier: null, promise: null, pickupPoint: null });
  });

  it('shows the carrier and promise as dt/dd pairs', () => {
    const html = renderToStaticMarkup(<CarrierFacts delivery={orderDeliveryView(NSHIFT_ORDER)} />);
    expect(html).toBe(
      '<dl class="order-delivery__facts" data-testid="order-carrier">' +
        '<dt>Transportör</dt><dd>PostNord</dd><dt>Leveranstid</dt><dd>1–3 vardagar</dd></dl>',
    );
    const promiseOnly = renderToStaticMarkup(
      <CarrierFacts delivery={orderDeliveryView({ deliveryPromise: '2–4 vardagar' })} />,
    );
    expect(promiseOnly).not.toContain('Transportör');
    expect(promiseOnly).toContain('<dd>2–4 vardagar</dd>');
    expect(renderToStaticMarkup(<CarrierFacts delivery={orderDeliveryView({})} />)).toBe('');
  });

  it('shows the pickup point under a heading that labels its section, escaped', () => {
    const html = renderToStaticMarkup(
      <PickupPointFacts delivery={orderDeliveryView(NSHIFT_ORDER)} id="p1" as="h4" />,
    );
    expect(html).toContain('<section class="order-delivery__point" aria-labelledby="p1"');
    expect(html).toContain('<h4 id="p1">Utlämningsställe</h4>');
    expect(html).toContain(
      '<address><span>ICA Nära &lt;Ågatan&gt;<br/></span><span>Ågatan 5<br/></span>' +
        '<span>411 01 Göteborg<br/></span></address>',
    );
    expect(html).toContain('<p>Öppettider: Mån–fre 8–21</p>');
    expect(
      renderToStaticMarkup(<PickupPointFacts delivery={orderDeliveryView({})} id="p2" />),
    ).toBe('');
  });
});
