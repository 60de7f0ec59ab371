/**
 * A table that scrolls sideways inside its own box on a phone instead of widening the page
 * (WCAG 2.2 1.4.10 Reflow allows two-dimensional scrolling for data tables only). The box is a
 * labelled region in the tab order, so a keyboard user can scroll it with the arrow keys.
 */
import type { ReactNode } from 'react';

export function TableScroll({ label, children }: { label: string; children: ReactNode }) {
  return (
    <div className="table-scroll" role="region" aria-label={label} tabIndex={0}>
      {children}
    </div>
  );
}
