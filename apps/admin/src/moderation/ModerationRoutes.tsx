/**
 * The moderation part of the back office (issue 27 "Moderation and content"): its navigation
 * links and routes, each shown only to roles with the permission (the API checks it again).
 * Reviews and content (pages, widget areas, menus) need content:read; leasing applications
 * orders:read; subscribers customers:read.
 */
import { NavLink, Route } from 'react-router';
import type { Me } from '../api.ts';
import { ContentEditPage } from '../content/ContentEditPage.tsx';
import { ContentListPage } from '../content/ContentListPage.tsx';
import { MenusPage } from '../content/MenusPage.tsx';
import { LeasingPage } from './LeasingPage.tsx';
import { ReviewsPage } from './ReviewsPage.tsx';
import { SubscribersPage } from './SubscribersPage.tsx';

/** What the role may see of moderation. */
function access(me: Me) {
  const can = (permission: string) => me.permissions.includes(permission);
  return {
    content: can('content:read') || can('content:write'),
    writeContent: can('content:write'),
    leasing: can('orders:read') || can('orders:write'),
    writeLeasing: can('orders:write'),
    subscribers: can('customers:read') || can('customers:write'),
  };
}

/** The navigation links (list items) of the moderation pages the role may use. */
export function ModerationLinks({ me }: { me: Me }) {
  const allowed = access(me);
  return (
    <>
      {allowed.content ? (
        <>
          <li>
            <NavLink to="/innehall">Innehåll</NavLink>
          </li>
          <li>
            <NavLink to="/menyer">Menyer</NavLink>
          </li>
          <li>
            <NavLink to="/recensioner">Recensioner</NavLink>
          </li>
        </>
      ) : null}
      {allowed.leasing ? (
        <li>
          <NavLink to="/leasing">Förmånscykel</NavLink>
        </li>
      ) : null}
      {allowed.subscribers ? (
        <li>
          <NavLink to="/prenumeranter">Prenumeranter</NavLink>
        </li>
      ) : null}
    </>
  );
}

/** The routes of the moderation pages the role may use (children of `<Routes>`). */
export function moderationRoutes(me: Me) {
  const allowed = access(me);
  return (
    <>
      {allowed.content ? (
        <Route path="/recensioner" element={<ReviewsPage canWrite={allowed.writeContent} />} />
      ) : null}
      {allowed.content ? (
        <Route path="/innehall" element={<ContentListPage canWrite={allowed.writeContent} />} />
      ) : null}
      {allowed.writeContent ? <Route path="/innehall/:id" element={<ContentEditPage />} /> : null}
      {allowed.content ? (
        <Route path="/menyer" element={<MenusPage canWrite={allowed.writeContent} />} />
      ) : null}
      {allowed.leasing ? (
        <Route path="/leasing" element={<LeasingPage canWrite={allowed.writeLeasing} />} />
      ) : null}
      {allowed.subscribers ? <Route path="/prenumeranter" element={<SubscribersPage />} /> : null}
    </>
  );
}
