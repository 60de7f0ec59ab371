/** The answer of the review form's action (`routes/product-review.tsx`, issue 17). */
/** What became of a review. */
export interface ReviewResult {
  status: 'posted' | 'invalid' | 'login' | 'duplicate' | 'rate-limited' | 'error';
  /** Field → message (SPEC §5 texts). */
  errors: Partial<Record<'author' | 'comment' | 'rating', string>>;
}
