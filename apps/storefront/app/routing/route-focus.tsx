/**
 * Focus after a client-side navigation (issue 14; WCAG 2.4.3 Focus Order, 4.1.3 Status
 * Messages; React Router's accessible-routing guidance): a new page moves focus to its main
 * heading (`main h1`, made focusable with `tabindex="-1"`; else `main` itself), so keyboard
 * and screen-reader users land on the page they chose and hear its name instead of staying on
 * the link or search box they left. Not on the first load (the browser's own start), not when
 * only the search params or the hash change (filters, sort, paging of a list: focus stays on
 * the control), and not when something on the new page already took focus (a dialog, an error
 * message). Mounted once in the root; renders nothing.
 */
import { useEffect, useRef } from 'react';
import { useLocation } from 'react-router';

/** The element focus goes to on a new page: its main heading, else `main`. */
export function pageFocusTarget(doc: Document): HTMLElement | null {
  return (
    doc.querySelector<HTMLElement>('main h1') ??
    doc.querySelector<HTMLElement>('h1') ??
    doc.querySelector<HTMLElement>('main')
  );
}

/** Renders nothing; moves focus when the path changes. */
export function RouteFocus() {
  const { pathname } = useLocation();
  const last = useRef(pathname);
  useEffect(() => {
    if (last.current === pathname) return;
    last.current = pathname;
    const active = document.activeElement;
    // Something on the new page took focus on purpose (an open dialog, a focused error).
    if (active && active !== document.body && active.closest('dialog[open], [role="alert"]')) {
      return;
    }
    const target = pageFocusTarget(document);
    if (!target) return;
    if (!target.hasAttribute('tabindex')) target.setAttribute('tabindex', '-1');
    target.focus({ preventScroll: true });
  }, [pathname]);
  return null;
}
