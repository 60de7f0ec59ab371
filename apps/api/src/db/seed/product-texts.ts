/**
 * Swedish product texts: text1 (description, 2-4 sentences), text2 (short selling line),
 * text3 (delivery or care note) and meta texts, built from a product's kind and specifications.
 */
import type { ProductKind } from './images/product-kinds.ts';
import { CATEGORY_BY_KIND } from './categories.ts';
import type { ProductFacts, Specs } from './product-specs.ts';
import type { Random } from './random.ts';

/** The texts of one product. */
export interface ProductTexts {
  text1: string;
  text2: string;
  text3: string;
  metaTitle: string;
  metaDescription: string;
}

type Sentences = (name: string, s: (id: string) => string, facts: ProductFacts) => string[];

const lower = (text: string): string => text.charAt(0).toLowerCase() + text.slice(1);

const NEUTER = new Set([
  'Lampset',
  'Multiverktyg',
  'Specialverktyg',
  'Bygellås',
  'Vikbart lås',
  'Kättinglås',
  'Ramlås',
  'Vajerlås',
]);

const DEFINITE_BRAKES: Record<string, string> = {
  'Hydrauliska skivbromsar': 'de hydrauliska skivbromsarna',
  'Mekaniska skivbromsar': 'de mekaniska skivbromsarna',
  Fälgbromsar: 'fälgbromsarna',
  Rullbromsar: 'rullbromsarna',
  Fotbroms: 'fotbromsen',
};

/** "Fotbroms" → "fotbromsen", "Hydrauliska skivbromsar" → "de hydrauliska skivbromsarna". */
const theBrakes = (brakes: string): string => DEFINITE_BRAKES[brakes] ?? lower(brakes);

const capital = (text: string): string => text.charAt(0).toUpperCase() + text.slice(1);

/** "en framlampa", "ett multiverktyg": the noun in lowercase with its indefinite article. */
const withArticle = (noun: string): string => `${NEUTER.has(noun) ? 'ett' : 'en'} ${lower(noun)}`;

const BIKE_CLOSING = [
  'Cykeln levereras färdigmonterad och provkörd av våra mekaniker.',
  'Som alla våra cyklar kommer den färdigmonterad, justerad och redo att rulla.',
  'Vi monterar och provkör cykeln innan den skickas, så du kan cykla direkt.',
];

/** Per kind: intro variants, detail sentences (all used when present) and selling lines. */
const TEXTS: Record<
  ProductKind,
  { intros: Sentences; details: Sentences; lines: readonly string[]; note: string }
