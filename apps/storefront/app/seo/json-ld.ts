/**
 * schema.org structured data (issue 20) built from typed helpers (`schema-dts`) and serialised
 * for a `<script type="application/ld+json">`: Product (with offers, shipping, returns and
 * reviews), BreadcrumbList, Organization, WebSite with a SearchAction, and Store. Pure functions:
 * the routes pass what their loaders already have, the {@link JsonLd} component prints it.
 * URLs come in as paths and leave absolute (PUBLIC_URL plus the request's market prefix).
 */
import type {
  AggregateOffer,
  BreadcrumbList,
  ItemAvailability,
  MerchantReturnPolicy,
  Offer,
  OfferShippingDetails,
  OpeningHoursSpecification,
  Organization,
  Product,
  Review,
  Store,
  Thing,
  WebSite,
  WithContext,
} from 'schema-dts';
import { internationalPhone, postalAddressParts, type SellerIdentity } from '@trampa/api/seller';

/** Where absolute URLs start: PUBLIC_URL and the request's market/locale prefix ('' or `/fi/sv`). */
export interface UrlBase {
  publicUrl: string;
  basename?: string;
}

/** The absolute URL of a shop path under `base` (the prefix goes before the path). */
export function shopUrl(base: UrlBase, path: string): string {
  const prefix = base.basename ?? '';
  const local = path.startsWith('/') ? path : `/${path}`;
  const full = prefix ? `${prefix}${local === '/' ? '' : local}` || '/' : local;
  return base.publicUrl.replace(/\/$/, '') + full;
}

/** Stock statuses of SPEC §4 (the API's `stockStatus`). */
export type StockStatusName = 'in-stock' | 'few-left' | 'out-of-stock' | 'oversellable' | 'static';

/**
 * schema.org availability of a stock status: in stock (also few left and the static stock of
 * services), backorder (oversellable: sold before it arrives), out of stock.
 */
export function availabilityOf(status: StockStatusName): ItemAvailability {
  switch (status) {
    case 'in-stock':
    case 'few-left':
    case 'static':
      return 'https://schema.org/InStock';
    case 'oversellable':
      return 'https://schema.org/BackOrder';
    case 'out-of-stock':
      return 'https://schema.org/OutOfStock';
  }
}

/** One size (SKU) of a product as offered. */
export interface OfferedSize {
  name: string;
  articleNumber: string;
  gtin?: string | null;
  status: StockStatusName;
}

/** The shop's rules that become `shippingDetails` and `hasMerchantReturnPolicy`. */
export interface ShopRules {
  /** ISO 3166-1 alpha-2 country of the browsing market (`SE`). */
  country: string;
  /** Shipping fee incl. VAT in the market currency (kronor, euro), below the threshold. */
  shippingFee: number | null;
  /** Free shipping at or above this order value incl. VAT; null: never free. */
  freeShippingThreshold: number | null;
  /** Days a shopper may return a product (SPEC §5: "Fri retur i 30 dagar"). */
  returnDays: number;
  /** Delivery in business days, [min, max] handling plus transit (SPEC §4 "1-3 dagar"). */
  deliveryDays: [number, number];
}

/** The product page's facts for the Product entity. */
export interface ProductFacts {
  name: string;
  /** Canonical path (`/p/…`). */
  path: string;
  description: string;
  /** Absolute image URLs, first the main one. */
  images: string[];
  articleNumber: string;
  brand: string;
  /** Selling price incl. VAT of the market in its currency (kronor), null when not for sale. */
  price: number | null;
  currency: string;
  sizes: OfferedSize[];
  rating?: { average: number; count: number } | null;
  reviews?: Array<{ author: string; date: string; comment: string; rating: number }>;
}

/**
 * Shipping per the shop's rules for an item of `price`: free at or over the threshold, else the
 * fee; undefined when the fee is not known (nothing is stated rather than a wrong rate).
 */
