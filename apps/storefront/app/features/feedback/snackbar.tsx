/**
 * The snackbar (SPEC §3 Notification, §4): the notifications of notifications.ts in one live
 * region per placement (top-right by default). role=status with aria-live=polite: screen readers
 * hear a new notification without focus moving; the region is always in the page (empty when
 * nothing is shown) so the announcement is not lost. Mounted once in the root.
 */
import { Link } from 'react-router';
import { t } from '../../i18n/i18n';
import { dismiss, useNotifications, type Placement } from './notifications';

const PLACEMENTS: readonly Placement[] = ['top-right', 'top-left', 'bottom-right', 'bottom-left'];

/** Every placement's live region with its notifications. */
export function Snackbar() {
  const shown = useNotifications();
  return (
    <>
      {PLACEMENTS.map((placement) => {
        const here = shown.filter((n) => n.placement === placement);
        // Only the default placement's region is always there (the one features use).
        if (here.length === 0 && placement !== 'top-right') return null;
        return (
          <div
            key={placement}
            className={`snackbar snackbar--${placement}`}
            role="status"
            aria-live="polite"
          >
            {here.map((n) => (
              <div key={n.id} className={`snackbar__item snackbar__item--${n.mode}`}>
                <p className="snackbar__message">{n.message}</p>
                {n.detail ? <p className="snackbar__detail">{n.detail}</p> : null}
                <div className="snackbar__actions">
                  {n.link ? (
                    <Link to={n.link.to} className="button button--secondary snackbar__link">
                      {n.link.label}
                    </Link>
                  ) : null}
                  <button
                    type="button"
                    className="snackbar__close"
                    aria-label={t('feedback.close')}
                    onClick={() => dismiss(n.id)}
                  >
                    ×
                  </button>
                </div>
              </div>
            ))}
          </div>
        );
      })}
    </>
  );
}
