/**
 * Swedish texts of the förmånscykel cart, application, confirmation and employer pages (issue 21,
 * issue 40 point 4). The rule texts and the status names come from the API's shared modules
 * (`@trampa/api/leasing-cart-rules`, `@trampa/api/leasing-application`,
 * `@trampa/api/leasing-status`), so the API, the back office and the pages say the same.
 */
import { LEASING_STATUS_NAMES } from '@trampa/api/leasing-status';

export const LEASING_TEXTS = {
  cartTitle: 'Förmånscykelkorg',
  cartIntro:
    'Här samlar du cykeln (och tillbehör som din arbetsgivare godkänner) som du vill leasa via bruttolöneavdrag. Den vanliga varukorgen påverkas inte.',
  /** `{button}`: the product page's button, `leasing.apply` (one name, issue 40). */
  cartEmpty:
    'Förmånscykelkorgen är tom. Välj en cykel och tryck på ”{button}” under Förmånscykel på produktsidan.',
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
  sentIntro: 'Vi har mejlat {employer} på {employerEmail} och bett dem godkänna din ansökan.',
  sentNumber: 'Ordernummer',
  sentEmployer: 'Arbetsgivare',
  sentEmployerEmail: 'Mejlet gick till',
  sentBikes: 'Cykel',
  sentLease: 'Avtal',
  sentLeaseText: '{months} månader, {package}',
  sentStatus: 'Status',
  nextTitle: 'Så här går det till nu',
  nextEmployer:
    'Din arbetsgivare godkänner eller avslår ansökan med länkarna i mejlet. Länkarna fungerar till och med {date}. Hittar de inte mejlet, be dem titta i skräpposten.',
  nextReserved: 'Cykeln är reserverad för dig medan du väntar på svar. Du betalar inget nu.',
  nextApproved:
    'När arbetsgivaren har godkänt ansökan får du en orderbekräftelse till {email} och vi gör i ordning cykeln.',
  nextDeclined: 'Avslår arbetsgivaren ansökan makuleras ordern och reservationen släpps.',
  nextSalary:
    'Bruttolöneavdraget och eventuellt skatt på förmånen sköter din arbetsgivare via lönen när avtalet börjar.',
  followAccount: 'Du kan följa ansökan under Mina ordrar.',
  followGuest: 'Spara ordernumret om du behöver kontakta oss om ansökan.',
  myOrders: 'Mina ordrar',
  receiptMissing:
    'Vi hittar ingen ansökan med den länken. Har du skickat en ansökan finns den under Mina ordrar, eller i mejlet du får när arbetsgivaren har svarat.',
  decisionTitle: 'Ansökan om förmånscykel',
  approve: 'Godkänn ansökan',
  decline: 'Avslå ansökan',
  approved: 'Ansökan är godkänd. Ordern går vidare och den anställda får en orderbekräftelse.',
  declined: 'Ansökan är avslagen. Ordern är makulerad.',
  alreadyDecided: 'Ansökan är redan besvarad.',
  invalidLink: 'Länken är ogiltig.',
  expiredLink: 'Länken har gått ut.',
  /** The application states' one name each (`@trampa/api/leasing-status`, issue 40). */
  status: LEASING_STATUS_NAMES as Record<string, string>,
} as const;

/** `{name}` placeholders filled in. */
export function fill(text: string, values: Record<string, string | number>): string {
  return text.replace(/\{(\w+)\}/g, (_, name: string) => String(values[name] ?? `{${name}}`));
}
