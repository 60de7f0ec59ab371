/**
 * The words of "Din order har skickats" (order-shipped.tsx; issue 43) in each mail language
 * (mail-language.ts). `{by}` is who delivers, e.g. "PostNord (PostNord MyPack Collect)".
 */
import type { MailLanguage } from '../mail-language.ts';

/** The shipped mail's texts in one language. */
export interface ShippedTexts {
  subject(orderId: number, shopName: string): string;
  heading: string;
  preview(orderId: number, by: string): string;
  /** "Hej Åsa!", or "Hej!" without a name. */
  greeting(firstName: string): string;
  /** The sentence naming the order and who delivers; the order number is set in bold in HTML. */
  shipped: [before: string, between: string, after: string];
  parcels(count: number): string;
  parcelNumber: string;
  track(parcelNumber: string): string;
  pickupPoint: string;
  /** The pickup point's opening hours label, as in "Öppettider: Mån–fre 8–20". */
  openingHours: string;
  pickupNotice: string;
  /** "Du ser ordern och spårningen under" + the link text. */
  ordersLead: string;
  ordersLink: string;
  regards(shopName: string): string;
}

const hello = (word: string) => (name: string) =>
  name.trim() ? `${word} ${name.trim()}!` : `${word}!`;

/** The texts by language. */
export const SHIPPED_TEXTS: Record<MailLanguage, ShippedTexts> = {
  sv: {
    subject: (id, shop) => `Din order ${id} har skickats – ${shop}`,
    heading: 'Din order har skickats',
    preview: (id, by) => `Order ${id} är på väg med ${by}.`,
    greeting: hello('Hej'),
    shipped: ['Din order ', ' har skickats med ', '.'],
    parcels: (n) => (n > 1 ? 'Dina paket' : 'Ditt paket'),
    parcelNumber: 'Kollinummer',
    track: (no) => `Spåra paketet ${no}`,
    pickupPoint: 'Utlämningsställe',
    openingHours: 'Öppettider',
    pickupNotice: 'Du får ett meddelande från transportören när paketet finns att hämta.',
    ordersLead: 'Du ser ordern och spårningen under',
    ordersLink: 'Mina ordrar',
    regards: (shop) => `Vänliga hälsningar, ${shop}`,
  },
  nb: {
    subject: (id, shop) => `Ordren din ${id} er sendt – ${shop}`,
    heading: 'Ordren din er sendt',
    preview: (id, by) => `Ordre ${id} er på vei med ${by}.`,
    greeting: hello('Hei'),
    shipped: ['Ordren din ', ' er sendt med ', '.'],
    parcels: (n) => (n > 1 ? 'Pakkene dine' : 'Pakken din'),
    parcelNumber: 'Kollinummer',
    track: (no) => `Spor pakken ${no}`,
    pickupPoint: 'Utleveringssted',
    openingHours: 'Åpningstider',
    pickupNotice: 'Du får en melding fra transportøren når pakken er klar til henting.',
    ordersLead: 'Du ser ordren og sporingen under',
    ordersLink: 'Mine ordrer',
    regards: (shop) => `Vennlig hilsen, ${shop}`,
  },
  da: {
    subject: (id, shop) => `Din ordre ${id} er afsendt – ${shop}`,
    heading: 'Din ordre er afsendt',
    preview: (id, by) => `Ordre ${id} er på vej med ${by}.`,
    greeting: hello('Hej'),
    shipped: ['Din ordre ', ' er afsendt med ', '.'],
    parcels: (n) => (n > 1 ? 'Dine pakker' : 'Din pakke'),
    parcelNumber: 'Pakkenummer',
    track: (no) => `Følg pakken ${no}`,
    pickupPoint: 'Udleveringssted',
    openingHours: 'Åbningstider',
    pickupNotice: 'Du får besked fra transportøren, når pakken kan afhentes.',
    ordersLead: 'Du kan se ordren og sporingen under',
    ordersLink: 'Mine ordrer',
    regards: (shop) => `Venlig hilsen, ${shop}`,
  },
  fi: {
    subject: (id, shop) => `Tilauksesi ${id} on lähetetty – ${shop}`,
    heading: 'Tilauksesi on lähetetty',
    preview: (id, by) => `Tilaus ${id} on matkalla (${by}).`,
    greeting: hello('Hei'),
    shipped: ['Tilauksesi ', ' on lähetetty. Toimittaja: ', '.'],
    parcels: () => 'Pakettisi',
    parcelNumber: 'Lähetystunnus',
    track: (no) => `Seuraa pakettia ${no}`,
    pickupPoint: 'Noutopiste',
    openingHours: 'Aukioloajat',
    pickupNotice: 'Saat kuljetusyhtiöltä viestin, kun paketti on noudettavissa.',
    ordersLead: 'Näet tilauksen ja sen seurannan kohdassa',
    ordersLink: 'Omat tilaukset',
    regards: (shop) => `Ystävällisin terveisin, ${shop}`,
  },
  en: {
    subject: (id, shop) => `Your order ${id} has been shipped – ${shop}`,
    heading: 'Your order has been shipped',
    preview: (id, by) => `Order ${id} is on its way with ${by}.`,
    greeting: hello('Hi'),
    shipped: ['Your order ', ' has been shipped with ', '.'],
    parcels: (n) => (n > 1 ? 'Your parcels' : 'Your parcel'),
    parcelNumber: 'Parcel number',
    track: (no) => `Track parcel ${no}`,
    pickupPoint: 'Pickup point',
    openingHours: 'Opening hours',
    pickupNotice: 'The carrier will let you know when the parcel is ready to collect.',
    ordersLead: 'You can see the order and its tracking under',
    ordersLink: 'My orders',
    regards: (shop) => `Kind regards, ${shop}`,
  },
};