function shippingDetails(
  rules: ShopRules,
  price: number,
  currency: string,
): OfferShippingDetails | undefined {
  const free = rules.freeShippingThreshold !== null && price >= rules.freeShippingThreshold;
  const fee = free ? 0 : rules.shippingFee;
  if (fee === null) return undefined;
  return {
    '@type': 'OfferShippingDetails',
    shippingRate: { '@type': 'MonetaryAmount', value: fee, currency },
    shippingDestination: { '@type': 'DefinedRegion', addressCountry: rules.country },
    deliveryTime: {
      '@type': 'ShippingDeliveryTime',
      handlingTime: { '@type': 'QuantitativeValue', minValue: 0, maxValue: 1, unitCode: 'DAY' },
      transitTime: {
        '@type': 'QuantitativeValue',
        minValue: rules.deliveryDays[0],
        maxValue: rules.deliveryDays[1],
        unitCode: 'DAY',
      },
    },
  };
}

/** The shop's return policy: free returns by mail within `returnDays`. */
function returnPolicy(rules: ShopRules): MerchantReturnPolicy {
  return {
    '@type': 'MerchantReturnPolicy',
    applicableCountry: rules.country,
    returnPolicyCategory: 'https://schema.org/MerchantReturnFiniteReturnWindow',
    merchantReturnDays: rules.returnDays,
    returnMethod: 'https://schema.org/ReturnByMail',
    returnFees: 'https://schema.org/FreeReturn',
  };
}

/** The best availability across sizes (in stock wins over backorder over out of stock). */
function bestAvailability(sizes: OfferedSize[]): ItemAvailability {
  const order: ItemAvailability[] = [
    'https://schema.org/InStock',
    'https://schema.org/BackOrder',
    'https://schema.org/OutOfStock',
  ];
  const found = sizes.map((size) => availabilityOf(size.status));
  return order.find((a) => found.includes(a)) ?? 'https://schema.org/OutOfStock';
}

/**
 * The Product entity (Google's Product rich result: name plus offers, review or
 * aggregateRating). One size: an `Offer` with its sku and gtin; several sizes: an
 * `AggregateOffer` (one price for all sizes, so lowPrice = highPrice) with one `Offer` per size.
 * Without a price no offers are stated. Reviews only when there are some.
 */
export function productJsonLd(
  facts: ProductFacts,
  base: UrlBase,
  rules: ShopRules,
): WithContext<Product> {
  const url = shopUrl(base, facts.path);
  const product: WithContext<Product> = {
    '@context': 'https://schema.org',
    '@type': 'Product',
    name: facts.name,
    url,
    sku: facts.articleNumber || undefined,
    ...(facts.images.length > 0 ? { image: facts.images } : {}),
    ...(facts.description ? { description: facts.description } : {}),
    ...(facts.brand ? { brand: { '@type': 'Brand', name: facts.brand } } : {}),
  };
  const only = facts.sizes.length === 1 ? facts.sizes[0] : undefined;
  if (only?.gtin) product.gtin = only.gtin;
  if (facts.price !== null) {
    const price = facts.price;
    const shipping = shippingDetails(rules, price, facts.currency);
    const offer = (size: OfferedSize | null): Offer => ({
      '@type': 'Offer',
      url,
      price,
      priceCurrency: facts.currency,
      availability: size ? availabilityOf(size.status) : bestAvailability(facts.sizes),
      itemCondition: 'https://schema.org/NewCondition',
      ...(shipping ? { shippingDetails: shipping } : {}),
      hasMerchantReturnPolicy: returnPolicy(rules),
      ...(size
        ? {
            sku: size.articleNumber,
            ...(size.gtin ? { gtin: size.gtin } : {}),
            ...(size.name ? { name: size.name } : {}),
          }
        : {}),
    });
    if (facts.sizes.length > 1) {
      const aggregate: AggregateOffer = {
        '@type': 'AggregateOffer',
        url,
        lowPrice: price,
        highPrice: price,
        priceCurrency: facts.currency,
        offerCount: facts.sizes.length,
        availability: bestAvailability(facts.sizes),
        offers: facts.sizes.map((size) => offer(size)),
      };
      product.offers = aggregate;
    } else {
      product.offers = offer(only ?? null);
    }
  }
  if (facts.rating && facts.rating.count > 0) {
    product.aggregateRating = {
      '@type': 'AggregateRating',
      ratingValue: facts.rating.average,
      reviewCount: facts.rating.count,
      bestRating: 5,
      worstRating: 1,
    };
    const reviews: Review[] = (facts.reviews ?? []).map((r) => ({
      '@type': 'Review',
      author: { '@type': 'Person', name: r.author },
      datePublished: r.date.slice(0, 10),
      reviewBody: r.comment,
      reviewRating: { '@type': 'Rating', ratingValue: r.rating, bestRating: 5, worstRating: 1 },
    }));
    if (reviews.length > 0) product.review = reviews;
  }
  return product;
}

