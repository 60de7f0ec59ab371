/**
 * The nShift stand-in's data and rules (nshift-stand-in.ts; docs/shipping-stand-ins.md N2–N4):
 * the carriers' delivery options of one Delivery Checkout, their prices by weight, and pickup
 * points ("agents") near a few Swedish postcodes. The response shape is nShift's own (N2, the
 * `GET /delivery-checkouts/{id}` example); carrier ids other than `PLAB`, service ids, prices,
 * points, `distance` and `openingHours` are the stand-in's (marked "stand-in assumption").
 */

/** An agent (pickup point) as in N2's example, plus the stand-in's `distance`/`openingHours`. */
export interface StandInAgent {
  id: string;
  name: string;
  address1: string;
  address2: string | null;
  zipCode: string;
  city: string;
  country: string;
  /** Stand-in assumption (N2: not in nShift's example): metres from the postcode given. */
  distance?: number;
  /** Stand-in assumption (N2: not in nShift's example): free text, Swedish. */
  openingHours?: string;
}

/** A delivery option as in N2's example (`description5` only on top-level options there). */
export interface StandInOption {
  id: string;
  name: string;
  description1: string;
  description2: string;
  description3: string;
  description4: string;
  description5?: string;
  deliveryTime?: string;
  carrierId: string | null;
  priceDescription: string | null;
  priceValue: number | null;
  subOptions: StandInOption[];
  agents: StandInAgent[];
}

/** What the query asks for (N2 parameters; weight in kg and cartprice as decimals). */
export interface OptionsQuery {
  zip: string;
  country: string;
  currency: string;
  language: string;
  weightKg: number;
  cartPrice: number | null;
}

/** Stand-in assumption: a service of a carrier with its price steps (currency units incl. VAT). */
interface Service {
  /** Option id (UUID-shaped like N2's example; fixed so tests and clients can name them). */
  id: string;
  name: string;
  carrierId: string;
  /** Shipment service id for bookings (N4 `service.id`; values are the stand-in's). */
  serviceId: string;
  kind: 'agent' | 'home';
  description: string;
  deliveryTime: string;
  /** [max kg, price] ascending; heavier than the last step: not offered. */
  prices: Array<[number, number]>;
  /** Postcode prefixes served (first digit); undefined = all of Sweden. */
  areas?: string[];
}

export const SERVICES: Service[] = [
  {
    id: '6a1f0c2e-0001-4c3a-9b1e-postnord0001',
    name: 'PostNord MyPack Collect',
    carrierId: 'PLAB',
    serviceId: 'P19',
    kind: 'agent',
    description: 'Hämta hos ombud, 1–3 vardagar',
    deliveryTime: '1-3',
    prices: [
      [5, 49],
      [20, 79],
    ],
  },
  {
    id: '6a1f0c2e-0002-4c3a-9b1e-postnord0002',
    name: 'PostNord MyPack Home',
    carrierId: 'PLAB',
    serviceId: 'P17',
    kind: 'home',
    description: 'Hemleverans, 1–3 vardagar',
    deliveryTime: '1-3',
    prices: [
      [5, 99],
      [20, 139],
      [35, 199],
    ],
  },
  {
    id: '6a1f0c2e-0003-4c3a-9b1e-dhlservice03',
    name: 'DHL Service Point',
    carrierId: 'DHL',
    serviceId: 'ASPO',
    kind: 'agent',
    description: 'Hämta hos DHL Service Point, 1–2 vardagar',
    deliveryTime: '1-2',
    prices: [
      [5, 55],
      [20, 85],
    ],
  },
  {
    id: '6a1f0c2e-0004-4c3a-9b1e-budbeehome04',
    name: 'Budbee Hem',
    carrierId: 'BUDBEE',
    serviceId: 'BUDBEEHOME',
    kind: 'home',
    description: 'Hem samma kväll, 17–22',
    deliveryTime: '0-1',
    prices: [
      [10, 89],
      [25, 149],
    ],
    areas: ['1', '2', '4'],
  },
  {
    id: '6a1f0c2e-0005-4c3a-9b1e-instabox0005',
    name: 'Instabox',
    carrierId: 'INSTABOX',
    serviceId: 'INSTABOX',
    kind: 'agent',
    description: 'Hämta i Instabox, nästa dag',
    deliveryTime: '1',
    prices: [[10, 39]],
    areas: ['1', '2', '4'],
  },
  {
    id: '6a1f0c2e-0006-4c3a-9b1e-bringhome006',
    name: 'Bring Hemleverans',
    carrierId: 'BRING',
    serviceId: 'BRINGHOME',
    kind: 'home',
    description: 'Hemleverans med bärhjälp, 2–4 vardagar',
    deliveryTime: '2-4',
    prices: [
      [20, 149],
      [60, 249],
    ],
  },
];

