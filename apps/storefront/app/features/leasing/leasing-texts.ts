/**
 * Swedish texts of the förmånscykel cart, application and employer pages (issue 21). The rule
 * texts themselves come from the API's shared modules (`@trampa/api/leasing-cart-rules`,
 * `@trampa/api/leasing-application`), so the API and the pages say the same.
 */
export const LEASING_TEXTS = {
  cartTitle: 'Förmånscykelkorg',
  cartIntro:
    'Här samlar du cykeln (och tillbehör som din arbetsgivare godkänner) som du vill leasa via bruttolöneavdrag. Den vanliga varukorgen påverkas inte.',
  cartEmpty: 'Förmånscykelkorgen är tom. Välj en cykel och ”Lägg i förmånscykelkorgen”.',
  addToLeasingCart: 'Lägg i förmånscykelkorgen',
  size: 'Storlek',
  remove: 'Ta bort',
  removeNonLeasable: 'Ta bort varor som inte kan leasas',
  notLeasable: 'Kan inte leasas',
  fromCartTitle: 'Från din varukorg',
  fromCartIntro: 'Vill du leasa något du redan har i varukorgen? Flytta det hit.',
  move: 'Flytta till förmånscykelkorgen',
  total: 'Cyklarnas pris',
  toApplication: 'Fortsätt till ansökan',
  removed: 'Varan togs bort ur förmånscykelkorgen.',
  formTitle: 'Ansök om förmånscykel',
  employer: 'Arbetsgivare',
  employerName: 'Företagets namn',
  organisationNumber: 'Organisationsnummer',
  employerEmail: 'E-post till kontaktperson hos arbetsgivaren',
  employerEmailHint: 'Hit skickar vi länkar för att godkänna eller avslå ansökan.',
  employee: 'Dina uppgifter',
  firstName: 'Förnamn',
  lastName: 'Efternamn',
  email: 'E-post',
  phone: 'Mobilnummer',
  addressLine1: 'Gatuadress',
  zip: 'Postnummer',
  city: 'Ort',
  lease: 'Leasing',
  period: 'Avtalsperiod',
  package: 'Servicepaket',
  tax: 'Din marginalskatt (%)',
  terms: 'Jag godkänner villkoren för förmånscykel',
  termsLink: 'Läs villkoren',
  netCost: 'Din kostnad per månad efter skatt',
  grossDeduction: 'Bruttolöneavdrag per månad',
  submit: 'Skicka ansökan',
  errorsTitle: 'Ansökan kunde inte skickas. Rätta {count} fel:',
  sentTitle: 'Tack! Din ansökan är skickad',
  sentText:
    'Vi har mejlat {employer} och bett dem godkänna ansökan. Cykeln är reserverad för dig under tiden. Ordernummer: {orderId}.',
  decisionTitle: 'Ansökan om förmånscykel',
  approve: 'Godkänn ansökan',
  decline: 'Avslå ansökan',
  approved: 'Ansökan är godkänd. Ordern går vidare och den anställda får en orderbekräftelse.',
  declined: 'Ansökan är avslagen. Ordern är makulerad.',
  alreadyDecided: 'Ansökan är redan besvarad.',
  invalidLink: 'Länken är ogiltig.',
  expiredLink: 'Länken har gått ut.',
  status: {
    awaiting: 'Väntar på arbetsgivarens godkännande',
    approved: 'Godkänd av arbetsgivaren',
    declined: 'Avslagen av arbetsgivaren',
  } as Record<string, string>,
} as const;

/** `{name}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
