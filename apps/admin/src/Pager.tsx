/**
 * Paging of a back-office list (products, customers, orders): "Föregående" and "Nästa" with the
 * rows shown ("21–40 av 75"), shown only when the list has more than one page.
 */

/** Props of {@link Pager}: offsets and sizes are counts of rows. */
export interface PagerProps {
  /** Rows skipped before the current page. */
  skip: number;
  /** Rows per page. */
  take: number;
  /** Rows in the whole list. */
  total: number;
  /** Goes to the page that starts after `skip` rows. */
  onSkip: (skip: number) => void;
  /** A navigation landmark with this name (e.g. "Sidor"); a plain block when left out. */
  label?: string;
}

/** The pager under a list; nothing when the list fits on one page. */
export function Pager({ skip, take, total, onSkip, label }: PagerProps) {
  if (total <= take) return null;
  const buttons = (
    <>
      <button
        type="button"
        className="button button-secondary"
        disabled={skip === 0}
        onClick={() => onSkip(Math.max(0, skip - take))}
      >
        Föregående
      </button>
      <span>
        {skip + 1}–{Math.min(skip + take, total)} av {total}
      </span>
      <button
        type="button"
        className="button button-secondary"
        disabled={skip + take >= total}
        onClick={() => onSkip(skip + take)}
      >
        Nästa
      </button>
    </>
  );
  return label ? (
    <nav className="pager" aria-label={label}>
      {buttons}
    </nav>
  ) : (
    <div className="pager">{buttons}</div>
  );
}
