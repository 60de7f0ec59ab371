/**
 * The seed's legal content pages in Swedish (issue 16): Köpvillkor, Integritetspolicy and Cookies.
 * HTML fragments for "Rich text" widgets (sanitised by the storefront before rendering). The law
 * references: lagen (2005:59) om distansavtal och avtal utanför affärslokaler (ångerrätt 14
 * dagar), konsumentköplagen (2022:260) (reklamation 3 år, 2 års presumtion), bokföringslagen
 * (1999:1078) (7 år), GDPR (EU 2016/679), lagen (2022:482) om elektronisk kommunikation (cookies).
 */

import { SELLER_PLACEHOLDERS } from '../../modules/content/seller-placeholders.ts';

/** A seeded content page: alias, heading, meta description, tags and its rich-text sections. */
export interface SeedContentPage {
  alias: string;
  title: string;
  description: string;
  tags: string[];
  /** One "Rich text" widget each, in order. */
  sections: string[];
}

/**
 * The seller as the pages name it: placeholders the shop API fills from the seller's settings
 * (issue 40 §2; modules/content/seller-placeholders.ts), so the pages never name another company
 * than the receipts do.
 */
export const SELLER = {
  company: SELLER_PLACEHOLDERS.company,
  orgNumber: SELLER_PLACEHOLDERS.organisationNumber,
  vatNumber: SELLER_PLACEHOLDERS.vatNumber,
  address: SELLER_PLACEHOLDERS.address,
  email: SELLER_PLACEHOLDERS.email,
  phone: SELLER_PLACEHOLDERS.phone,
} as const;

const c = SELLER;

/** Köpvillkor. */
export const TERMS_PAGE: SeedContentPage = {
  alias: 'kopvillkor',
  title: 'Köpvillkor',
  description:
    'Köpvillkor: ångerrätt i 14 dagar, reklamation i 3 år, priser inklusive moms, leverans, retur, betalning och personuppgifter.',
  tags: ['menu', 'legal'],
  sections: [
    `<p>Dessa villkor gäller när du handlar av ${c.company} (org.nr ${c.orgNumber}, momsreg.nr ${c.vatNumber}), ${c.address}, i vår webbutik. Genom att slutföra ett köp godkänner du villkoren. Som konsument har du alltid de rättigheter som lagen ger dig, bland annat enligt konsumentköplagen (2022:260) och lagen (2005:59) om distansavtal och avtal utanför affärslokaler (distansavtalslagen).</p>`,
    `<h2>Priser</h2><p>Alla priser för privatpersoner anges i svenska kronor inklusive moms (25 %). Företag ser priserna exklusive moms; momsen läggs till i kassan och visas före köpet. Fraktkostnaden visas i kassan innan du slutför köpet. Vi reserverar oss för uppenbara felskrivningar i pris och produktbeskrivning.</p>
<h2>Beställning och avtal</h2><p>Avtalet är ingånget när du har fått vår orderbekräftelse via e-post. Kontrollera att uppgifterna stämmer och kontakta oss snarast om något är fel. Du måste vara minst 18 år för att handla. Rabattkoder och presentkort löses in i kassan och kan inte bytas mot kontanter.</p>`,
    `<h2>Leverans</h2><p>Varor i lager skickas normalt inom 1–3 arbetsdagar. Du väljer leveranssätt i kassan: leverans till ombud, hemleverans med bud eller hämtning i någon av våra butiker (alltid kostnadsfritt). Cyklar levereras förmonterade; pedaler och styre kan behöva monteras enligt medföljande instruktion. Blir leveransen försenad meddelar vi dig. Blir förseningen väsentlig har du rätt att häva köpet. Risken för varan går över till dig när du eller ditt ombud har tagit emot den.</p>`,
    `<h2>Betalning</h2><p>Du kan betala med kort, mot faktura med 30 dagars betalningstid eller med delbetalning via vår betalpartner. Vid fakturaköp gör betalpartnern en kreditprövning. Beloppet du debiteras är totalbeloppet inklusive moms och frakt som visas på knappen Slutför köp.</p>`,
    `<h2>Ångerrätt – 14 dagar</h2><p>Enligt distansavtalslagen har du som konsument 14 dagars ångerrätt från den dag du tog emot varan. Meddela oss inom ångerfristen via e-post till <a href="mailto:${c.email}">${c.email}</a> eller med Konsumentverkets standardformulär för ångerrätt. Skicka sedan tillbaka varan senast 14 dagar efter att du meddelat oss.</p><p>Vi betalar tillbaka hela beloppet, inklusive den ursprungliga fraktkostnaden för det billigaste leveranssättet, senast 14 dagar efter att vi fått ditt meddelande, men vi får vänta tills vi har fått tillbaka varan. Du betalar returfrakten om inget annat anges. Du får undersöka varan på samma sätt som i en butik; har den använts mer än så (till exempel en cykel som körts utomhus) får vi minska återbetalningen med varans värdeminskning. Ångerrätten gäller inte varor som tillverkats eller anpassats efter dina önskemål, och inte hygienartiklar vars förslutning har brutits.</p>`,
    `<h2>Retur</h2><p>Läs om hur du skickar tillbaka en vara på sidan <a href="/leverans-och-retur">Leverans &amp; retur</a>. Du kan också lämna returen i någon av våra <a href="/butiker">butiker</a>.</p>`,
    `<h2>Reklamation – 3 år</h2><p>Enligt konsumentköplagen har du rätt att reklamera fel som fanns när du fick varan i tre år från mottagandet. Fel som visar sig inom två år antas ha funnits vid leveransen om inte vi visar något annat. Meddela oss inom skälig tid efter att du upptäckt felet; två månader räknas alltid som skälig tid. Vi står för fraktkostnaden vid en godkänd reklamation och avhjälper felet genom reparation eller byte, eller ger prisavdrag eller pengarna tillbaka enligt lagen.</p><p>Normalt slitage på till exempel däck, kedja, bromsbelägg och kassett är inte ett fel, och inte heller skador av olyckor, felaktig montering eller bristande service. Tillverkarens garanti gäller utöver dina lagliga rättigheter.</p>`,
    `<h2>Personuppgifter</h2><p>${c.company} är personuppgiftsansvarig för de uppgifter du lämnar vid köp. Hur vi behandlar dem enligt dataskyddsförordningen (GDPR) beskriver vi i vår <a href="/integritetspolicy">integritetspolicy</a>.</p>`,
    `<h2>Kundtjänst</h2><p>Frågor om din order, en retur eller en reklamation? Skriv till <a href="mailto:${c.email}">${c.email}</a> eller ring ${c.phone} vardagar 9–16. Fler sätt att nå oss finns under <a href="/kundtjanst">Kundtjänst</a>.</p>`,
    `<h2>Tvister</h2><p>Kontakta oss först så försöker vi lösa saken. Du kan också vända dig till Allmänna reklamationsnämnden (ARN), Box 174, 101 23 Stockholm, arn.se, eller till EU:s plattform för tvistlösning online. Svensk lag gäller.</p>`,
  ],
};

