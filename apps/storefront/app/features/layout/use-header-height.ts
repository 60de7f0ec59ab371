/**
 * Keeps the page clear of the sticky header: `scroll-padding-top` on <html> equals the header's
 * height plus 0.75rem, so that an element that gets keyboard focus is scrolled below the header
 * (WCAG 2.2 SC 2.4.11 Focus Not Obscured), and the custom property `--site-header-height` (px)
 * on the header itself sizes the phone's menu panel under it. On a phone the header is one row
 * of about 61 px (more while the search row is open; the menu panel lies over the page and does
 * not count). Without JavaScript base.css's per-breakpoint default applies.
 *
 * The measured height is written to these two places only, not as a custom property of <html>:
 * a custom property inherits, so changing it on <html> restyles every element of the page (a
 * full style recalculation of about 25 ms on a mid-range phone, right after hydration; issue 23).
 */
import { useEffect, type RefObject } from 'react';

/** Writes the observed height of `ref`'s element (px) as described above, while mounted. */
export function useHeaderHeight(ref: RefObject<HTMLElement | null>): void {
  useEffect(() => {
    const element = ref.current;
    if (!element || typeof ResizeObserver === 'undefined') return;
    const root = document.documentElement;
    let written = -1;
    const observer = new ResizeObserver(() => {
      const height = Math.ceil(element.offsetHeight);
      if (height === written) return;
      written = height;
      root.style.scrollPaddingTop = `calc(${height}px + 0.75rem)`;
      element.style.setProperty('--site-header-height', `${height}px`);
    });
    observer.observe(element);
    return () => {
      observer.disconnect();
      root.style.removeProperty('scroll-padding-top');
      element.style.removeProperty('--site-header-height');
    };
  }, [ref]);
}
