/**
 * The snackbar (SPEC §3 Notification, §4): the notifications of notifications.ts in one live
 * region per placement (top-right by default). role=status with aria-live=polite: screen readers
 * hear a new notification without focus moving; the region is always in the page (empty when
 * nothing is shown) so the announcement is not lost. While a modal `<dialog>` is open (the cart
 * panel) the rest of the page is inert and under it: the regions are then rendered inside that
 * dialog, so they stay visible and readable. Mounted once in the root.
 */
import { useEffect, useState } from 'react';
import { createPortal } from 'react-dom';
import { Link } from 'react-router';
import { t } from '../../i18n/i18n';
import { dismiss, useNotifications, type Placement } from './notifications';

const PLACEMENTS: readonly Placement[] = ['top-right', 'top-left', 'bottom-right', 'bottom-left'];

/** The open modal dialog (the last opened one), or null. */
function useModalHost(): HTMLDialogElement | null {
  const [host, setHost] = useState<HTMLDialogElement | null>(null);
  useEffect(() => {
    const update = () => {
      const open = [...document.querySelectorAll('dialog[open]')].filter((dialog) =>
        dialog.matches(':modal'),
      );
      setHost((open.at(-1) as HTMLDialogElement | undefined) ?? null);
    };
    const observer = new MutationObserver(update);
    observer.observe(document.body, { attributes: true, attributeFilter: ['open'], subtree: true });
    return () => observer.disconnect();
  }, []);
  return host;
}

/** Every placement's live region with its notifications. */
export function Snackbar() {
  const shown = useNotifications();
  const host = useModalHost();
  const regions = (
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
  return host ? createPortal(regions, host) : regions;
}
