/**
 * The typed JSON-LD helpers (issue 20): what they build passes Google's required-property
 * checks for Product, BreadcrumbList and the sitelinks SearchAction (json-ld-checks.ts), and
 * what they print cannot leave its script tag.
 */
import { describe, expect, it } from 'vitest';
import {
  breadcrumbProblems,
  jsonLdOf,
  productProblems,
  searchActionProblems,
} from './json-ld-checks';
import {
  availabilityOf,
  breadcrumbJsonLd,
  parseOpeningHours,
  productJsonLd,
  serializeJsonLd,
  storeJsonLd,
  webSiteJsonLd,
  type ProductFacts,
  type ShopRules,
} from './json-ld';

const base = { publicUrl: 'https://trampa.example', basename: '' };
const rules: ShopRules = {
  country: 'SE',
  shippingFee: null,
  freeShippingThreshold: 499,
  returnDays: 30,
  deliveryDays: [1, 3],
};
const facts: ProductFacts = {
  name: 'Crescent Elda',
  path: '/p/cyklar/elcyklar/crescent-elda',
  description: 'En elcykel för vardagen.',
  images: ['https://trampa.example/img/product/800x800/elda.jpg'],
  articleNumber: 'CR-1',
  brand: 'Crescent',
  price: 24990,
  currency: 'SEK',
  sizes: [
    { name: 'M', articleNumber: 'CR-1-M', gtin: '7350000000011', status: 'in-stock' },
    { name: 'L', articleNumber: 'CR-1-L', gtin: null, status: 'out-of-stock' },
  ],
};

/** The JSON-LD as a crawler reads it: printed, then parsed from the page. */
function roundTrip(data: Parameters<typeof serializeJsonLd>[0]) {
  return jsonLdOf(`<script type="application/ld+json">${serializeJsonLd(data)}</script>`);
}

describe('productJsonLd', () => {
  it('has what a Product snippet and a merchant listing need, one offer per size', () => {
    const [product] = roundTrip(productJsonLd(facts, base, rules));
    expect(productProblems(product!)).toEqual([]);
    const offers = product!.offers as Record<string, unknown>;
    expect(offers['@type']).toBe('AggregateOffer');
    expect(offers.priceCurrency).toBe('SEK');
    expect(offers.availability).toBe('https://schema.org/InStock');
    const sizes = offers.offers as Array<Record<string, unknown>>;
    expect(sizes.map((o) => [o.sku, o.availability, o.gtin])).toEqual([
      ['CR-1-M', 'https://schema.org/InStock', '7350000000011'],
      ['CR-1-L', 'https://schema.org/OutOfStock', undefined],
    ]);
    // Free shipping over 499 kr and 30-day free returns (the shop's rules).
    expect(sizes[0]!.shippingDetails).toMatchObject({
      shippingRate: { value: 0, currency: 'SEK' },
      shippingDestination: { addressCountry: 'SE' },
    });
    expect(sizes[0]!.hasMerchantReturnPolicy).toMatchObject({
      merchantReturnDays: 30,
      returnFees: 'https://schema.org/FreeReturn',
    });
    expect(product!.url).toBe('https://trampa.example/p/cyklar/elcyklar/crescent-elda');
    expect(product!.brand).toEqual({ '@type': 'Brand', name: 'Crescent' });
    expect(product!.aggregateRating).toBeUndefined();
  });

  it('is one Offer with sku and gtin for one size, and states no rate it does not know', () => {
    const one = productJsonLd(
      { ...facts, price: 199, sizes: [facts.sizes[0]!] },
      { ...base, basename: '/fi/sv' },
      rules,
    );
    const [product] = roundTrip(one);
    expect(productProblems(product!)).toEqual([]);
    expect(product!.gtin).toBe('7350000000011');
    const offer = product!.offers as Record<string, unknown>;
    expect(offer).toMatchObject({ '@type': 'Offer', sku: 'CR-1-M', price: 199 });
    expect(offer.url).toBe('https://trampa.example/fi/sv/p/cyklar/elcyklar/crescent-elda');
    // Below the free-shipping threshold with an unknown fee: no shippingDetails at all.
    expect(offer.shippingDetails).toBeUndefined();
  });

  it('states the standard fee below the free-shipping threshold and 0 at or above it', () => {
    const withFee: ShopRules = { ...rules, shippingFee: 49 };
    const rateOf = (price: number) => {
      const [product] = roundTrip(
        productJsonLd({ ...facts, price, sizes: [facts.sizes[0]!] }, base, withFee),
      );
      const offer = product!.offers as { shippingDetails: Record<string, unknown> };
      expect(offer.shippingDetails).toMatchObject({
        '@type': 'OfferShippingDetails',
        shippingDestination: { addressCountry: 'SE' },
        deliveryTime: { transitTime: { minValue: 1, maxValue: 3, unitCode: 'DAY' } },
      });
      return offer.shippingDetails.shippingRate;
    };
    expect(rateOf(199)).toEqual({ '@type': 'MonetaryAmount', value: 49, currency: 'SEK' });
    expect(rateOf(498.99)).toMatchObject({ value: 49 });
    expect(rateOf(499)).toMatchObject({ value: 0 });
    expect(rateOf(24990)).toMatchObject({ value: 0 });
    // A market without free shipping: the fee at any price.
    const [never] = roundTrip(
      productJsonLd(facts, base, { ...withFee, freeShippingThreshold: null }),
    );
    const sizes = (never!.offers as { offers: Array<Record<string, unknown>> }).offers;
    expect(sizes[0]!.shippingDetails).toMatchObject({ shippingRate: { value: 49 } });
  });

  it('carries the rating and reviews once there are reviews', () => {
    const [product] = roundTrip(
      productJsonLd(
        {
          ...facts,
          rating: { average: 4.5, count: 2 },
          reviews: [{ author: 'Anna', date: '2026-11-02T10:00:00Z', comment: 'Bra', rating: 5 }],
        },
        base,
        rules,
      ),
    );
    expect(productProblems(product!)).toEqual([]);
    expect(product!.aggregateRating).toMatchObject({ ratingValue: 4.5, reviewCount: 2 });
    expect(product!.review).toEqual([
      expect.objectContaining({
        author: { '@type': 'Person', name: 'Anna' },
        datePublished: '2026-11-02',
      }),
    ]);
  });

  it('maps every stock status to a schema.org availability', () => {
    expect(availabilityOf('few-left')).toBe('https://schema.org/InStock');
    expect(availabilityOf('oversellable')).toBe('https://schema.org/BackOrder');
    expect(availabilityOf('out-of-stock')).toBe('https://schema.org/OutOfStock');
  });
});

