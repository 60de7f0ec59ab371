/**
 * The seed's shop content pages in Swedish (issue 16): Om oss, Kundtjänst, Leverans & retur,
 * Storleksguide, Förmånscykel and Butiker (the introduction of `/butiker`, which lists the
 * stores).
 */
import { SELLER as c, type SeedContentPage } from './content-legal.ts';

/** Om oss. */
export const ABOUT_PAGE: SeedContentPage = {
  alias: 'om-oss',
  title: 'Om oss',
  description:
    'Trampa är en cykelbutik med verkstad i Stockholm, Göteborg och Malmö och en webbutik för hela Sverige.',
  tags: ['menu'],
  sections: [
    `<p>Trampa startade 2012 som en liten cykelverkstad på Södermalm i Stockholm. I dag har vi butiker med egen verkstad i Stockholm, Göteborg och Malmö, och en webbutik som levererar i hela Sverige.</p>`,
    `<h2>Cyklar för vardagen</h2><p>Vi tror att cykeln är det bästa sättet att ta sig fram i staden. Därför väljer vi cyklar och tillbehör som håller för svenskt väder och daglig pendling, och vi monterar och provkör varje cykel innan den lämnar oss.</p><h2>Service som varar</h2><p>Alla cyklar från oss får en fri första service inom sex månader i någon av våra butiker. Våra mekaniker hjälper dig också med reparationer, oavsett var du har köpt din cykel.</p>`,
  ],
};

/** Kundtjänst / Kontakt. */
export const CUSTOMER_SERVICE_PAGE: SeedContentPage = {
  alias: 'kundtjanst',
  title: 'Kundtjänst',
  description:
    'Kontakta Trampas kundtjänst via e-post eller telefon. Svar på vanliga frågor om order, leverans, retur och reklamation.',
  tags: ['menu'],
  sections: [
    `<p>Vi hjälper dig gärna med frågor om produkter, beställningar, leveranser och reklamationer.</p><ul><li>E-post: <a href="mailto:${c.email}">${c.email}</a> – vi svarar inom en arbetsdag.</li><li>Telefon: <a href="tel:${c.phone}">${c.phone}</a>, vardagar 9–16.</li><li>Post: ${c.company}, ${c.address}.</li></ul>`,
    `<h2>Vanliga frågor</h2><h3>Var är min order?</h3><p>När ordern skickas får du ett e-postmeddelande med spårningslänk. Är du inloggad ser du dina ordrar under <a href="/mina-sidor/ordrar">Mina sidor</a>.</p><h3>Hur ångrar jag ett köp?</h3><p>Du har 14 dagars ångerrätt. Läs hur du gör under <a href="/leverans-och-retur">Leverans &amp; retur</a>.</p><h3>Min cykel har ett fel – vad gör jag?</h3><p>Kontakta oss med ordernummer och gärna en bild på felet. Du har tre års reklamationsrätt enligt konsumentköplagen; se <a href="/kopvillkor">köpvillkoren</a>.</p>`,
  ],
};

/** Leverans & retur. */
export const DELIVERY_PAGE: SeedContentPage = {
  alias: 'leverans-och-retur',
  title: 'Leverans & retur',
  description:
    'Leveranssätt, leveranstider och hur du returnerar en vara till Trampa inom 14 dagars ångerrätt.',
  tags: ['menu'],
  sections: [
    `<h2>Leverans</h2><p>Varor i lager skickas inom 1–3 arbetsdagar. I kassan väljer du mellan:</p><ul><li><strong>Leverans till ombud</strong> – fri frakt över fraktfrigränsen som visas i varukorgen.</li><li><strong>Hemleverans med bud</strong> – kvällsleverans till dörren, även för cyklar.</li><li><strong>Hämta i butik</strong> – alltid kostnadsfritt. Du får ett meddelande när varan är redo att hämtas.</li></ul><p>Cyklar levereras förmonterade i en kartong. Du behöver oftast bara rakställa styret och skruva i pedalerna.</p>`,
    `<h2>Retur</h2><p>Du har 14 dagars ångerrätt från den dag du tog emot varan. Så gör du:</p><ol><li>Meddela oss på <a href="mailto:${c.email}">${c.email}</a> med ditt ordernummer.</li><li>Packa varan väl, gärna i originalförpackningen.</li><li>Skicka den till oss inom 14 dagar efter ditt meddelande, eller lämna den i någon av våra butiker.</li></ol><p>Vi betalar tillbaka inom 14 dagar från att vi fått ditt meddelande, men får vänta tills vi har fått tillbaka varan. Returfrakten betalar du själv. En cykel som har körts utomhus kan ha minskat i värde; läs mer i <a href="/kopvillkor">köpvillkoren</a>.</p>`,
  ],
};