/** The BreadcrumbList of a trail (start page first, the page itself last). */
export function breadcrumbJsonLd(
  trail: ReadonlyArray<{ name: string; url: string }>,
  base: UrlBase,
): WithContext<BreadcrumbList> {
  return {
    '@context': 'https://schema.org',
    '@type': 'BreadcrumbList',
    itemListElement: trail.map((step, index) => ({
      '@type': 'ListItem',
      position: index + 1,
      name: step.name,
      item: shopUrl(base, step.url),
    })),
  };
}

/**
 * The shop as an organisation: trade name, start page, logo, and from the seller's identity
 * (issue 40 §2) the legal name, organisationsnummer (`taxID`), VAT number (`vatID`), postal
 * address and customer service (telephone in international form, e-mail); an unset value is
 * left out.
 */
export function organizationJsonLd(
  shop: { name: string; logoPath: string },
  seller: SellerIdentity,
  base: UrlBase,
): WithContext<Organization> {
  const telephone = seller.phone ? internationalPhone(seller.phone) : null;
  const contact = {
    ...(telephone ? { telephone } : {}),
    ...(seller.email ? { email: seller.email } : {}),
  };
  return {
    '@context': 'https://schema.org',
    '@type': 'Organization',
    name: shop.name,
    url: shopUrl(base, '/'),
    logo: shopUrl({ publicUrl: base.publicUrl }, shop.logoPath),
    ...(seller.legalName ? { legalName: seller.legalName } : {}),
    ...(seller.organisationNumber ? { taxID: seller.organisationNumber } : {}),
    ...(seller.vatNumber ? { vatID: seller.vatNumber } : {}),
    ...(seller.address
      ? {
          address: {
            '@type': 'PostalAddress',
            ...postalAddressParts(seller.address),
            addressCountry: 'SE',
          },
        }
      : {}),
    ...contact,
    ...(Object.keys(contact).length > 0
      ? { contactPoint: { '@type': 'ContactPoint', contactType: 'customer service', ...contact } }
      : {}),
  };
}

/**
 * The WebSite with its sitelinks search box: a SearchAction whose target is the search page
 * `/s/{search_term_string}` (SPEC §2).
 */
export function webSiteJsonLd(name: string, base: UrlBase): WithContext<WebSite> {
  const action = {
    '@type': 'SearchAction',
    target: {
      '@type': 'EntryPoint',
      urlTemplate: shopUrl(base, '/s/{search_term_string}'),
    },
    'query-input': 'required name=search_term_string',
  } as const;
  return {
    '@context': 'https://schema.org',
    '@type': 'WebSite',
    name,
    url: shopUrl(base, '/'),
    // schema-dts has no `query-input` property on SearchAction (Google's documented form).
    potentialAction: action as unknown as WebSite['potentialAction'],
  };
}

