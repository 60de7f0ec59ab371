/**
 * The back office (issue 26; ADR 015): a React single-page app under `/admin`. It asks the admin
 * API who is logged in, shows the login page when nobody is, and otherwise the layout with the
 * pages the role may use (only links for what exists and is allowed).
 */
import { StrictMode, useCallback, useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Navigate, NavLink, Route, Routes, useLocation } from 'react-router';
import { AccountPage } from './AccountPage.tsx';
import { adminRequest, type Me } from './api.ts';
import { AuditPage } from './AuditPage.tsx';
import { CampaignsPage } from './CampaignsPage.tsx';
import { GiftCardsPage } from './GiftCardsPage.tsx';
import { PromoCodesPage } from './PromoCodesPage.tsx';
import { CatalogueRoutes } from './catalogue/CatalogueRoutes.tsx';
import { CsvPage } from './CsvPage.tsx';
import { Dashboard } from './dashboard/Dashboard.tsx';
import { OrdersRoutes } from './orders/OrdersRoutes.tsx';
import { CustomerListPage } from './customers/CustomerListPage.tsx';
import { CustomerPage } from './customers/CustomerPage.tsx';
import { ModerationLinks, moderationRoutes } from './moderation/ModerationRoutes.tsx';
import { LoginPage } from './LoginPage.tsx';
import { StaffPage } from './StaffPage.tsx';
import { StockPage } from './StockPage.tsx';
import '../../storefront/app/styles/tokens.css';
import './styles.css';

const ME = '{ activeAdministrator { id email role roleName permissions } }';

/** Moves focus to the page's heading after navigation (screen readers hear the new page). */
function useFocusOnNavigate() {
  const location = useLocation();
  useEffect(() => {
    const heading = document.querySelector<HTMLElement>('main h1');
    heading?.setAttribute('tabindex', '-1');
    heading?.focus();
  }, [location.pathname]);
}

function Layout({ me, onLogout }: { me: Me; onLogout: () => void }) {
  useFocusOnNavigate();
  const can = (permission: string) => me.permissions.includes(permission);
  const canStaff = can('staff:write');
  const canAudit = can('audit:read');
  const canPrices = can('prices:read') || can('prices:write');
  const writePrices = can('prices:write');
  const canCatalogue = can('catalogue:read') || can('catalogue:write');
  const canStock = can('stock:read') || can('stock:write');
  const canOrders = can('orders:read') || can('orders:write');
  const canCustomers = can('customers:read') || can('customers:write');
  async function logout() {
    await adminRequest('mutation { logout }').catch(() => undefined);
    onLogout();
  }
  return (
    <>
      <a className="skip-link" href="#main">
        Hoppa till innehållet
      </a>
      <header className="admin-header">
        <span className="brand">Trampa administration</span>
        <nav aria-label="Administration">
          <ul>
            <li>
              <NavLink to="/" end>
                Start
              </NavLink>
            </li>
            {canOrders ? (
              <li>
                <NavLink to="/ordrar">Ordrar</NavLink>
              </li>
            ) : null}
            {canCatalogue ? (
              <li>
                <NavLink to="/sortiment">Sortiment</NavLink>
              </li>
            ) : null}
            {canStaff ? (
              <li>
                <NavLink to="/personal">Personal</NavLink>
              </li>
            ) : null}
            {canPrices ? (
              <>
                <li>
                  <NavLink to="/kampanjer">Kampanjer</NavLink>
                </li>
                <li>
                  <NavLink to="/rabattkoder">Rabattkoder</NavLink>
                </li>
                <li>
                  <NavLink to="/presentkort">Presentkort</NavLink>
                </li>
              </>
            ) : null}
            {canStock ? (
              <li>
                <NavLink to="/lager">Lager</NavLink>
              </li>
            ) : null}
            {canCustomers ? (
              <li>
                <NavLink to="/kunder">Kunder</NavLink>
              </li>
            ) : null}
            {canCatalogue ? (
              <li>
                <NavLink to="/csv">CSV</NavLink>
              </li>
            ) : null}
            <ModerationLinks me={me} />
            {canAudit ? (
              <li>
                <NavLink to="/handelser">Händelselogg</NavLink>
              </li>
            ) : null}
          </ul>
        </nav>
        <div className="who">
          <NavLink to="/konto" aria-label={`Mitt konto: ${me.email} (${me.roleName})`}>
            {me.email} ({me.roleName})
          </NavLink>
          <button type="button" className="button button-secondary" onClick={() => void logout()}>
            Logga ut
          </button>
        </div>
      </header>
      <main id="main" className="admin-main">
        <Routes>
          <Route path="/" element={<Dashboard me={me} />} />
          <Route path="/konto" element={<AccountPage me={me} />} />
          {canCatalogue ? (
            <Route path="/sortiment/*" element={<CatalogueRoutes me={me} />} />
          ) : null}
          {canOrders ? <Route path="/ordrar/*" element={<OrdersRoutes me={me} />} /> : null}
          {canStaff ? <Route path="/personal" element={<StaffPage me={me} />} /> : null}
          {canPrices ? (
            <>
              <Route path="/kampanjer" element={<CampaignsPage canWrite={writePrices} />} />
              <Route path="/rabattkoder" element={<PromoCodesPage canWrite={writePrices} />} />
              <Route path="/presentkort" element={<GiftCardsPage canWrite={writePrices} />} />
            </>
          ) : null}
          {canStock ? <Route path="/lager" element={<StockPage me={me} />} /> : null}
          {canCustomers ? (
            <>
              <Route path="/kunder" element={<CustomerListPage />} />
              <Route
                path="/kunder/gast"
                element={<CustomerPage canWrite={can('customers:write')} />}
              />
              <Route
                path="/kunder/:id"
                element={<CustomerPage canWrite={can('customers:write')} />}
              />
            </>
          ) : null}
          {canCatalogue ? <Route path="/csv" element={<CsvPage me={me} />} /> : null}
          {moderationRoutes(me)}
          {canAudit ? (
            <Route path="/handelser" element={<AuditPage staffFilter={canStaff} />} />
          ) : null}
          <Route path="*" element={<Navigate to="/" replace />} />
        </Routes>
      </main>
    </>
  );
}

function App() {
  const [me, setMe] = useState<Me | null | undefined>(undefined);
  const refresh = useCallback(() => {
    adminRequest<{ activeAdministrator: Me | null }>(ME)
      .then((data) => setMe(data.activeAdministrator))
      .catch(() => setMe(null));
  }, []);
  useEffect(refresh, [refresh]);
  if (me === undefined) return <p className="loading">Laddar …</p>;
  if (me === null) return <LoginPage onLoggedIn={refresh} />;
  return <Layout me={me} onLogout={() => setMe(null)} />;
}

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <BrowserRouter basename="/admin">
      <App />
    </BrowserRouter>
  </StrictMode>,
);
