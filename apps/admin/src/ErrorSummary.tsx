/**
 * The error summary of a form (WCAG 3.3.1, 3.3.3): a list of what is wrong, each linking to its
 * field, that takes focus when it appears so that screen readers announce it.
 */
import { useEffect, useRef } from 'react';

/** One error: the message and the id of the field it is about (none for the whole form). */
export interface FormError {
  message: string;
  fieldId?: string | undefined;
}

/** Renders nothing without errors. */
export function ErrorSummary({ errors }: { errors: FormError[] }) {
  const ref = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (errors.length > 0) ref.current?.focus();
  }, [errors]);
  if (errors.length === 0) return null;
  return (
    <div
      className="error-summary"
      role="alert"
      tabIndex={-1}
      ref={ref}
      aria-labelledby="error-summary-title"
    >
      <h2 id="error-summary-title">Något behöver rättas</h2>
      <ul>
        {errors.map((error) => (
          <li key={`${error.fieldId ?? ''}${error.message}`}>
            {error.fieldId ? <a href={`#${error.fieldId}`}>{error.message}</a> : error.message}
          </li>
        ))}
      </ul>
    </div>
  );
}
