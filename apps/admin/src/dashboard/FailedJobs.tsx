/**
 * Failed background jobs on the dashboard's "Att hantera" list (issue 40 §1): each job that gave
 * up after its attempts (an order confirmation that could not be sent, an index build), with its
 * last error and a "Försök igen" button that queues it again (`retryJob`). The list shows only
 * the jobs of the areas the role may read; the API checks the role again.
 */
import { useEffect, useRef, useState } from 'react';
import { Link } from 'react-router';
import { adminRequest, errorMessage } from '../api.ts';

/** A failed job as the admin API lists it (`failedJobs`). */
export interface FailedJob {
  id: number;
  kind: string;
  title: string;
  orderId: number | null;
  attempts: number;
  lastError: string | null;
  failedAt: string;
  retryable: boolean;
}

/** The `failedJobs` part of the dashboard's query. */
export const FAILED_JOBS_QUERY =
  'failedJobs(take: 10) { total jobs { id kind title orderId attempts lastError failedAt retryable } }';

const RETRY_MUTATION = `mutation($id: Int!) { retryJob(id: $id) { id } }`;

const when = new Intl.DateTimeFormat('sv-SE', {
  dateStyle: 'medium',
  timeStyle: 'short',
  timeZone: 'Europe/Stockholm',
});

/**
 * The list items of the failed jobs (inside the "Att hantera" list), or nothing when none.
 * `onRetried` reloads the dashboard after a retry.
 */
export function FailedJobItems({
  total,
  jobs,
  onRetried,
}: {
  total: number;
  jobs: FailedJob[];
  onRetried: () => void;
}) {
  const [busy, setBusy] = useState<number | null>(null);
  const [message, setMessage] = useState<{ text: string; error: boolean } | null>(null);
  const status = useRef<HTMLParagraphElement>(null);
  // The result takes the focus the pressed button had (the button is gone once the job runs).
  useEffect(() => {
    if (message) status.current?.focus();
  }, [message]);

  async function retry(job: FailedJob) {
    setBusy(job.id);
    try {
      await adminRequest(RETRY_MUTATION, { id: job.id });
      setMessage({ text: `${job.title} körs igen.`, error: false });
      onRetried();
    } catch (e) {
      setMessage({ text: errorMessage(e, 'Jobbet kunde inte köras igen.'), error: true });
    } finally {
      setBusy(null);
    }
  }

  if (total === 0 && !message) return null;
  return (
    <li className="failed-jobs">
      {total > 0 ? (
        <>
          <strong>
            {total === 1
              ? '1 bakgrundsjobb har misslyckats'
              : `${total} bakgrundsjobb har misslyckats`}
          </strong>{' '}
          och körs inte igen av sig självt.
          <ul className="failed-job-list">
            {jobs.map((job) => (
              <li key={job.id} className="failed-job">
                <span className="failed-job-title">
                  {job.title}
                  {job.orderId ? (
                    <>
                      {', '}
                      <Link to={`/ordrar/${job.orderId}`}>order {job.orderId}</Link>
                    </>
                  ) : null}
                </span>
                <span className="failed-job-facts">
                  {job.attempts} försök, senast {when.format(new Date(job.failedAt))}
                  {job.lastError ? `: ${job.lastError}` : ''}
                </span>
                {job.retryable ? (
                  <button
                    type="button"
                    className="button button-secondary"
                    disabled={busy !== null}
                    aria-label={`Försök igen: ${job.title}${job.orderId ? `, order ${job.orderId}` : ''}`}
                    onClick={() => void retry(job)}
                  >
                    Försök igen
                  </button>
                ) : (
                  <span className="failed-job-facts">
                    Kan inte köras igen: länken är raderad. Kunden får begära en ny.
                  </span>
                )}
              </li>
            ))}
          </ul>
          {total > jobs.length ? <p>… och {total - jobs.length} till.</p> : null}
        </>
      ) : null}
      {message ? (
        <p
          ref={status}
          tabIndex={-1}
          role={message.error ? 'alert' : 'status'}
          className={message.error ? 'error-summary' : 'status'}
        >
          {message.text}
        </p>
      ) : null}
    </li>
  );
}