type Point = Omit<StandInAgent, 'distance' | 'country'> & { carrierId: string };

const HOURS = 'Mån–fre 8–20, lör 10–16';
const LOCKER = 'Alla dagar 00–24';

/** Stand-in assumption: pickup points near 113 59 Stockholm, 411 21 Göteborg, 211 19 Malmö and 981 30 Kiruna. */
const POINTS: Point[] = [
  {
    carrierId: 'PLAB',
    id: '74383',
    name: 'ICA Nära Tegnérlunden',
    address1: 'Tegnérgatan 20',
    address2: null,
    zipCode: '11140',
    city: 'STOCKHOLM',
    openingHours: HOURS,
  },
  {
    carrierId: 'PLAB',
    id: '74390',
    name: 'Pressbyrån Odenplan',
    address1: 'Odenplan 1',
    address2: null,
    zipCode: '11322',
    city: 'STOCKHOLM',
    openingHours: HOURS,
  },
  {
    carrierId: 'PLAB',
    id: '74401',
    name: 'Hemköp Birger Jarlsgatan',
    address1: 'Birger Jarlsgatan 95',
    address2: null,
    zipCode: '11356',
    city: 'STOCKHOLM',
    openingHours: HOURS,
  },
  {
    carrierId: 'PLAB',
    id: '41001',
    name: 'Coop Domkyrkan',
    address1: 'Kungsgatan 30',
    address2: null,
    zipCode: '41119',
    city: 'GÖTEBORG',
    openingHours: HOURS,
  },
  {
    carrierId: 'PLAB',
    id: '21001',
    name: 'ICA Malmborgs Caroli',
    address1: 'Östergatan 12',
    address2: null,
    zipCode: '21125',
    city: 'MALMÖ',
    openingHours: HOURS,
  },
  {
    carrierId: 'PLAB',
    id: '98101',
    name: 'Coop Kiruna',
    address1: 'Föreningsgatan 11',
    address2: null,
    zipCode: '98131',
    city: 'KIRUNA',
    openingHours: HOURS,
  },
  {
    carrierId: 'DHL',
    id: 'SE-11350',
    name: 'Circle K Roslagstull',
    address1: 'Roslagsgatan 2',
    address2: null,
    zipCode: '11355',
    city: 'STOCKHOLM',
    openingHours: HOURS,
  },
  {
    carrierId: 'DHL',
    id: 'SE-11201',
    name: 'Direkten Sankt Eriksplan',
    address1: 'Sankt Eriksgatan 60',
    address2: null,
    zipCode: '11234',
    city: 'STOCKHOLM',
    openingHours: HOURS,
  },
  {
    carrierId: 'DHL',
    id: 'SE-41101',
    name: 'Pressbyrån Centralstationen',
    address1: 'Drottningtorget 5',
    address2: null,
    zipCode: '41103',
    city: 'GÖTEBORG',
    openingHours: HOURS,
  },
  {
    carrierId: 'INSTABOX',
    id: 'IBX-STO-0042',
    name: 'Instabox Vasastan',
    address1: 'Upplandsgatan 41',
    address2: null,
    zipCode: '11328',
    city: 'STOCKHOLM',
    openingHours: LOCKER,
  },
  {
    carrierId: 'INSTABOX',
    id: 'IBX-STO-0007',
    name: 'Instabox Tekniska högskolan',
    address1: 'Valhallavägen 79',
    address2: null,
    zipCode: '11427',
    city: 'STOCKHOLM',
    openingHours: LOCKER,
  },
  {
    carrierId: 'INSTABOX',
    id: 'IBX-MMO-0003',
    name: 'Instabox Triangeln',
    address1: 'Södra Förstadsgatan 41',
    address2: null,
    zipCode: '21143',
    city: 'MALMÖ',
    openingHours: LOCKER,
  },
];

