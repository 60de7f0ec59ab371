/**
 * The review queue (issue 27 "Moderation and content"; content:read, deciding needs
 * content:write): the customers' reviews per state (waiting first, the longest waiting on top),
 * publish one (it then shows on the product page) or reject it with a reason, asked in a dialog.
 */
import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { AdminApiError, adminRequest, errorMessage } from '../api.ts';
import { ErrorSummary, type FormError } from '../ErrorSummary.tsx';
import '../dialog.css';
import './moderation.css';

type ReviewState = 'pending' | 'published' | 'rejected';

/** A review as the queue shows it. */
interface Review {
  id: number;
  productAlias: string;
  productName: string;
  author: string;
  rating: number;
  comment: string;
  state: ReviewState;
  verifiedPurchase: boolean;
  createdAt: string;
  moderationReason: string | null;
}

type Counts = Record<ReviewState, number>;

const STATES: Array<{ code: ReviewState; name: string }> = [
  { code: 'pending', name: 'Väntar på granskning' },
  { code: 'published', name: 'Publicerade' },
  { code: 'rejected', name: 'Avvisade' },
];

const QUEUE = `query($state: ReviewState) {
  reviewQueue(state: $state, take: 100) { id productAlias productName author rating comment
    state verifiedPurchase createdAt moderationReason }
  reviewCounts { pending published rejected } }`;
const MODERATE = `mutation($input: ModerateReviewInput!) { moderateReview(input: $input) { id state } }`;

const dateTime = new Intl.DateTimeFormat('sv-SE', { dateStyle: 'medium', timeStyle: 'short' });