describe('breadcrumbJsonLd and webSiteJsonLd', () => {
  it('numbers the trail from the start page with absolute URLs', () => {
    const [list] = roundTrip(
      breadcrumbJsonLd(
        [
          { name: 'Start', url: '/' },
          { name: 'Cyklar', url: '/c/cyklar' },
        ],
        { ...base, basename: '/no/nb' },
      ),
    );
    expect(breadcrumbProblems(list!)).toEqual([]);
    expect((list!.itemListElement as Array<{ item: string }>).map((i) => i.item)).toEqual([
      'https://trampa.example/no/nb',
      'https://trampa.example/no/nb/c/cyklar',
    ]);
  });

  it('searches at /s/{search_term_string}', () => {
    const [site] = roundTrip(webSiteJsonLd('Trampa', base));
    expect(searchActionProblems(site!)).toEqual([]);
    expect(site!.potentialAction).toMatchObject({
      target: { urlTemplate: 'https://trampa.example/s/{search_term_string}' },
    });
  });
});

describe('stores', () => {
  it('reads Swedish opening hours, leaving closed days out', () => {
    expect(parseOpeningHours('Mån–fre 10–18, lör 10–16, sön stängt')).toEqual([
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday'].map(
          (d) => `https://schema.org/${d}`,
        ),
        opens: '10:00',
        closes: '18:00',
      },
      {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['https://schema.org/Saturday'],
        opens: '10:00',
        closes: '16:00',
      },
    ]);
  });

  it('gives a Store its postal address', () => {
    const store = storeJsonLd(
      {
        name: 'Trampa Malmö Davidshall',
        address: 'Davidshallsgatan 12',
        zip: '211 45',
        city: 'Malmö',
        openingHours: 'Mån–fre 10–18, lör 10–15, sön 12–16',
      },
      'Trampa',
      base,
    );
    expect(store).toMatchObject({
      '@type': 'Store',
      address: { postalCode: '211 45', addressLocality: 'Malmö', addressCountry: 'SE' },
    });
    expect(
      (store as unknown as { openingHoursSpecification: unknown[] }).openingHoursSpecification,
    ).toHaveLength(3);
  });
});

describe('serializeJsonLd', () => {
  it('cannot end its script tag or open a comment, and parses back to the same data', () => {
    const hostile = { ...facts, name: '</script><script>alert(1)</script><!-- & \u2028' };
    const json = serializeJsonLd(productJsonLd(hostile, base, rules));
    expect(json).not.toMatch(/[<>&\u2028]/);
    const [product] = jsonLdOf(`<script type="application/ld+json">${json}</script>`);
    expect(product!.name).toBe(hostile.name);
  });
});
