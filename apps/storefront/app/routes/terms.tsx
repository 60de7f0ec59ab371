/**
 * `/kopvillkor`: the shop's terms of purchase (issue 14: the checkout's terms box links here), in
 * the default layout. Swedish consumer terms for a bicycle shop under distansavtalslagen
 * (2005:59) and konsumentköplagen (2022:260): 14 days' right of withdrawal, 3 years to complain,
 * prices incl. moms, delivery, payment, personal data, contact. Static text until a content
 * module replaces it; the contact details are the footer's (features/layout/contact.ts).
 */
import { Link } from 'react-router';
import type { Route } from './+types/terms';
import { contact } from '../features/layout/contact';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';
import contentStyles from '../styles/content.css?url';

/** Text page styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: contentStyles }];

/** "Köpvillkor | <shop>", with its canonical path. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), {
    title: t('terms.title'),
    description:
      'Köpvillkor: ångerrätt i 14 dagar, reklamation i 3 år, priser inklusive moms, leverans, betalning och personuppgifter.',
    canonicalPath: '/kopvillkor',
  });

/** The terms of purchase. */
export default function TermsPage({ matches }: Route.ComponentProps) {
  const shop = shopFromMatches(matches)?.name ?? 'Trampa';
  return (
    <article className="page container content-page">
      <h1>{t('terms.title')}</h1>
      <p>
        Dessa villkor gäller när du som privatperson eller företag handlar hos {shop} i vår
        webbutik. Genom att slutföra ett köp godkänner du villkoren. Du har alltid de rättigheter
        som lagen ger dig som konsument, bland annat enligt konsumentköplagen och lagen om
        distansavtal och avtal utanför affärslokaler.
      </p>

      <h2>Priser</h2>
      <p>
        Alla priser för privatpersoner anges i svenska kronor inklusive moms (25 %). Företag ser
        priserna exklusive moms; momsen läggs till i kassan och visas före köpet. Fraktkostnaden
        visas i kassan innan du slutför köpet. Vi reserverar oss för uppenbara felskrivningar i pris
        och produktbeskrivning.
      </p>

      <h2>Beställning och avtal</h2>
      <p>
        Avtalet är ingånget när du har fått vår orderbekräftelse via e-post. Kontrollera att
        uppgifterna i bekräftelsen stämmer och kontakta oss snarast om något är fel. Du måste vara
        minst 18 år för att handla. Rabattkoder och presentkort löses in i kassan och kan inte bytas
        mot kontanter.
      </p>

      <h2>Leverans</h2>
      <p>
        Varor i lager skickas normalt inom 1–3 arbetsdagar. Du väljer leveranssätt i kassan:
        leverans till ombud, hemleverans med bud eller hämtning i någon av våra butiker. Fri frakt
        gäller leverans till ombud när varorna är värda minst gränsen som anges i butiken;
        hemleverans kostar alltid sin avgift och hämtning i butik är alltid kostnadsfri. Cyklar
        levereras förmonterade; pedaler och styre kan behöva monteras enligt medföljande
        instruktion. Om leveransen blir försenad meddelar vi dig. Blir förseningen väsentlig har du
        rätt att häva köpet. Risken för varan går över till dig när du eller ditt ombud har tagit
        emot den.
      </p>

      <h2>Betalning</h2>
      <p>
        Du kan betala mot faktura med 30 dagars betalningstid eller med kort eller delbetalning via
        vår betalpartner. Vid fakturaköp gör vi en kreditprövning och behandlar ditt personnummer
        för detta ändamål. Beloppet du debiteras är det totalbelopp inklusive moms och frakt som
        visas på knappen Slutför köp.
      </p>

      <h2>Ångerrätt – 14 dagar</h2>
      <p>
        Som konsument har du 14 dagars ångerrätt från den dag du tog emot varan. Meddela oss inom
        ångerfristen via e-post till <a href={`mailto:${contact.email}`}>{contact.email}</a> eller
        med Konsumentverkets standardformulär för ångerrätt. Skicka sedan tillbaka varan senast 14
        dagar efter att du meddelat oss. Vi betalar tillbaka hela beloppet, inklusive den
        ursprungliga fraktkostnaden för det billigaste leveranssättet, senast 14 dagar efter att vi
        fått ditt meddelande, men vi får vänta tills vi har fått tillbaka varan. Du betalar
        returfrakten om inget annat anges. Du får undersöka varan på samma sätt som i en butik; har
        den använts mer än så (till exempel en cykel som körts utomhus) får vi minska
        återbetalningen med varans värdeminskning. Ångerrätten gäller inte varor som tillverkats
        eller anpassats efter dina önskemål, och inte hygienartiklar vars förslutning har brutits.
      </p>

      <h2>Reklamation – 3 år</h2>
      <p>
        Du har rätt att reklamera fel som fanns när du fick varan i tre år från mottagandet. Fel som
        visar sig inom två år antas ha funnits vid leveransen om inte vi visar något annat. Meddela
        oss inom skälig tid efter att du upptäckt felet; två månader räknas alltid som skälig tid.
        Vi står för fraktkostnaden vid en godkänd reklamation och väljer att reparera eller byta
        varan, eller ge prisavdrag eller pengarna tillbaka enligt konsumentköplagen. Normalt slitage
        på till exempel däck, kedja, bromsbelägg och kassett är inte ett fel, och inte heller skador
        av olyckor, felaktig montering eller bristande service. Tillverkarens garanti gäller utöver
        dina lagliga rättigheter.
      </p>

      <h2>Personuppgifter</h2>
      <p>
        {shop} är personuppgiftsansvarig för de uppgifter du lämnar vid köp: namn, adress, e-post,
        telefon och person- eller organisationsnummer. Vi behandlar dem för att fullgöra köpet
        (leverans, betalning, kundtjänst, reklamationer) och för att uppfylla bokföringslagen, som
        kräver att vi sparar underlaget i sju år. Uppgifterna delas bara med dem som behövs för
        köpet, som fraktbolag och betalpartner. Du har rätt att få ut, rätta och i vissa fall radera
        dina uppgifter; har du ett konto gör du det under{' '}
        <Link to="/mina-sidor/installningar">Mina sidor</Link>. Du kan klaga hos
        Integritetsskyddsmyndigheten (IMY).
      </p>

      <h2>Tvister</h2>
      <p>
        Kontakta oss först så försöker vi lösa saken. Du kan också vända dig till Allmänna
        reklamationsnämnden (ARN), Box 174, 101 23 Stockholm, arn.se, eller till EU:s plattform för
        tvistlösning online. Svensk lag gäller.
      </p>

      <h2>Kontakt</h2>
      <p>
        Kundtjänst: <a href={contact.phoneHref}>{contact.phoneDisplay}</a>, e-post{' '}
        <a href={`mailto:${contact.email}`}>{contact.email}</a>.
      </p>
    </article>
  );
}
