/**
 * The error summary at the top of the checkout form (issue 14; WCAG 2.2 3.3.1, 3.3.3, 2.4.3):
 * how many errors, then one link per error in document order that moves focus to its field.
 * The page moves focus to the summary after a failed submit; `autoFocus` (the server's answer to
 * "Slutför köp") also does so without JavaScript, as the HTML `autofocus` attribute.
 */
import { forwardRef } from 'react';
import { t } from '../../i18n/i18n';
import { fieldId } from './checkout-fields';
import type { FieldErrors } from './checkout.server';
import { orderedErrors } from './checkout-validation';

/** The summary; renders nothing without errors. `labels`: field name -> its label. */
export const ErrorSummary = forwardRef<
  HTMLDivElement,
  { errors: FieldErrors; labels: Record<string, string>; autoFocus?: boolean }
>(function ErrorSummary({ errors, labels, autoFocus }, ref) {
  const entries = orderedErrors(errors);
  if (entries.length === 0) return null;
  const focusField = (event: React.MouseEvent<HTMLAnchorElement>, id: string) => {
    const target = document.getElementById(id);
    if (!target) return;
    event.preventDefault();
    target.focus();
    target.scrollIntoView({ block: 'center' });
  };
  return (
    <div
      id="checkout-errors"
      className="error-summary"
      ref={ref}
      tabIndex={-1}
      // Focus on load, also without JavaScript (WCAG 2.4.3, 3.3.1).
      autoFocus={autoFocus}
      aria-labelledby="checkout-errors-title"
    >
      <h2 id="checkout-errors-title" className="error-summary__title">
        {t('checkout.errors.title', { count: entries.length })}
      </h2>
      <p>{t('checkout.errors.intro')}</p>
      <ul className="error-summary__list">
        {entries.map(([field, message]) => {
          const label = labels[field];
          const text = label ? `${label}: ${message}` : message;
          if (field === 'form') return <li key={field}>{message}</li>;
          const id = fieldId(field);
          return (
            <li key={field}>
              <a href={`#${id}`} onClick={(event) => focusField(event, id)}>
                {text}
              </a>
            </li>
          );
        })}
      </ul>
    </div>
  );
});