> = {
  elcykel: {
    intros: (n) => [
      `${n} är en elcykel för dig som vill pendla längre och komma fram utan att svettas.`,
      `Med ${n} blir backarna platta och vägen till jobbet kortare.`,
      `${n} är en bekväm och pålitlig elcykel för både vardagspendling och helgens utflykter.`,
    ],
    details: (_n, s) => [
      `Motorn (${s('Motor')}) ger en mjuk och kraftfull assistans upp till 25 km/h, och batteriet på ${s('Battery').replace(/^.*?(\d+ Wh)$/, '$1')} räcker ${s('Range')} på en laddning.`,
      `Med ${lower(s('Gears'))} och ${lower(s('Brakes'))} har du full kontroll, även med packning på pakethållaren.`,
    ],
    lines: [
      'Pendla längre med mindre ansträngning.',
      'Elassistans som gör varje tur lättare.',
      'Lämna bilen hemma – ta elcykeln.',
      'Stark motor och lång räckvidd.',
    ],
    note: 'Cykeln levereras färdigmonterad och provkörd med laddat batteri. Batteriet laddas i vanligt vägguttag på 4–6 timmar.',
  },
  hybridcykel: {
    intros: (n) => [
      `${n} är en snabb och lättrullad hybridcykel som trivs lika bra på asfalt som på grusvägar.`,
      `Letar du efter en cykel som klarar både pendling och motion? ${n} är svaret.`,
      `${n} kombinerar racercykelns fart med stadscykelns komfort.`,
    ],
    details: (_n, s) => [
      `Ramen i ${lower(s('FrameMaterial'))} är lätt och styv, och växlarna (${s('Gears')}) ger rätt utväxling i både uppförsbackar och på raksträckor.`,
      `${capital(theBrakes(s('Brakes')))} ger trygga stopp i alla väder.`,
    ],
    lines: [
      'Snabb, lätt och mångsidig.',
      'En cykel för pendling, motion och allt däremellan.',
      'Smidig i stan, pigg på landet.',
    ],
    note: 'Cykeln levereras färdigmonterad och provkörd. Skärmar och pakethållare kan monteras i efterhand.',
  },
  stadscykel: {
    intros: (n) => [
      `${n} är en klassisk stadscykel med upprätt och avslappnad sittställning.`,
      `${n} är byggd för vardagen: till jobbet, affären och en sväng förbi parken.`,
      `Med ${n} får du en bekväm och pålitlig cykel som klarar svenska årstider.`,
    ],
    details: (_n, s) => [
      s('Gears') === 'Singelväxel'
        ? `Utan växlar finns nästan inget som kan gå sönder, och ${theBrakes(s('Brakes'))} fungerar lika bra i regn som i sol.`
        : `Växlarna (${s('Gears')}) är nästan underhållsfria och ${theBrakes(s('Brakes'))} fungerar lika bra i regn som i sol.`,
      'Skärmar, kedjeskydd, pakethållare, stöd och belysning ingår, så cykeln är redo för vardagen direkt.',
    ],
    lines: [
      'Bekväm vardagscykel med allt som behövs.',
      'Tidlös design, skön sittställning.',
      'Redo för vardagen från första dagen.',
    ],
    note: 'Cykeln levereras färdigmonterad och provkörd med belysning, skärmar och pakethållare.',
  },
  mountainbike: {
    intros: (n) => [
      `${n} är en mountainbike för dig som vill upptäcka stigar, skog och berg.`,
      `${n} tar dig längre ut i terrängen med kontroll och självförtroende.`,
      `Oavsett om du är ny på stigen eller erfaren är ${n} en cykel som gör varje tur roligare.`,
    ],
    details: (_n, s) => [
      s('Suspension') === 'Heldämpad'
        ? 'Den heldämpade ramen håller bakhjulet i marken och ger grepp och komfort i tekniska partier.'
        : 'Framgaffeln med fjädring tar udden av rötter och stenar medan den styva bakdelen ger effektiv kraftöverföring.',
      `Växlarna (${s('Gears')}) och ${theBrakes(s('Brakes'))} ger rätt växel och säkra stopp i branta backar.`,
    ],
    lines: ['Byggd för stigen.', 'Mer grepp, mer kontroll, mer skoj.', 'Ut i skogen!'],
    note: 'Cykeln levereras färdigmonterad och provkörd. Vi ställer in fjädringen efter din vikt i butik.',
  },
  racercykel: {
    intros: (n) => [
      `${n} är en lätt och snabb racercykel för långa pass och motionslopp.`,
      `${n} är byggd för fart, med en responsiv ram som svarar direkt när du trycker på.`,
      `Drömmer du om Vätternrundan? ${n} är en pålitlig partner för både träning och lopp.`,
    ],
    details: (_n, s) => [
      `Ramen i ${lower(s('FrameMaterial'))} väger lite och ger en stabil och bekväm åkning.`,
      `Växelgruppen ${s('Gears')} växlar exakt och ${theBrakes(s('Brakes'))} ger bra kontroll även i höga farter.`,
    ],
    lines: [
      'Lätt, snabb och redo för landsvägen.',
      'Fart och komfort hela vägen.',
      'För långa pass och snabba kilometer.',
    ],
    note: 'Cykeln levereras färdigmonterad och provkörd. Pedaler ingår inte.',
  },
  gravelcykel: {
    intros: (n) => [
      `${n} tar dig från asfalten ut på grusvägar och skogsvägar utan att tveka.`,
      `${n} är en mångsidig gravelcykel för äventyr, pendling och träning.`,
      `Med ${n} blir vägen slut först när du vill.`,
    ],
    details: (_n, s) => [
      `Den stabila geometrin, växlarna (${s('Gears')}) och plats för breda däck ger kontroll även på löst underlag.`,
      `Många fästen för flaskor och packning gör den till en perfekt cykel för långa turer.`,
    ],
    lines: [
      'Asfalt, grus och allt däremellan.',
      'Äventyret börjar där asfalten tar slut.',
      'En cykel, oändliga vägar.',
    ],
    note: 'Cykeln levereras färdigmonterad och provkörd. Pedaler ingår inte.',
  },
  barncykel: {
    intros: (n) => [
      `${n} är en trygg och rolig barncykel som växer med barnets självförtroende.`,
      `Med ${n} blir de första egna cykelturerna enkla och roliga.`,
      `${n} är en lätt och stabil barncykel i en härlig färg.`,
    ],
    details: (_n, s) => [
      `Hjulstorleken ${s('WheelSize')} passar barn i åldern ${skuAge(s)}, och ${theBrakes(s('Brakes'))} ${s('Brakes') === 'Fotbroms' ? 'är lätt' : 'är lätta'} att använda för små händer.`,
      'Kedjeskydd, stöd och ringklocka ingår.',
    ],
    lines: [
      'Första egna cykeln – trygg och rolig.',
      'Lätt att cykla, svår att sluta.',
      'För små cyklister med stora äventyr.',
    ],
    note: 'Cykeln levereras färdigmonterad och provkörd. Välj storlek efter barnets längd: se vår storleksguide.',
  },
  ladcykel: {
    intros: (n) => [
      `${n} är en lådcykel för familjer som vill ersätta bilen i vardagen.`,
      `Med ${n} hämtar du barnen på förskolan, handlar och åker till stranden – utan bil.`,
      `${n} har plats för barn, matkassar och hund, och är förvånansvärt lätt att manövrera.`,
    ],
    details: (_n, s) => [
      `Lådan rymmer ${s('Capacity')} och har säkerhetsbälten och regnskydd som tillval.`,
      s('Motor')
        ? `Elmotorn (${s('Motor')}) gör det lätt att starta även med full last.`
        : 'Låg tyngdpunkt gör cykeln stabil även fullastad.',
    ],
    lines: [
      'Familjens nya bil – fast en cykel.',
      'Plats för barn, kassar och äventyr.',
      'Smidigt, miljövänligt och roligt.',
    ],
    note: 'Lådcykeln levereras färdigmonterad och provkörd. Hemleverans med genomgång ingår.',
  },
  hjalm: {
    intros: (n, s) => [
      `${n} är en ${lower(s('HelmetType'))} med bra ventilation och skön passform.`,
      `${n} skyddar där det behövs och sitter så skönt att du glömmer att du har den på dig.`,
      `Med ${n} får du en lätt och välventilerad hjälm för ${s('HelmetType') === 'Barnhjälm' ? 'små cyklister' : 'alla dina turer'}.`,
    ],
    details: (_n, s) => [
      s('Protection') === 'Standard'
        ? 'Hjälmen är gjuten i ett stycke och uppfyller EN 1078.'
        : `${s('Protection')} minskar rotationsvåldet mot huvudet vid ett snett fall, och hjälmen uppfyller EN 1078.`,
      'Passformen justeras enkelt med ett hjul i nacken.',
    ],
    lines: [
      'Skydd som sitter skönt.',
      'Lätt, luftig och säker.',
      'Din viktigaste cykelutrustning.',
    ],
    note: 'Byt hjälm efter en olycka och senast efter fem års användning.',
  },
  las: {
    intros: (n, s) => [
      `${n} är ett ${lower(s('LockType'))} med ${lower(s('SecurityLevel'))} i tillverkarens skala.`,
      `Skydda cykeln med ${n}, ett ${lower(s('LockType'))} som är tufft mot tjuvar och enkelt att använda.`,
    ],
    details: (_n, s) => [
      `${s('Material')} ger bra skydd mot bultsaxar och sågar.`,
      s('Certification')
        ? 'Låset är godkänt av Stöldskyddsföreningen, vilket många försäkringsbolag kräver.'
        : 'Hållare för montering på ramen ingår.',
    ],
    lines: [
      'Lås fast – sov gott.',
      'Tryggt skydd för cykeln.',
      'Tufft mot tjuvar, enkelt för dig.',
    ],
    note: 'Lås alltid fast cykeln i ett fast föremål, och spara nyckelnumret på ett säkert ställe.',
  },
  belysning: {
    intros: (n, s) => [
      `${n} är ${withArticle(s('LightType'))} med ${s('Brightness')} som gör dig synlig i mörkret.`,
      `Se och syns med ${n}, ${s('LightType') === 'Lampset' ? 'ett smidigt lampset' : `en smidig ${lower(s('LightType'))}`} för höstmörkret.`,
    ],
    details: (_n, s) => [
      `Den räcker ${s('RunTime')} per laddning och laddas via ${s('Charging').startsWith('USB') || s('Charging').startsWith('Micro') ? s('Charging') : 'utbytbara batterier'}.`,
      'Fästet passar de flesta styren och sadelstolpar och monteras utan verktyg.',
    ],
    lines: ['Syns i mörkret.', 'Ljus för höstmörkret.', 'Laddbar och smidig.'],
    note: 'Enligt lag ska cykeln ha vitt ljus fram och rött ljus bak när det är mörkt.',
  },
  cykelvaska: {
    intros: (n, s) => [
      `${n} är en ${lower(s('BagType'))} på ${s('Volume')} för pendling, handling och långa turer.`,
      `Med ${n} får du plats med dator, lunch och regnkläder.`,
    ],
    details: (_n, s) => [
      `Materialet är ${lower(s('Material'))}.`,
      s('BagType') === 'Cykelryggsäck'
        ? 'Ryggsäcken har reflexdetaljer och en skön, ventilerad rygg.'
        : `Fäste: ${s('Mounting')}.`,
    ],
    lines: ['Packa smart, cykla fritt.', 'Plats för hela dagen.', 'Torrt innehåll i alla väder.'],
    note: 'Torka av väskan med en fuktig trasa; tvätta den inte i maskin.',
  },
  pump: {
    intros: (n, s) => [
      `${n} är en ${lower(s('PumpType'))} som pumpar snabbt och exakt.`,
      `Håll rätt lufttryck med ${n}.`,
    ],
    details: (_n, s) => [
      `Den klarar ${s('Pressure')} och passar alla vanliga ventiler: presta, bilventil och cykelventil.`,
      s('PumpType') === 'Golvpump'
        ? 'Manometern är lätt att läsa och foten står stadigt.'
        : 'Den är liten nog att ha med i väskan eller på ramen.',
    ],
    lines: ['Rätt tryck, snabbt.', 'Färre punkteringar, lättare rull.', 'Pumpa på nolltid.'],
    note: 'Kontrollera lufttrycket varje vecka: rätt tryck står på däckets sida.',
  },
  dack: {
    intros: (n, s) => [
      `${n} är ett ${s('TyreType') === 'Vinterdäck med dubb' ? 'dubbdäck för säker cykling på is och snö' : `däck för ${lower(s('TyreType'))}`}.`,
      `Med ${n} får du ett däck som rullar lätt och håller länge.`,
    ],
    details: (_n, s) => [
      `Punkteringsskyddet (${s('PunctureProtection')}) minskar risken för punktering och rekommenderat tryck är ${s('Pressure')}.`,
      `Finns i dimensionerna ${s('Dimension')}.`,
    ],
    lines: ['Rullar lätt, håller länge.', 'Färre punkteringar.', 'Grepp när det gäller.'],
    note: 'Byt gärna slang samtidigt som däcket. Dimensionen står på däckets sida, till exempel 37-622.',
  },
  slang: {
    intros: (n, s) => [
      `${n} är en slang för ${s('WheelSize')}-hjul med ${lower(s('Valve'))}.`,
      `${n} är en pålitlig slang med ${lower(s('Valve'))} för ${s('WheelSize')}-hjul.`,
    ],
    details: (_n, s) => [
      `Den passar däck i dimensionen ${s('Dimension')}, ventillängden är ${s('ValveLength')} och slangen är tillverkad i ${lower(s('Material'))}.`,
    ],
    lines: [
      'Ha alltid en extra slang med.',
      'Rätt slang, rätt ventil.',
      'Snabbt tillbaka på vägen.',
    ],
    note: 'Kontrollera dimension och ventiltyp på din gamla slang innan du beställer.',
  },
  klader: {
    intros: (n, s) => [
      `${n} är ${s('GarmentType') === 'Bibshorts' || s('GarmentType') === 'Cykelbyxor' ? 'sköna' : 'en skön'} ${lower(s('GarmentType'))} för ${s('Gender') === 'Dam' ? 'dam' : 'herr'} som andas och torkar snabbt.`,
      `${n} håller dig bekväm på både korta och långa turer.`,
    ],
    details: (_n, s) => [
      `Plagget har ${lower(s('Fit'))} och är tillverkat av ${s('Material')}.`,
      'Reflexdetaljer gör dig mer synlig i trafiken.',
    ],
    lines: [
      'Bekväm på cykeln, snygg utanför.',
      'Andas, torkar snabbt, sitter skönt.',
      'Klädd för cykling.',
    ],
    note: 'Tvätta i 30 °C utan sköljmedel. Se storleksguiden för mått.',
  },
  verktyg: {
    intros: (n, s) => [
      `${n} är ${withArticle(s('ToolType'))} ${['Multiverktyg', 'Däckavtagare'].includes(s('ToolType')) ? 'som får plats i fickan på turen' : 'för hemmaverkstaden'}.`,
      `Med ${n} fixar du de vanligaste justeringarna själv.`,
    ],
    details: (_n, s) => [
      s('Functions')
        ? `Verktyget har ${s('Functions')} och är tillverkat i ${lower(s('Material'))}.`
        : `Det är tillverkat i ${lower(s('Material'))}.`,
    ],
    lines: ['Rätt verktyg för jobbet.', 'Fixa cykeln själv.', 'Hållbart och precist.'],
    note: 'Rengör och olja in verktyget efter användning så håller det i många år.',
  },
  barnsits: {
    intros: (n, s) => [
      `${n} är en barnsits för montering ${s('SeatPosition') === 'Fram' ? 'fram på cykeln' : 'bak på cykeln'}.`,
      `Ta med de små på cykelturen i ${n}.`,
    ],
    details: (_n, s) => [
      `Den passar barn ${s('Age')} upp till ${s('MaxLoad')} och har justerbart fotstöd och bälte med barnsäkert spänne.`,
      'Sitsen är testad enligt EN 14344.',
    ],
    lines: [
      'Trygga turer med de små.',
      'Säker, skön och enkel att montera.',
      'Familjens bästa cykeltillbehör.',
    ],
    note: 'Kontrollera att cykelns pakethållare eller ram är godkänd för barnsits innan montering.',
  },
};

