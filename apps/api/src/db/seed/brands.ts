/**
 * Brands of the seed catalogue: real brands sold in Sweden, with short Swedish descriptions.
 * `prefix` starts every article number of the brand's products.
 */

/** A seed brand. */
export interface SeedBrand {
  id: number;
  alias: string;
  name: string;
  /** Two or three capital letters, unique, for article numbers. */
  prefix: string;
  description: string;
}

const list: Array<[string, string, string]> = [
  [
    'Crescent',
    'CR',
    'Svenskt cykelmärke sedan 1896, känt för stabila vardagscyklar, elcyklar och barncyklar anpassade för nordiska förhållanden.',
  ],
  [
    'Monark',
    'MO',
    'Klassiskt svenskt märke från Varberg. Monark står för bekväma, hållbara cyklar för stad och landsbygd.',
  ],
  [
    'Skeppshult',
    'SK',
    'Handbyggda cyklar från Småland sedan 1946. Skeppshult är känt för hög kvalitet, lång livslängd och tidlös design.',
  ],
  [
    'Specialized',
    'SP',
    'Amerikanskt märke som sedan 1974 utvecklar cyklar, hjälmar och utrustning för allt från pendling till världscuptävlingar.',
  ],
  [
    'Trek',
    'TR',
    'Amerikansk cykeltillverkare från Wisconsin med ett brett utbud av hybrid-, racer-, mountainbike- och elcyklar.',
  ],
  [
    'Cube',
    'CU',
    'Tyskt märke från Bayern som kombinerar genomtänkt konstruktion med mycket utrustning för pengarna.',
  ],
  [
    'Scott',
    'SC',
    'Schweiziskt märke med rötter i skidsporten, känt för lätta mountainbikes och snabba racercyklar.',
  ],
  [
    'Giant',
    'GI',
    'Världens största cykeltillverkare, från Taiwan, med egen ramproduktion och stort kunnande om aluminium och kolfiber.',
  ],
  [
    'Bianchi',
    'BI',
    'Italiens äldsta cykelmärke, grundat 1885 i Milano. Känt för sin celesteblå färg och sin tävlingshistoria.',
  ],
  [
    'Cannondale',
    'CA',
    'Amerikanskt märke som var tidigt ute med aluminiumramar och i dag bygger innovativa racer-, gravel- och terrängcyklar.',
  ],
  [
    'Merida',
    'ME',
    'Taiwanesisk tillverkare med utveckling i Tyskland, känd för prisvärda och pålitliga cyklar för alla typer av cykling.',
  ],
  [
    'Kona',
    'KO',
    'Kanadensiskt märke som sedan 1988 bygger lekfulla mountainbikes och robusta gravelcyklar.',
  ],
  [
    'Abus',
    'AB',
    'Tysk specialist på säkerhet sedan 1924. Abus gör lås i alla säkerhetsnivåer och prisvärda cykelhjälmar.',
  ],
  [
    'POC',
    'PO',
    'Svenskt märke från Stockholm som gör hjälmar, glasögon och kläder med fokus på säkerhet och ren design.',
  ],
  [
    'Thule',
    'TH',
    'Svenskt märke från Hillerstorp som gör barnsitsar, cykelväskor och cykelhållare med genomtänkta lösningar.',
  ],
  [
    'Shimano',
    'SH',
    'Japansk komponenttillverkare vars växlar, bromsar och verktyg sitter på och används för miljontals cyklar.',
  ],
  [
    'Continental',
    'CO',
    'Tysk däcktillverkare som gör slitstarka och snabba cykeldäck och slangar, handgjorda i Korbach.',
  ],
  [
    'Schwalbe',
    'SW',
    'Tysk däckspecialist känd för punkteringssäkra Marathon-däck, dubbdäck och lättrullande tävlingsdäck.',
  ],
  [
    'Topeak',
    'TO',
    'Taiwanesiskt märke som gör smarta pumpar, multiverktyg och väskor för både verkstaden och turen.',
  ],
  [
    'Kross',
    'KR',
    'Polsk cykeltillverkare med bred modellflora och bra utrustning i förhållande till priset.',
  ],
  [
    'Nishiki',
    'NI',
    'Cykelmärke med japanska rötter som i Norden erbjuder prisvärda cyklar för pendling, motion och terräng.',
  ],
  ['Babboe', 'BA', 'Nederländsk specialist på lådcyklar för familjer, med och utan elmotor.'],
  [
    'Urban Arrow',
    'UA',
    'Nederländsk premiumlådcykel med skumlåda, Bosch-motor och plats för både barn och last.',
  ],
  [
    'Riese & Müller',
    'RM',
    'Tysk tillverkare av påkostade elcyklar och lådcyklar med dubbel fjädring och hög komfort.',
  ],
  [
    'Lezyne',
    'LE',
    'Amerikanskt märke med maskinbearbetade pumpar, verktyg och kraftfull cykelbelysning i aluminium.',
  ],
  [
    'Knog',
    'KN',
    'Australiskt märke med smart designade lampor och ringklockor som är enkla att montera och ladda.',
  ],
  [
    'Sigma',
    'SI',
    'Tyskt märke som gör cykelbelysning och cykeldatorer med fokus på enkel användning.',
  ],
  [
    'Basil',
    'BS',
    'Nederländskt märke med snygga och praktiska cykelväskor och korgar för vardagscyklisten.',
  ],
  [
    'Hamax',
    'HA',
    'Norskt märke som i över 30 år har gjort barnsitsar och cykelvagnar med säkerheten i fokus.',
  ],
  [
    'Bobike',
    'BB',
    'Nederländsk tillverkare av barnsitsar och barnhjälmar med skandinaviskt inspirerad design.',
  ],
  [
    'Bontrager',
    'BT',
    'Treks eget komponent- och tillbehörsmärke: hjälmar, belysning, däck och pumpar som passar alla cyklar.',
  ],
  [
    'Endura',
    'EN',
    'Skotskt märke som gör tåliga cykelkläder för regn, rusk och långa dagar i sadeln.',
  ],
  [
    'Craft',
    'CF',
    'Svenskt märke från Borås med funktionskläder för träning, cykling och löpning sedan 1977.',
  ],
  [
    'Park Tool',
    'PT',
    'Amerikansk verktygstillverkare, känd för sina blå verktyg i cykelverkstäder världen över.',
  ],
  ['Lazer', 'LA', 'Belgiskt hjälmmärke sedan 1919 med egna skyddssystem och bra passform.'],
  [
    'Giro',
    'GR',
    'Amerikanskt märke som gör hjälmar för landsväg, terräng och pendling med fokus på ventilation och passform.',
  ],
  ['Ortlieb', 'OR', 'Tysk tillverkare av helt vattentäta cykelväskor, tillverkade i Heuchelheim.'],
  [
    'Kryptonite',
    'KY',
    'Amerikanskt låsmärke som gjort bygellås sedan 1972 och är känt för sina tåliga lås.',
  ],
  ['Trelock', 'TL', 'Tyskt märke med ramlås, kättinglås och cykelbelysning för vardagscyklisten.'],
  ['Polisport', 'PL', 'Portugisiskt märke som gör lätta och prisvärda barnsitsar och tillbehör.'],
];

/** All brands, ids 1.. in list order, alias = slug of the name. */
export const BRANDS: SeedBrand[] = list.map(([name, prefix, description], index) => ({
  id: index + 1,
  alias: name
    .toLowerCase()
    .replace(/ü/g, 'u')
    .replace(/&/g, '')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, ''),
  name,
  prefix,
  description,
}));

/** Brands by name. */
export const BRAND_BY_NAME: ReadonlyMap<string, SeedBrand> = new Map(
  BRANDS.map((b) => [b.name, b]),
);
