/**
 * `/account/inloggningslank?loginToken=&to=` (issue 13 §8): a login link opened while a session
 * exists. Shows who is logged in and asks before switching: "Logga ut och fortsätt" (a POST)
 * ends the session and redeems the link; "Avbryt" keeps the session. Without a session the link
 * is redeemed at once, as on the account pages.
 */
import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/account-login-token';
import {
  confirmLoginToken,
  hasSession,
  redeemLoginToken,
} from '../features/account/login-token.server';
import { peekTokenClaims } from '../features/account/session.server';
import { field } from '../features/account/validation';
import { t } from '../i18n/i18n';
import { safeLocalPath } from '../routing/local-path';
import { pageMeta, shopFromMatches } from '../routing/meta';
import accountStyles from '../styles/account.css?url';

/** Account styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** Title "Logga in som en annan användare | <shop>", not indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('account.loginToken.title'), noindex: true });

/** The link and who is logged in now; redeems at once when nobody is. */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const loginToken = url.searchParams.get('loginToken') ?? '';
  const to = safeLocalPath(url.searchParams.get('to') ?? '/mina-sidor/ordrar');
  if (!loginToken) throw redirect(to);
  if (!hasSession(context)) throw await redeemLoginToken(context, loginToken, to);
  const email = peekTokenClaims(context.account.session.token ?? '').name ?? '';
  return { loginToken, to, email };
}

/** "Logga ut och fortsätt": ends the session, then redeems the link. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  return confirmLoginToken(context, field(form, 'loginToken'), field(form, 'to'));
}

/** The question. */
export default function LoginTokenPage({ loaderData }: Route.ComponentProps) {
  return (
    <div className="page container">
      <h1>{t('account.loginToken.title')}</h1>
      <p className="form-message form-message--warning" role="status">
        {t('account.loginToken.text', { email: loaderData.email })}
      </p>
      <Form method="post" aria-label={t('account.loginToken.title')}>
        <input type="hidden" name="loginToken" value={loaderData.loginToken} />
        <input type="hidden" name="to" value={loaderData.to} />
        <button type="submit" className="button button--primary">
          {t('account.loginToken.confirm')}
        </button>{' '}
        <Link to={loaderData.to} className="button">
          {t('account.loginToken.cancel')}
        </Link>
      </Form>
    </div>
  );
}
