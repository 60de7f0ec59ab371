/**
 * Keeps the CSS custom property `--site-header-height` (px) on <html> equal to the sticky
 * header's height, so that `scroll-padding-top` (base.css) keeps an element that gets keyboard
 * focus below the header (WCAG 2.2 SC 2.4.11 Focus Not Obscured): on a phone the header is one
 * row of about 61 px (more while the search row is open; the menu panel lies over the page and
 * does not count). Without JavaScript base.css's per-breakpoint default applies.
 */
import { useEffect, type RefObject } from 'react';

/** Writes the observed height of `ref`'s element to `--site-header-height` while mounted. */
export function useHeaderHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--site-header-height', `${Math.ceil(element.offsetHeight)}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('--site-header-height');
    };
  }, [ref]);
}
