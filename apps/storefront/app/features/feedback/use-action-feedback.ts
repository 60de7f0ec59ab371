/**
 * Action results in the snackbar (issue 19 "used for ... saved settings, errors from actions"):
 * a page passes its action data; each new answer's `notice` is shown as a success, its
 * `formError` as an error (notifications.ts). The page keeps its inline message too (it is
 * what a shopper without JavaScript sees).
 */
import { useEffect, useRef } from 'react';
import { notify } from './notifications';

/** The parts of an action's answer the snackbar shows. */
export interface ActionFeedback {
  notice?: string;
  formError?: string;
}

/** Shows each new action answer's notice or error once. */
export function useActionFeedback(result: ActionFeedback | undefined): void {
  const seen = useRef<ActionFeedback | undefined>(undefined);
  useEffect(() => {
    if (!result || seen.current === result) return;
    seen.current = result;
    if (result.formError) notify({ mode: 'error', message: result.formError });
    else if (result.notice) notify({ mode: 'success', message: result.notice });
  }, [result]);
}
