/**
 * Google's required properties of the rich results the shop's JSON-LD aims at (issue 20), as
 * checks the tests run on parsed JSON-LD: Product snippets and merchant listings
 * (developers.google.com/search/docs/appearance/structured-data/product-snippet,
 * merchant-listing), BreadcrumbList and the sitelinks SearchAction. Each returns the problems
 * found (empty: fine).
 */

type Json = Record<string, unknown>;

const isObject = (value: unknown): value is Json =>
  typeof value === 'object' && value !== null && !Array.isArray(value);

const isUrl = (value: unknown): boolean =>
  typeof value === 'string' && /^https?:\/\/[^\s]+$/.test(value);

/** Offers of a Product: an Offer, or an AggregateOffer's offers (or the aggregate itself). */
function offersOf(product: Json): Json[] {
  const offers = product.offers;
  const list = Array.isArray(offers) ? offers : [offers];
  return list.filter(isObject);
}

/** Problems of a Product for a Product snippet and a merchant listing. */
export function productProblems(product: Json): string[] {
  const problems: string[] = [];
  if (product['@type'] !== 'Product') problems.push('@type is not Product');
  if (typeof product.name !== 'string' || !product.name) problems.push('name missing');
  const images = Array.isArray(product.image) ? product.image : [product.image];
  if (!images.every(isUrl) || images.length === 0) problems.push('image missing or not a URL');
  if (!product.offers && !product.review && !product.aggregateRating) {
    problems.push('needs offers, review or aggregateRating');
  }
  for (const offer of offersOf(product)) {
    if (offer['@type'] === 'AggregateOffer') {
      if (typeof offer.lowPrice !== 'number') problems.push('AggregateOffer.lowPrice missing');
      if (typeof offer.priceCurrency !== 'string') problems.push('priceCurrency missing');
      const inner = Array.isArray(offer.offers) ? offer.offers.filter(isObject) : [];
      for (const each of inner) problems.push(...offerProblems(each));
    } else {
      problems.push(...offerProblems(offer));
    }
  }
  const rating = product.aggregateRating;
  if (isObject(rating)) {
    if (typeof rating.ratingValue !== 'number') problems.push('ratingValue missing');
    if (typeof rating.reviewCount !== 'number' && typeof rating.ratingCount !== 'number') {
      problems.push('reviewCount or ratingCount missing');
    }
  }
  for (const review of Array.isArray(product.review) ? product.review : []) {
    if (!isObject(review) || !isObject(review.author) || !review.author.name) {
      problems.push('review.author.name missing');
    }
    if (!isObject(review) || !isObject(review.reviewRating)) problems.push('reviewRating missing');
  }
  return problems;
}

/** Problems of one Offer of a merchant listing. */
function offerProblems(offer: Json): string[] {
  const problems: string[] = [];
  if (offer['@type'] !== 'Offer') problems.push('offer @type is not Offer');
  if (typeof offer.price !== 'number' || offer.price <= 0) problems.push('offer.price missing');
  if (typeof offer.priceCurrency !== 'string' || !/^[A-Z]{3}$/.test(offer.priceCurrency)) {
    problems.push('offer.priceCurrency missing');
  }
  if (
    typeof offer.availability !== 'string' ||
    !offer.availability.startsWith('https://schema.org/')
  ) {
    problems.push('offer.availability missing');
  }
  return problems;
}

/** Problems of a BreadcrumbList: two or more items, positions 1.., name and item (URL). */
export function breadcrumbProblems(list: Json): string[] {
  const problems: string[] = [];
  if (list['@type'] !== 'BreadcrumbList') problems.push('@type is not BreadcrumbList');
  const items = Array.isArray(list.itemListElement) ? list.itemListElement : [];
  if (items.length < 2) problems.push('fewer than two items');
  items.forEach((item: unknown, index: number) => {
    if (!isObject(item)) return problems.push(`item ${index + 1} not an object`);
    if (item.position !== index + 1) problems.push(`item ${index + 1} position`);
    if (typeof item.name !== 'string' || !item.name) problems.push(`item ${index + 1} name`);
    if (!isUrl(item.item)) problems.push(`item ${index + 1} item URL`);
    return undefined;
  });
  return problems;
}

/** Problems of a WebSite's sitelinks SearchAction. */
export function searchActionProblems(site: Json): string[] {
  const problems: string[] = [];
  if (site['@type'] !== 'WebSite') problems.push('@type is not WebSite');
  if (!isUrl(site.url)) problems.push('url missing');
  const action = site.potentialAction;
  if (!isObject(action) || action['@type'] !== 'SearchAction') {
    return [...problems, 'potentialAction is not a SearchAction'];
  }
  const target = action.target;
  const template = isObject(target) ? target.urlTemplate : target;
  if (typeof template !== 'string' || !template.includes('{search_term_string}')) {
    problems.push('target has no {search_term_string}');
  }
  if (action['query-input'] !== 'required name=search_term_string') {
    problems.push('query-input missing');
  }
  return problems;
}

/** The JSON-LD documents of an HTML page, parsed (a list document is flattened). */
export function jsonLdOf(html: string): Json[] {
  const found: Json[] = [];
  const pattern = /<script type="application\/ld\+json">([\s\S]*?)<\/script>/g;
  for (const match of html.matchAll(pattern)) {
    const parsed: unknown = JSON.parse(match[1]!);
    for (const item of Array.isArray(parsed) ? parsed : [parsed])
      if (isObject(item)) found.push(item);
  }
  return found;
}