/** Storleksguide för cyklar. */
export const SIZE_GUIDE_PAGE: SeedContentPage = {
  alias: 'storleksguide',
  title: 'Storleksguide för cyklar',
  description:
    'Hitta rätt ramstorlek: mät din innerbenslängd och jämför med tabellen för stadscykel, hybrid, mountainbike och racer.',
  tags: ['menu'],
  sections: [
    `<p>Rätt ramstorlek gör cykeln bekvämare och säkrare. Mät din innerbenslängd: stå barfota mot en vägg med en bok mellan benen och mät från golvet till bokens ovankant.</p>`,
    `<table><caption>Ramstorlek efter längd och innerben</caption><thead><tr><th scope="col">Din längd</th><th scope="col">Innerben</th><th scope="col">Stads- och hybridcykel</th><th scope="col">Mountainbike</th><th scope="col">Racer och gravel</th></tr></thead><tbody>
<tr><td>155–165 cm</td><td>70–76 cm</td><td>XS (46–48 cm)</td><td>XS (13–14")</td><td>XS (47–49 cm)</td></tr>
<tr><td>165–175 cm</td><td>76–81 cm</td><td>S (49–52 cm)</td><td>S (15–16")</td><td>S (50–52 cm)</td></tr>
<tr><td>175–185 cm</td><td>81–86 cm</td><td>M (53–56 cm)</td><td>M (17–18")</td><td>M (53–55 cm)</td></tr>
<tr><td>185–195 cm</td><td>86–91 cm</td><td>L (57–60 cm)</td><td>L (19–20")</td><td>L (56–58 cm)</td></tr>
<tr><td>195–205 cm</td><td>91–96 cm</td><td>XL (61–64 cm)</td><td>XL (21–22")</td><td>XL (59–61 cm)</td></tr>
</tbody></table>`,
    `<h2>Barncyklar</h2><p>Barncyklar väljs efter hjulstorlek: 12" för 2–4 år, 16" för 4–6 år, 20" för 6–9 år och 24" för 8–12 år. Barnet ska nå marken med tåspetsarna när det sitter på sadeln.</p><p>Är du mellan två storlekar? Kom in och provcykla i någon av våra <a href="/butiker">butiker</a>.</p>`,
  ],
};

/** Förmånscykel: the scheme, and the way into the leasing flow (issue 21). */
export const BENEFIT_BIKE_PAGE: SeedContentPage = {
  alias: 'formanscykel',
  title: 'Förmånscykel',
  description:
    'Cykla till jobbet med förmånscykel via din arbetsgivare: så fungerar bruttolöneavdrag och förmånsvärde.',
  tags: ['menu'],
  sections: [
    `<p>Med förmånscykel hyr din arbetsgivare en cykel av oss som du sedan får använda, både till och från jobbet och på fritiden. Du betalar via ett avdrag på bruttolönen, vilket ofta blir billigare än att köpa cykeln själv.</p>`,
    `<h2>Så fungerar det</h2><ol><li>Din arbetsgivare tecknar ett avtal om förmånscykel med oss.</li><li>Du väljer en cykel och tillbehör, i butik eller i webbutiken.</li><li>Avtalet löper normalt i 36 månader. Service ingår.</li><li>När avtalet är slut kan du ofta köpa loss cykeln till marknadsvärdet.</li></ol><h2>Skatt</h2><p>Förmånen är skattepliktig, men förmånsvärdet upp till 3 000 kronor per år är skattefritt enligt inkomstskattelagen. Hur mycket du sparar beror på din lön och kommunalskatt.</p><p>Vill ditt företag erbjuda förmånscykel? Kontakta oss på <a href="mailto:${c.email}">${c.email}</a>.</p>`,
    `<h2>Ansök i webbutiken</h2><ol><li>Välj en <a href="/c/elcyklar">elcykel</a> eller annan cykel och räkna på din månadskostnad på produktsidan.</li><li>Välj ”Leasa via din arbetsgivare”: cykeln hamnar i din <a href="/formanscykel/varukorg">förmånscykelkorg</a>, skild från den vanliga varukorgen.</li><li>Fyll i <a href="/formanscykel/ansokan">ansökan</a> med din arbetsgivares uppgifter. Vi reserverar cykeln och mejlar din arbetsgivare, som godkänner eller avslår.</li><li>När ansökan är godkänd får du en orderbekräftelse, och ordern syns under Mina sidor.</li></ol><p>Cykelns pris ska vara mellan 5 000 och 60 000 kronor. <a href="/kopvillkor">Köpvillkoren</a> gäller.</p>`,
  ],
};

/**
 * Butiker: the introduction of `/butiker`, whose route lists the seeded stores (./stores.ts)
 * with addresses and opening hours below this page's widgets (issue 20), so the page itself
 * names no address.
 */
export const STORES_PAGE: SeedContentPage = {
  alias: 'butiker',
  title: 'Butiker',
  description:
    'Trampas butiker med verkstad i Stockholm, Göteborg och Malmö: adresser och öppettider.',
  tags: ['menu'],
  sections: [
    `<p>I våra butiker kan du provcykla, hämta din webborder kostnadsfritt och lämna in din cykel på service.</p>`,
  ],
};

/** Every seeded content page, in menu order. */
export const SHOP_PAGES: readonly SeedContentPage[] = [
  ABOUT_PAGE,
  CUSTOMER_SERVICE_PAGE,
  DELIVERY_PAGE,
  SIZE_GUIDE_PAGE,
  BENEFIT_BIKE_PAGE,
  STORES_PAGE,
];
