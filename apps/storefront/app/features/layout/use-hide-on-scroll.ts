/**
 * Hides the sticky header while the shopper scrolls down past the top padding and shows it
 * again on the way up (SPEC §2). Progressive: without JavaScript the header simply stays.
 */
import { useEffect, type RefObject } from 'react';

/** Sets `data-hidden` on the element while scrolling down below `offset` pixels. */
export function useHideOnScroll(ref: RefObject<HTMLElement | null>, offset = 120): void {
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    let lastY = window.scrollY;
    let frame = 0;
    const update = () => {
      frame = 0;
      const y = window.scrollY;
      const hide = y > offset && y > lastY && !element.contains(document.activeElement);
      if (hide) element.setAttribute('data-hidden', '');
      else if (y < lastY || y <= offset) element.removeAttribute('data-hidden');
      lastY = y;
    };
    const onScroll = () => {
      if (!frame) frame = requestAnimationFrame(update);
    };
    window.addEventListener('scroll', onScroll, { passive: true });
    return () => {
      window.removeEventListener('scroll', onScroll);
      if (frame) cancelAnimationFrame(frame);
    };
  }, [ref, offset]);
}