/** Stand-in assumption: metres between two Swedish postcodes, from their numeric distance. */
export function distanceMetres(from: string, to: string): number {
  return 150 + Math.abs(Number(from) - Number(to)) * 45;
}

/** The carrier's points in the postcode's area (first two digits), nearest first (stand-in assumption). */
export function agentsNear(carrierId: string, zip: string, country: string): StandInAgent[] {
  return POINTS.filter(
    (p) => p.carrierId === carrierId && p.zipCode.slice(0, 2) === zip.slice(0, 2),
  )
    .map(({ carrierId: _carrier, ...p }) => ({
      ...p,
      country,
      distance: distanceMetres(zip, p.zipCode),
    }))
    .sort((a, b) => a.distance - b.distance);
}

/** The service's price for a weight (currency units), null when too heavy. */
export function priceFor(service: Service, weightKg: number): number | null {
  return service.prices.find(([max]) => weightKg <= max)?.[1] ?? null;
}

function formatPrice(value: number, currency: string): string {
  return currency === 'SEK' ? `${value} kr` : `${value} ${currency}`;
}

/**
 * The options of the stand-in's Delivery Checkout for a query: N2's shape; home services as
 * sub-options of a "Hemleverans" container (as N2's example groups "PostNord Parcel"), agent
 * services at the top level with their agents. Sweden only (stand-in assumption: the
 * checkout is set up for SE); free from `FREE_FROM` kr of `cartprice` (stand-in assumption,
 * an nShift condition on the `cartprice` parameter).
 */
export function optionsFor(query: OptionsQuery): StandInOption[] {
  if (query.country !== 'SE' || !/^\d{5}$/.test(query.zip)) return [];
  const free = query.cartPrice !== null && query.cartPrice >= FREE_FROM;
  const option = (service: Service, price: number, agents: StandInAgent[]): StandInOption => ({
    id: service.id,
    name: service.name,
    description1: service.description,
    description2: '',
    description3: '',
    description4: '',
    deliveryTime: service.deliveryTime,
    carrierId: service.carrierId,
    priceDescription: formatPrice(free ? 0 : price, query.currency),
    priceValue: free ? 0 : price,
    subOptions: [],
    agents,
  });
  const top: StandInOption[] = [];
  const home: StandInOption[] = [];
  for (const service of SERVICES) {
    if (service.areas && !service.areas.includes(query.zip[0]!)) continue;
    const price = priceFor(service, query.weightKg);
    if (price === null) continue;
    if (service.kind === 'agent') {
      const agents = agentsNear(service.carrierId, query.zip, query.country);
      if (agents.length) top.push(option(service, price, agents));
    } else if (Number(query.zip) < 98_000) {
      home.push(option(service, price, []));
    }
  }
  if (home.length) {
    top.push({
      id: HOME_CONTAINER_ID,
      name: 'Hemleverans',
      description1: 'Få paketet hem',
      description2: '',
      description3: '',
      description4: '',
      description5: '',
      carrierId: null,
      priceDescription: null,
      priceValue: null,
      subOptions: home,
      agents: [],
    });
  }
  return top;
}

/** The "Hemleverans" container's id (stand-in assumption; N2's example has such a container). */
export const HOME_CONTAINER_ID = '6a1f0c2e-0000-4c3a-9b1e-hemleverans0';
/** Stand-in assumption: free delivery from this `cartprice` (kr). */
export const FREE_FROM = 2000;
