/**
 * A content page (issue 16; `/{alias}`, `/content/{alias}`, `/preview-widgets`): its heading and
 * widget rows, with the `info-pages` side menu beside it when the page is tagged "menu" and the
 * caller passes one (`sideMenu`: the menus module fills it from `getMenuAtLocation("info-pages")`).
 */
import type { ReactNode } from 'react';
import { WidgetArea } from './widgets';
import type { AreaView } from './widget-view';

/**
 * The page; `notice` shows above the heading (e.g. the preview's "Förhandsgranskning"),
 * `children` below the widgets (e.g. `/butiker`'s store list).
 */
export function ContentPage({
  area,
  sideMenu,
  notice,
  children,
}: {
  area: AreaView;
  sideMenu?: ReactNode;
  notice?: ReactNode;
  children?: ReactNode;
}) {
  const withMenu = area.tags.includes('menu') && sideMenu ? sideMenu : null;
  const title = area.title ?? area.meta.title;
  return (
    <div className={withMenu ? 'container content-layout content-layout--menu' : 'content-layout'}>
      {withMenu ? <aside className="content-layout__menu">{withMenu}</aside> : null}
      <article className="page content-article">
        {notice}
        {title ? <h1 className="container content-article__title">{title}</h1> : null}
        <WidgetArea area={area} />
        {children}
      </article>
    </div>
  );
}