/** Integritetspolicy. */
export const PRIVACY_PAGE: SeedContentPage = {
  alias: 'integritetspolicy',
  title: 'Integritetspolicy',
  description:
    'Så behandlar Trampa dina personuppgifter enligt dataskyddsförordningen (GDPR): vilka uppgifter, varför, hur länge och dina rättigheter.',
  tags: ['menu', 'legal'],
  sections: [
    `<p>${c.company} (org.nr ${c.orgNumber}) är personuppgiftsansvarig för behandlingen av dina personuppgifter i webbutiken och i våra butiker. Vi behandlar uppgifterna enligt dataskyddsförordningen (EU) 2016/679 (GDPR).</p>`,
    `<h2>Vilka uppgifter och varför</h2><ul>
<li><strong>Köp och leverans:</strong> namn, adress, e-post, telefon och person- eller organisationsnummer, för att fullgöra köpeavtalet (artikel 6.1 b).</li>
<li><strong>Bokföring:</strong> order- och betalningsuppgifter, som bokföringslagen (1999:1078) kräver att vi sparar i sju år (rättslig förpliktelse, artikel 6.1 c).</li>
<li><strong>Kundkonto:</strong> dina uppgifter och din orderhistorik så länge du har kontot (avtal).</li>
<li><strong>Nyhetsbrev:</strong> din e-postadress, när du har samtyckt (artikel 6.1 a). Du kan när som helst avsluta via länken i varje utskick.</li>
<li><strong>Kundtjänst och reklamationer:</strong> det du skriver till oss, så länge ärendet och reklamationsfristen kräver.</li>
</ul>`,
    `<h2>Vilka vi delar uppgifter med</h2><p>Vi delar bara de uppgifter som behövs med fraktbolag (leverans), betalpartner (betalning och kreditprövning) och våra IT-leverantörer, som är personuppgiftsbiträden och bara får behandla uppgifterna enligt våra instruktioner. Vi säljer aldrig dina uppgifter. Uppgifterna behandlas inom EU/EES.</p>`,
    `<h2>Dina rättigheter</h2><p>Du har rätt att få ut en kopia av dina uppgifter, att få felaktiga uppgifter rättade, att få uppgifter raderade när vi inte längre behöver dem, att invända mot behandling och att få ut uppgifter du lämnat i ett maskinläsbart format. Har du ett konto gör du det mesta själv under <a href="/mina-sidor/installningar">Mina sidor</a>. Kontakta oss annars på <a href="mailto:${c.email}">${c.email}</a>.</p><p>Du kan lämna klagomål till Integritetsskyddsmyndigheten (IMY), imy.se.</p>`,
    `<h2>Cookies</h2><p>Om cookies och liknande tekniker kan du läsa på sidan <a href="/cookies">Cookies</a>.</p>`,
  ],
};

/** Cookies. */
export const COOKIES_PAGE: SeedContentPage = {
  alias: 'cookies',
  title: 'Cookies',
  description:
    'Vilka cookies Trampa använder och varför: bara de som behövs för att butiken ska fungera.',
  tags: ['menu', 'legal'],
  sections: [
    `<p>En cookie är en liten textfil som webbplatsen sparar i din webbläsare. Enligt lagen (2022:482) om elektronisk kommunikation får vi spara cookies som behövs för att leverera tjänsten du har bett om; för alla andra krävs ditt samtycke.</p>`,
    `<h2>Cookies vi använder</h2><ul>
<li><strong>Varukorg:</strong> kommer ihåg din varukorg mellan besöken.</li>
<li><strong>Inloggning:</strong> håller dig inloggad på Mina sidor medan du handlar.</li>
<li><strong>Marknad och kundtyp:</strong> kommer ihåg om du handlar som privatperson eller företag och i vilket land.</li>
<li><strong>Säkerhet:</strong> skyddar formulär mot förfalskade anrop.</li>
</ul><p>Alla är nödvändiga för att butiken ska fungera. Vi använder inga cookies för marknadsföring eller spårning, och ingen tredje part sätter cookies via vår webbplats.</p>`,
    `<h2>Så tar du bort cookies</h2><p>Du kan radera cookies i webbläsarens inställningar. Då töms din varukorg och du loggas ut.</p>`,
  ],
};
