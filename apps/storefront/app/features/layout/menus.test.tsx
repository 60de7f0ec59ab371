/**
 * The layout's menus (issue 16): the API's MenuType mapped to links (hidden items and empty labels
 * left out, absolute URLs kept apart from router paths, three levels), the main menu split into
 * disclosure groups and plain links, and the info-pages side menu marking the current page.
 */
import { renderToStaticMarkup } from 'react-dom/server';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import type { LayoutMenuFragment } from '../../graphql/generated';
import { InfoPagesMenu } from './info-pages-menu';
import { EMPTY_MENU, splitMainMenu, toSiteMenu, type SiteMenu } from './menus';

type ApiItem = NonNullable<NonNullable<LayoutMenuFragment['menuItems']>[number]>;

function item(id: string, label: string, type: string, url: string | null, extra = {}): ApiItem {
  return {
    __typename: 'MenuItemType',
    id,
    label,
    title: null,
    type,
    canonicalUrl: url,
    targetBlank: false,
    hidden: false,
    children: [],
    ...extra,
  } as ApiItem;
}

const MAIN: LayoutMenuFragment = {
  __typename: 'MenuType',
  id: 'main',
  title: null,
  menuItems: [
    item('1', 'Cyklar', 'category', '/c/cyklar', {
      children: [
        item('2', 'Elcyklar', 'category', '/c/cyklar/elcyklar', {
          children: [item('3', 'Elhybrid', 'category', '/c/cyklar/elcyklar/elhybrid')],
        }),
        item('4', 'Dold', 'category', '/c/cyklar/dold', { hidden: true }),
      ],
    }),
    null,
    item('5', '  ', 'url', '/tom'),
    item('6', 'Rea', 'url', '/l/rea'),
    item('7', 'Blogg', 'url', 'https://blogg.example.se', { targetBlank: true }),
    item('8', 'Fri frakt', 'text', null),
  ],
} as LayoutMenuFragment;

describe('toSiteMenu', () => {
  it('maps items to links with children, leaving out hidden, empty and null items', () => {
    const menu = toSiteMenu(MAIN);
    expect(menu.items.map((i) => [i.label, i.url, i.external, i.targetBlank])).toEqual([
      ['Cyklar', '/c/cyklar', false, false],
      ['Rea', '/l/rea', false, false],
      ['Blogg', 'https://blogg.example.se', true, true],
      ['Fri frakt', null, false, false],
    ]);
    const cyklar = menu.items[0]!;
    expect(cyklar.children.map((c) => c.label)).toEqual(['Elcyklar']);
    expect(cyklar.children[0]!.children.map((c) => c.url)).toEqual(['/c/cyklar/elcyklar/elhybrid']);
  });

  it('gives an empty menu for a location without a menu', () => {
    expect(toSiteMenu(null)).toEqual(EMPTY_MENU);
    expect(toSiteMenu(undefined)).toEqual(EMPTY_MENU);
  });

  it('splits the main menu into categories with sub-menus and the plain links', () => {
    const { groups, links } = splitMainMenu(toSiteMenu(MAIN).items);
    expect(groups.map((g) => g.label)).toEqual(['Cyklar']);
    expect(links.map((l) => l.label)).toEqual(['Rea', 'Blogg', 'Fri frakt']);
  });
});

describe('InfoPagesMenu', () => {
  const menu: SiteMenu = toSiteMenu({
    __typename: 'MenuType',
    id: 'info-pages',
    title: 'Information',
    menuItems: [
      item('1', 'Köpvillkor', 'page', '/kopvillkor'),
      item('2', 'Om oss', 'page', '/om-oss'),
    ],
  } as LayoutMenuFragment);

  async function render(path: string, shown: SiteMenu): Promise<string> {
    const routes = [{ path: '*', Component: () => <InfoPagesMenu menu={shown} /> }];
    const handler = createStaticHandler(routes);
    const context = await handler.query(new Request(`http://localhost${path}`));
    if (context instanceof Response) throw new Error('unexpected redirect');
    const router = createStaticRouter(handler.dataRoutes, context);
    return renderToStaticMarkup(
      <StaticRouterProvider router={router} context={context} hydrate={false} />,
    );
  }

  it('is a labelled navigation marking the current page with aria-current', async () => {
    const html = await render('/om-oss', menu);
    expect(html).toMatch(/<nav class="info-menu" aria-labelledby="([^"]+)"><h2 id="\1"/);
    expect(html).toContain('>Information</h2>');
    expect(html).toMatch(/<a aria-current="page"[^>]*href="\/om-oss"[^>]*>Om oss<\/a>/);
    expect(html).not.toMatch(/aria-current="page"[^>]*href="\/kopvillkor"/);
  });

  it('renders nothing for an empty menu', async () => {
    expect(await render('/om-oss', EMPTY_MENU)).toBe('');
  });
});
