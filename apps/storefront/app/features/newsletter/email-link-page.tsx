/**
 * The page a mail's signed link opens (issue 17: newsletter confirmation and unsubscribe): it
 * asks first and acts on the button's POST (mail scanners that open links change nothing), then
 * says in Swedish what happened.
 */
import { Form, Link } from 'react-router';
import { t } from '../../i18n/i18n';

/** The texts of one kind of link. */
export interface EmailLinkTexts {
  title: string;
  question: string;
  submit: string;
  done: string;
  /** When the action did nothing (e.g. the sign-up was ended meanwhile). */
  notDone: string;
}

/** What the route's action answered. */
export interface EmailLinkResult {
  outcome: 'done' | 'not-done' | 'invalid';
}

/** The question, the outcome or the invalid-link notice. */
export function EmailLinkPage({
  token,
  result,
  texts,
}: {
  token: string;
  result: EmailLinkResult | undefined;
  texts: EmailLinkTexts;
}) {
  const outcome = result?.outcome ?? (token ? null : 'invalid');
  return (
    <article className="page container content-page engagement-page">
      <h1>{texts.title}</h1>
      {outcome === 'done' ? (
        <p role="status">{texts.done}</p>
      ) : outcome === 'not-done' ? (
        <p role="status">{texts.notDone}</p>
      ) : outcome === 'invalid' ? (
        <p role="alert">{t('backInStock.unsubscribe.invalid')}</p>
      ) : (
        <Form method="post">
          <p>{texts.question}</p>
          <input type="hidden" name="token" value={token} />
          <button type="submit" className="button button--primary">
            {texts.submit}
          </button>
        </Form>
      )}
      <p className="engagement-page__actions">
        <Link to="/">{t('backInStock.unsubscribe.home')}</Link>
      </p>
    </article>
  );
}
