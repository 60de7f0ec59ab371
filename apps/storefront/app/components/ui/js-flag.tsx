/**
 * The hidden `js=1` field of a form that also works without JavaScript: an action answers a
 * fetcher (JavaScript ran) with data and a plain form post with a redirect.
 *
 * The field is rendered disabled (a disabled field is not sent) and enabled once the page has
 * hydrated, by writing to the element, not by a state change: a state change would render every
 * such form (16 product cards on the start page) a second time right after hydration and change
 * the page in a long task (issue 23).
 */
import { useEffect, useRef } from 'react';

/** `<input type="hidden" name="js" value="1">`, sent only once JavaScript runs. */
export function JsFlag() {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.disabled = false;
  }, []);
  return <input ref={ref} type="hidden" name="js" value="1" disabled />;
}
