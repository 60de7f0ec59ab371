/**
 * Brands index: `/varumarken` (SPEC §2; GEINS-API §2.4 `brands`), A–Ö grouped by first letter,
 * each brand with its number of products (from the Brand facet of products(take: 0)).
 */
import { Link } from 'react-router';
import type { Route } from './+types/brands';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { BrandsPageDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { useCulture } from '../market/market-view';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** Title, description and canonical. */
export const meta: Route.MetaFunction = ({ loaderData, matches }) =>
  loaderData ? pageMeta(shopFromMatches(matches), loaderData.seo) : [];

/** A brand with its product count. */
interface BrandEntry {
  id: number;
  name: string;
  url: string;
  count: number;
}

/** Groups brands by their first letter, A–Ö in Swedish order ("0–9" for digits). */
export function groupByLetter(
  brands: BrandEntry[],
): Array<{ letter: string; brands: BrandEntry[] }> {
  const sorted = [...brands].sort((a, b) => a.name.localeCompare(b.name, 'sv'));
  const groups: Array<{ letter: string; brands: BrandEntry[] }> = [];
  for (const brand of sorted) {
    const first = brand.name.charAt(0).toLocaleUpperCase('sv');
    const letter = /\p{L}/u.test(first) ? first : '0–9';
    const group = groups.find((g) => g.letter === letter);
    if (group) group.brands.push(brand);
    else groups.push({ letter, brands: [brand] });
  }
  return groups;
}

/** Every brand with its product count. */
export async function loader({ context }: Route.LoaderArgs) {
  const data = await context.api.query(BrandsPageDocument);
  const counts = new Map<string, number>();
  for (const facet of data.products?.filters?.facets ?? []) {
    if (facet?.type !== 'Brand') continue;
    for (const value of facet.values ?? []) {
      if (value?.facetId) counts.set(value.facetId, Number(value.count));
    }
  }
  const brands: BrandEntry[] = (data.brands ?? [])
    .filter((b) => b !== null)
    .map((b) => ({
      id: b.brandId,
      name: b.name ?? b.alias ?? '',
      url: b.canonicalUrl ?? `/b/${b.alias}`,
      count: counts.get(`b_${b.brandId}`) ?? 0,
    }))
    .filter((b) => b.count > 0);
  return {
    groups: groupByLetter(brands),
    total: brands.length,
    seo: {
      title: t('brands.title'),
      description: t('brands.description', { shop: context.shop.name }),
      canonicalPath: '/varumarken',
    },
  };
}

/** The brands page. */
export default function BrandsPage({ loaderData }: Route.ComponentProps) {
  const { groups } = loaderData;
  const culture = useCulture();
  return (
    <div className="page container">
      <Breadcrumbs items={[{ name: t('brands.title'), url: '/varumarken' }]} />
      <header className="list-header">
        <h1 className="list-header__title">{t('brands.title')}</h1>
        <p className="list-header__description">
          {t('brands.count', { count: loaderData.total }, culture)}
        </p>
      </header>
      <nav aria-label={t('brands.letters')} className="brand-letters">
        <ul>
          {groups.map((group) => (
            <li key={group.letter}>
              <a href={`#bokstav-${group.letter}`}>{group.letter}</a>
            </li>
          ))}
        </ul>
      </nav>
      <div className="brand-index">
        {groups.map((group) => (
          <section
            key={group.letter}
            aria-labelledby={`bokstav-${group.letter}`}
            className="brand-group"
          >
            <h2 id={`bokstav-${group.letter}`} className="brand-group__letter">
              {group.letter}
            </h2>
            <ul className="brand-group__list">
              {group.brands.map((brand) => (
                <li key={brand.id}>
                  <Link to={brand.url}>
                    {brand.name}
                    <span className="brand-group__count">
                      {t('brands.products', { count: brand.count }, culture)}
                    </span>
                  </Link>
                </li>
              ))}
            </ul>
          </section>
        ))}
      </div>
    </div>
  );
}