function skuAge(s: (id: string) => string): string {
  const wheel = Number(s('WheelSize').replace(/\D/g, ''));
  if (wheel <= 12) return '2–4 år';
  if (wheel <= 14) return '3–5 år';
  if (wheel <= 16) return '4–6 år';
  if (wheel <= 20) return '6–9 år';
  return '8–12 år';
}

/** Writes the texts of a product from its facts and specifications. */
export function productTexts(facts: ProductFacts, specs: Specs, rng: Random): ProductTexts {
  const template = TEXTS[facts.kind];
  const s = (id: string): string => specs.get(id) ?? '';
  const intro = rng.pick(template.intros(facts.name, s, facts));
  const details = template.details(facts.name, s, facts).filter((d) => d !== '');
  const isBike = [
    'elcykel',
    'hybridcykel',
    'stadscykel',
    'mountainbike',
    'racercykel',
    'gravelcykel',
    'barncykel',
    'ladcykel',
  ].includes(facts.kind);
  const sentences = [intro, ...details.slice(0, rng.int(1, details.length))];
  if (isBike) sentences.push(rng.pick(BIKE_CLOSING));
  const text2 = rng.pick(template.lines);
  const singular = CATEGORY_BY_KIND[facts.kind].singular ?? facts.kind;
  return {
    text1: sentences.join(' '),
    text2,
    text3: template.note,
    metaTitle: `${facts.name} – köp ${singular} online`,
    metaDescription: `Köp ${facts.name} hos Trampa. ${text2} Snabb leverans och fri frakt över 499 kr.`,
  };
}