/** A physical store as the API stores it (SPEC §3 Stores; seed: three Swedish stores). */
export interface StoreFacts {
  name: string;
  address: string;
  zip: string;
  city: string;
  /** Swedish text, e.g. "Mån–fre 10–19, lör 10–17, sön stängt". */
  openingHours: string;
  country?: string;
}

const DAY_NAMES: Record<string, number> = {
  mån: 0,
  tis: 1,
  ons: 2,
  tor: 3,
  fre: 4,
  lör: 5,
  sön: 6,
};
const SCHEMA_DAYS = [
  'Monday',
  'Tuesday',
  'Wednesday',
  'Thursday',
  'Friday',
  'Saturday',
  'Sunday',
] as const;

/** "10" or "10.30"/"10:30" -> "10:00"/"10:30"; null when not a time of day. */
function clock(text: string): string | null {
  const match = /^(\d{1,2})(?:[.:](\d{2}))?$/.exec(text.trim());
  if (!match) return null;
  const hours = Number(match[1]);
  const minutes = Number(match[2] ?? '0');
  if (hours > 24 || minutes > 59) return null;
  return `${String(hours).padStart(2, '0')}:${String(minutes).padStart(2, '0')}`;
}

/**
 * Swedish opening hours ("Mån–fre 10–19, lör 10–17, sön stängt") as schema.org
 * OpeningHoursSpecification rows; closed days and parts it cannot read are left out.
 */
export function parseOpeningHours(text: string): OpeningHoursSpecification[] {
  const rows: OpeningHoursSpecification[] = [];
  for (const part of text.split(',')) {
    const match = /^\s*([a-zåäö]+)(?:\s*[–-]\s*([a-zåäö]+))?\s+(.+?)\s*$/i.exec(part);
    if (!match) continue;
    const first = DAY_NAMES[match[1]!.toLowerCase().slice(0, 3)];
    const last = match[2] ? DAY_NAMES[match[2].toLowerCase().slice(0, 3)] : first;
    const [openText, closeText] = match[3]!.split(/\s*[–-]\s*/);
    const opens = clock(openText ?? '');
    const closes = clock(closeText ?? '');
    if (first === undefined || last === undefined || !opens || !closes || last < first) continue;
    rows.push({
      '@type': 'OpeningHoursSpecification',
      dayOfWeek: SCHEMA_DAYS.slice(first, last + 1).map(
        (day) => `https://schema.org/${day}` as const,
      ),
      opens,
      closes,
    });
  }
  return rows;
}

/** A Store (LocalBusiness) entry of one of the shop's stores. */
export function storeJsonLd(
  store: StoreFacts,
  shopName: string,
  base: UrlBase,
): WithContext<Store> {
  return {
    '@context': 'https://schema.org',
    '@type': 'Store',
    name: store.name,
    url: shopUrl(base, '/'),
    brand: { '@type': 'Brand', name: shopName },
    address: {
      '@type': 'PostalAddress',
      streetAddress: store.address,
      postalCode: store.zip,
      addressLocality: store.city,
      addressCountry: store.country ?? 'SE',
    },
    openingHoursSpecification: parseOpeningHours(store.openingHours),
  };
}

/** Any JSON-LD document (one entity or a list of them). */
export type JsonLdDocument = WithContext<Thing> | Array<WithContext<Thing>>;

/**
 * JSON for inside `<script type="application/ld+json">`: `<`, `>` and `&` as Unicode escapes
 * (no `</script>` or `<!--` can end or change the script), and U+2028/U+2029 escaped too.
 */
export function serializeJsonLd(data: JsonLdDocument): string {
  return JSON.stringify(data)
    .replace(/</g, '\\u003c')
    .replace(/>/g, '\\u003e')
    .replace(/&/g, '\\u0026')
    .replace(/\u2028/g, '\\u2028')
    .replace(/\u2029/g, '\\u2029');
}
