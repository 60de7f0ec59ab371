/** Review stars (issue 17): shared by the product page's reviews and the product cards. */

/**
 * Five stars, `rating` of them filled (rounded to whole stars), read by screen readers as the
 * `label` (e.g. "Genomsnittligt betyg 4,5 av 5").
 */
export function Stars({ rating, label }: { rating: number; label: string }) {
  const filled = Math.min(5, Math.max(0, Math.round(rating)));
  return (
    <span className="stars" role="img" aria-label={label}>
      <span aria-hidden="true">
        {'★'.repeat(filled)}
        <span className="stars__empty">{'☆'.repeat(5 - filled)}</span>
      </span>
    </span>
  );
}

/** An average score as shown beside stars: "4,5" in the request culture (one decimal at most). */
export function formatScore(value: number, culture: string): string {
  return value.toLocaleString(culture, { maximumFractionDigits: 1 });
}
