/**
 * The catalogue part of the back office under `/sortiment` (issue 26): products, a product's
 * page, categories and brands. One route in main.tsx leads here.
 */
import { NavLink, Route, Routes } from 'react-router';
import type { Me } from '../api.ts';
import { ProductEditPage } from './ProductEditPage.tsx';
import { ProductListPage } from './ProductListPage.tsx';
import { TaxonomyPage } from './TaxonomyPage.tsx';

/** `/sortiment/*`. */
export function CatalogueRoutes({ me }: { me: Me }) {
  const canWrite = me.permissions.includes('catalogue:write');
  return (
    <>
      <nav aria-label="Sortiment" className="subnav">
        <ul>
          <li>
            <NavLink to="/sortiment" end>
              Produkter
            </NavLink>
          </li>
          <li>
            <NavLink to="/sortiment/kategorier">Kategorier och varumärken</NavLink>
          </li>
        </ul>
      </nav>
      <Routes>
        <Route index element={<ProductListPage canWrite={canWrite} />} />
        <Route path="kategorier" element={<TaxonomyPage canWrite={canWrite} />} />
        <Route path=":id" element={<ProductEditPage me={me} />} />
      </Routes>
    </>
  );
}
