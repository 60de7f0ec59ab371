/**
 * One link of a menu (issue 16): a router link for a shop path, a plain `<a>` for an absolute
 * URL, a text when the item has no link; `targetBlank` opens a new tab (with rel="noopener").
 */
import type { ReactNode } from 'react';
import { Link, NavLink } from 'react-router';
import type { MenuLink } from './menus';

/** Renders `item` as a link (or its label as text), with `children` as its content if given. */
export function MenuItemLink({
  item,
  className,
  nav = false,
  children,
}: {
  item: MenuLink;
  className?: string;
  /** A NavLink: `aria-current="page"` on the current page's link. */
  nav?: boolean;
  children?: ReactNode;
}) {
  const content = children ?? item.label;
  const blank = item.targetBlank ? { target: '_blank', rel: 'noopener noreferrer' } : {};
  const title = item.title ?? undefined;
  if (item.url === null) return <>{content}</>;
  if (item.external) {
    return (
      <a href={item.url} className={className} title={title} {...blank}>
        {content}
      </a>
    );
  }
  if (nav) {
    return (
      <NavLink to={item.url} className={className} title={title} prefetch="intent" end {...blank}>
        {content}
      </NavLink>
    );
  }
  return (
    <Link to={item.url} className={className} title={title} prefetch="intent" {...blank}>
      {content}
    </Link>
  );
}