/** The review queue page. */
export function ReviewsPage({ canWrite }: { canWrite: boolean }) {
  const [state, setState] = useState<ReviewState>('pending');
  const [reviews, setReviews] = useState<Review[] | null>(null);
  const [counts, setCounts] = useState<Counts | null>(null);
  const [errors, setErrors] = useState<FormError[]>([]);
  const [message, setMessage] = useState('');
  const [rejecting, setRejecting] = useState<Review | null>(null);
  const [reason, setReason] = useState('');
  const [reasonError, setReasonError] = useState('');
  const [busy, setBusy] = useState(false);
  const dialogRef = useRef<HTMLDialogElement>(null);
  const returnFocus = useRef<HTMLElement | null>(null);

  const load = useCallback((which: ReviewState) => {
    adminRequest<{ reviewQueue: Review[]; reviewCounts: Counts }>(QUEUE, { state: which })
      .then((data) => {
        setReviews(data.reviewQueue);
        setCounts(data.reviewCounts);
      })
      .catch((error: unknown) => setErrors([{ message: errorMessage(error) }]));
  }, []);
  useEffect(() => load(state), [load, state]);

  async function decide(review: Review, decision: 'published' | 'rejected', why?: string) {
    setBusy(true);
    setErrors([]);
    try {
      await adminRequest(MODERATE, { input: { id: review.id, state: decision, reason: why } });
      setMessage(
        decision === 'published'
          ? `Recensionen av ${review.author} är publicerad och visas på produktsidan.`
          : `Recensionen av ${review.author} är avvisad.`,
      );
      load(state);
      return true;
    } catch (error) {
      const text = errorMessage(error);
      if (error instanceof AdminApiError && error.argument === 'reason') setReasonError(text);
      else setErrors([{ message: text }]);
      return false;
    } finally {
      setBusy(false);
    }
  }

  function openReject(review: Review, button: HTMLElement) {
    returnFocus.current = button;
    setRejecting(review);
    setReason('');
    setReasonError('');
    dialogRef.current?.showModal();
  }

  function closeDialog() {
    dialogRef.current?.close();
    setRejecting(null);
    returnFocus.current?.focus();
  }

  async function submitReject(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!rejecting) return;
    if (!reason.trim()) {
      setReasonError('Skriv varför recensionen avvisas.');
      return;
    }
    if (await decide(rejecting, 'rejected', reason)) {
      dialogRef.current?.close();
      setRejecting(null);
      document.querySelector<HTMLElement>('main h1')?.focus();
    }
  }

  return (
    <>
      <h1>Recensioner</h1>
      <ErrorSummary errors={errors} />
      <p>
        Kundernas recensioner visas på produktsidan först när de är publicerade. Avvisade
        recensioner visas aldrig.
      </p>
      <div className="state-tabs" role="group" aria-label="Visa recensioner">
        {STATES.map((option) => (
          <button
            key={option.code}
            type="button"
            className={option.code === state ? 'button' : 'button button-secondary'}
            aria-pressed={option.code === state}
            onClick={() => {
              setMessage('');
              setState(option.code);
            }}
          >
            {option.name}
            {counts ? ` (${counts[option.code]})` : ''}
          </button>
        ))}
      </div>
      <p className="status" role="status">
        {message}
      </p>
      {reviews === null ? (
        <p className="loading">Laddar …</p>
      ) : reviews.length === 0 ? (
        <p>Inga recensioner i den här listan.</p>
      ) : (
        <ul className="review-list">
          {reviews.map((review) => (
            <li key={review.id} className="panel review-item">
              <h2>
                {review.productName}
                <span className="hint"> ({review.productAlias})</span>
              </h2>
              <p className="review-meta">
                <span role="img" aria-label={`Betyg ${review.rating} av 5`}>
                  {'★'.repeat(review.rating)}
                  {'☆'.repeat(5 - review.rating)}
                </span>{' '}
                av <strong>{review.author}</strong>, {dateTime.format(new Date(review.createdAt))}
                {review.verifiedPurchase ? ' · Verifierat köp' : ''}
              </p>
              <p className="review-comment">{review.comment}</p>
              {review.moderationReason ? (
                <p>
                  <strong>Skäl till avvisning:</strong> {review.moderationReason}
                </p>
              ) : null}
              {canWrite ? (
                <div className="dialog-actions">
                  {review.state !== 'published' ? (
                    <button
                      type="button"
                      className="button"
                      disabled={busy}
                      onClick={() => void decide(review, 'published')}
                    >
                      Publicera
                      <span className="visually-hidden"> recensionen av {review.author}</span>
                    </button>
                  ) : null}
                  {review.state !== 'rejected' ? (
                    <button
                      type="button"
                      className="button button-secondary"
                      disabled={busy}
                      onClick={(event) => openReject(review, event.currentTarget)}
                    >
                      Avvisa<span className="visually-hidden"> recensionen av {review.author}</span>
                    </button>
                  ) : null}
                </div>
              ) : null}
            </li>
          ))}
        </ul>
      )}
      <dialog
        ref={dialogRef}
        className="confirm-dialog"
        aria-labelledby="reject-dialog-title"
        onCancel={(event) => {
          event.preventDefault();
          closeDialog();
        }}
      >
        <h2 id="reject-dialog-title">Avvisa recensionen?</h2>
        <form onSubmit={(event) => void submitReject(event)} noValidate className="form">
          <p>
            Recensionen av {rejecting?.author} visas aldrig i butiken. Skälet sparas i
            händelseloggen.
          </p>
          <div className="field">
            <label htmlFor="reject-reason">Skäl till avvisning</label>
            <textarea
              id="reject-reason"
              rows={3}
              maxLength={500}
              value={reason}
              onChange={(event) => setReason(event.target.value)}
              aria-invalid={reasonError ? true : undefined}
              aria-describedby={reasonError ? 'reject-reason-error' : undefined}
            />
            {reasonError ? (
              <span className="field-error" id="reject-reason-error">
                {reasonError}
              </span>
            ) : null}
          </div>
          <div className="dialog-actions">
            <button type="submit" className="button" disabled={busy}>
              Avvisa recension
            </button>
            <button type="button" className="button button-secondary" onClick={closeDialog}>
              Avbryt
            </button>
          </div>
        </form>
      </dialog>
    </>
  );
}
