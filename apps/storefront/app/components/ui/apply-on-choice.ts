/**
 * A native `<select>` that applies its value once the shopper has chosen (the list's sort, the
 * checkout's country, issue 40 §6), without a submit button when JavaScript runs. WCAG 3.2.2 (On
 * Input): a choice in the opened list or with the mouse applies at once; the arrow keys on the
 * closed select only move through the values, and Enter or leaving the select applies the one
 * reached, so keyboard users are not sent off by every arrow press.
 */
import { useRef } from 'react';

/** The select's event handlers; `apply` gets the select and decides whether its value is new. */
export function useApplyOnChoice(apply: (select: HTMLSelectElement) => void) {
  const byKey = useRef(false);
  return {
    onKeyDown(event: React.KeyboardEvent<HTMLSelectElement>) {
      if (event.key === 'Enter') {
        event.preventDefault();
        apply(event.currentTarget);
        return;
      }
      // Space and Alt+arrow open the list; a choice there applies at once.
      byKey.current = !event.altKey && event.key !== ' ' && event.key !== 'Tab';
    },
    onPointerDown() {
      byKey.current = false;
    },
    onChange(event: React.ChangeEvent<HTMLSelectElement>) {
      if (byKey.current) {
        byKey.current = false;
        return;
      }
      apply(event.currentTarget);
    },
    onBlur(event: React.FocusEvent<HTMLSelectElement>) {
      apply(event.currentTarget);
    },
  };
}
