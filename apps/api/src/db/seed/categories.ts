/**
 * The category tree of the seed: four roots, each leaf holding one product kind. Depth 2.
 */
import type { ProductKind } from './images/product-kinds.ts';

/** A category of the seed tree. Leaves name the product kind they hold. */
export interface SeedCategory {
  id: number;
  /** Null for a root. */
  parentId: number | null;
  alias: string;
  name: string;
  /** Singular, lowercase noun for texts ("elcykel", "hjälm"). */
  singular?: string;
  kind?: ProductKind;
  description: string;
  secondaryDescription: string;
  metaTitle: string;
  metaDescription: string;
}

/** Roots first, then leaves; `sortOrder` is the position among siblings. */
export const CATEGORIES: SeedCategory[] = [
  {
    id: 1,
    parentId: null,
    alias: 'cyklar',
    name: 'Cyklar',
    description:
      'Här hittar du cyklar för pendling, träning, äventyr och familjeliv. Alla cyklar levereras färdigmonterade och provkörda av våra mekaniker, redo att rulla från dag ett.',
    secondaryDescription:
      'Osäker på storleken? Våra storleksguider och vår kundtjänst hjälper dig att hitta rätt ram.',
    metaTitle: 'Cyklar – elcyklar, hybridcyklar, racercyklar och barncyklar',
    metaDescription:
      'Köp cykel hos Trampa: elcyklar, stadscyklar, mountainbikes, racercyklar och barncyklar från kända märken. Färdigmonterad och provkörd, fri frakt över 499 kr.',
  },
  {
    id: 2,
    parentId: null,
    alias: 'tillbehor',
    name: 'Tillbehör',
    description:
      'Rätt tillbehör gör cykellivet tryggare och enklare. Hjälmar, lås, belysning, väskor, pumpar och barnsitsar från märken som håller vad de lovar.',
    secondaryDescription:
      'Tips: ett godkänt lås och bra belysning är det första du bör skaffa till en ny cykel.',
    metaTitle: 'Cykeltillbehör – hjälmar, lås, belysning och väskor',
    metaDescription:
      'Cykeltillbehör från Abus, POC, Thule, Lezyne och fler. Hjälmar, lås, cykellampor, väskor, pumpar och barnsitsar med snabb leverans.',
  },
  {
    id: 3,
    parentId: null,
    alias: 'cykeldelar',
    name: 'Cykeldelar',
    description:
      'Däck, slangar och verktyg för att hålla cykeln i toppskick året runt. Vi har både sommardäck och dubbdäck för svenska vintrar.',
    secondaryDescription:
      'Hittar du inte rätt dimension? Titta på däckets sida, där står måttet i ETRTO-format, till exempel 37-622.',
    metaTitle: 'Cykeldelar – däck, slangar och verktyg',
    metaDescription:
      'Cykeldäck, slangar och verktyg från Schwalbe, Continental, Park Tool och Topeak. Rätt dimension, snabb leverans och fri frakt över 499 kr.',
  },
  {
    id: 4,
    parentId: null,
    alias: 'cykelklader',
    name: 'Cykelkläder',
    description:
      'Funktionella cykelkläder för pendling och träning i alla väder. Andas bra när det är varmt och håller dig torr när det regnar.',
    secondaryDescription: 'Cykelkläder sitter ofta tajt: jämför med måtten i storleksguiden.',
    metaTitle: 'Cykelkläder – tröjor, byxor och jackor',
    metaDescription:
      'Cykelkläder från Endura, Craft och POC: cykeltröjor, bibshorts, regnjackor och vinterjackor för dam och herr.',
  },
  leaf(11, 1, 'elcyklar', 'Elcyklar', 'elcykel', 'elcykel', [
    'Elcyklar gör pendlingen snabbare och backarna lättare: motorn hjälper dig upp till 25 km/h medan du trampar.',
    'Välj mellan navmotor för enkel stadskörning och mittmotor för bäst känsla och räckvidd.',
  ]),
  leaf(12, 1, 'hybridcyklar', 'Hybridcyklar', 'hybridcykel', 'hybridcykel', [
    'Hybridcykeln kombinerar racercykelns fart med stadscykelns komfort och passar lika bra på asfalt som på grusvägar.',
    'En utmärkt allround-cykel för pendling, motion och längre turer.',
  ]),
  leaf(13, 1, 'stadscyklar', 'Stadscyklar', 'stadscykel', 'stadscykel', [
    'Stadscyklar med upprätt sittställning, skärmar, pakethållare och belysning: allt du behöver för vardagen.',
    'Många modeller har navväxel och lågt insteg för enkel på- och avstigning.',
  ]),
  leaf(14, 1, 'mountainbikes', 'Mountainbikes', 'mountainbike', 'mountainbike', [
    'Mountainbikes för stigar, skog och berg, från prisvärda hardtails till heldämpade trailcyklar.',
    'Breda däck, stabil geometri och kraftiga skivbromsar ger kontroll i tuff terräng.',
  ]),
  leaf(15, 1, 'racercyklar', 'Racercyklar', 'racercykel', 'racercykel', [
    'Lätta och snabba racercyklar för landsvägen, motionslopp och långa träningspass.',
    'Välj aluminium för ett prisvärt första steg eller kolfiber för lägsta vikt och bästa komfort.',
  ]),
  leaf(16, 1, 'gravelcyklar', 'Gravelcyklar', 'gravelcykel', 'gravelcykel', [
    'Gravelcykeln tar dig från asfalt till grusväg och skogsbilväg utan att tveka.',
    'Bredare däck, stabil geometri och fästen för packning gör den perfekt för äventyr och cykelpendling.',
  ]),
  leaf(17, 1, 'barncyklar', 'Barncyklar', 'barncykel', 'barncykel', [
    'Barncyklar i alla storlekar, från 12 tum för de minsta till 24 tum för större barn.',
    'Välj storlek efter barnets längd snarare än ålder, så blir cyklingen både säker och rolig.',
  ]),
  leaf(18, 1, 'ladcyklar', 'Lådcyklar', 'ladcykel', 'lådcykel', [
    'Lådcyklar tar barn, matkassar och hund genom stan, ofta snabbare än bilen.',
    'De flesta modeller har elmotor och plats för två till fyra barn med säkerhetsbälten.',
  ]),
  leaf(21, 2, 'hjalmar', 'Hjälmar', 'hjalm', 'hjälm', [
    'En cykelhjälm är det viktigaste skyddet du kan ha på cykeln.',
    'Vi säljer hjälmar för pendling, landsväg, mountainbike och barn, många med MIPS eller liknande system som minskar rotationsvåld vid fall.',
  ]),
  leaf(22, 2, 'las', 'Lås', 'las', 'lås', [
    'Ett bra lås är cykelns bästa försäkring.',
    'Bygellås, vikbara lås och kättinglås i flera säkerhetsnivåer, många godkända av Stöldskyddsföreningen (SSF).',
  ]),
  leaf(23, 2, 'belysning', 'Belysning', 'belysning', 'cykellampa', [
    'Syns och se i mörkret med laddningsbar cykelbelysning.',
    'Enligt lag ska cykeln ha vitt ljus fram och rött bak när det är mörkt, och våra lampor laddas enkelt via USB.',
  ]),
  leaf(24, 2, 'cykelvaskor', 'Cykelväskor', 'cykelvaska', 'cykelväska', [
    'Cykelväskor för pendling, handling och långa turer: pakethållarväskor, styrväskor och sadelväskor.',
    'Många är helt vattentäta och fästs och lossas med ett enkelt grepp.',
  ]),
  leaf(25, 2, 'pumpar', 'Pumpar', 'pump', 'pump', [
    'Rätt lufttryck ger lättare rull, färre punkteringar och bättre grepp.',
    'Golvpumpar för hemmet och smidiga minipumpar att ha med på turen.',
  ]),
  leaf(26, 2, 'barnsitsar', 'Barnsitsar', 'barnsits', 'barnsits', [
    'Barnsitsar för säkra turer med de små, för montering fram eller bak.',
    'Alla sitsar är testade enligt EN 14344 och har justerbara fotstöd och bälten.',
  ]),
  leaf(31, 3, 'dack', 'Däck', 'dack', 'däck', [
    'Cykeldäck för landsväg, pendling, grus och terräng, plus dubbdäck för vintern.',
    'Punkteringsskyddade däck sparar mycket besvär i vardagen.',
  ]),
  leaf(32, 3, 'slangar', 'Slangar', 'slang', 'slang', [
    'Cykelslangar i alla vanliga dimensioner med racerventil, bilventil eller cykelventil.',
    'Ha alltid en extra slang med på längre turer.',
  ]),
  leaf(33, 3, 'verktyg', 'Verktyg', 'verktyg', 'verktyg', [
    'Verktyg för hemmamekanikern och för turen: multiverktyg, kedjebrytare, däckavtagare och momentnycklar.',
    'Med rätt verktyg blir små justeringar snabbt gjorda.',
  ]),
  leaf(41, 4, 'klader', 'Kläder', 'klader', 'cykelplagg', [
    'Cykeltröjor, bibshorts, tights och jackor för dam och herr.',
    'Tekniska material som andas och torkar snabbt gör varje tur skönare.',
  ]),
];

function leaf(
  id: number,
  parentId: number,
  alias: string,
  name: string,
  kind: ProductKind,
  singular: string,
  sentences: [string, string],
): SeedCategory {
  return {
    id,
    parentId,
    alias,
    name,
    kind,
    singular,
    description: `${sentences[0]} ${sentences[1]} Fri frakt över 499 kr.`,
    secondaryDescription: '',
    metaTitle: `${name} – köp online hos Trampa`,
    metaDescription: `${sentences[0]} Handla ${name.toLowerCase()} online hos Trampa med snabb leverans.`,
  };
}

/** The leaf category of each product kind. */
export const CATEGORY_BY_KIND: Record<ProductKind, SeedCategory> = Object.fromEntries(
  CATEGORIES.filter((c) => c.kind).map((c) => [c.kind, c]),
) as Record<ProductKind, SeedCategory>;
