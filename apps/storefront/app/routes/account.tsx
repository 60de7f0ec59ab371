/**
 * `/account` (SPEC §2 "account entry"): logged out, the login, create-account and
 * forgotten-password forms; logged in, an overview with links to the account pages. The action
 * handles the intents login, register (then `updateUser` creates the profile, GEINS-API §7.2
 * step 6) and forgot (`requestPasswordReset`).
 */
import { useEffect, useRef } from 'react';
import { data, Form, Link, redirect } from 'react-router';
import { normalizeOrganisationsnummer } from '@trampa/api/identity-number';
import type { Route } from './+types/account';
import {
  authFailureMessage,
  formDigest,
  loginHeaders,
  safeRedirect,
} from '../features/account/account-actions.server';
import {
  ForgotForm,
  LoginForm,
  RegisterForm,
  type AccountActionData,
} from '../features/account/account-forms';
import { AccountNav } from '../features/account/account-nav';
import { FormMessage } from '../features/account/digest-form';
import { field, validateAccountForm } from '../features/account/validation';
import {
  AccountRequestPasswordResetDocument,
  AccountUpdateUserDocument,
  AccountUserDocument,
} from '../graphql/generated';
import { t, type MessageKey } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';
import accountStyles from '../styles/account.css?url';

/** Account styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** Title "Mitt konto | <shop>", not indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('account.title'), noindex: true });

/** Notices shown after a redirect here (`?meddelande=`). */
const NOTICES: Record<string, MessageKey> = {
  utloggad: 'account.loggedOut',
  supportavslutad: 'account.supportEnded',
  losenord: 'account.loggedOutWrongPassword',
  raderat: 'account.deleted',
  aterstallt: 'account.reset.done',
};

/** The customer (logged in) or the forms (logged out). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = new URL(request.url);
  const noticeKey = NOTICES[url.searchParams.get('meddelande') ?? ''];
  const notice = noticeKey ? t(noticeKey) : null;
  const salt = context.account.passwordSalt;
  const redirectTo = url.searchParams.get('redirectTo') ?? undefined;
  if (context.account.session.token) {
    const user = await context.api
      .query(AccountUserDocument)
      .then((result) => result.getUser)
      .catch(() => null);
    if (user) {
      const name = [user.address?.firstName, user.address?.lastName].filter(Boolean).join(' ');
      return { user: { email: user.email, name: name || user.email }, salt, notice, redirectTo };
    }
  }
  return {
    user: null,
    salt,
    notice,
    redirectTo,
    forgot: url.searchParams.has('glomt'),
  };
}

function fail(result: AccountActionData, status = 400) {
  return data(result, { status });
}

/** Login, registration and the forgotten-password request. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, 'intent');
  const errors = validateAccountForm(intent, form);
  const email = field(form, 'email').trim().toLowerCase();
  const remember = field(form, 'remember') === '1';
  const salt = context.account.passwordSalt;

  if (intent === 'forgot') {
    if (Object.keys(errors).length > 0) return fail({ intent, errors, values: { email } });
    await context.api.mutate(AccountRequestPasswordResetDocument, { email });
    return { intent, notice: t('account.forgot.sent', { email }), values: { email } };
  }

  if (intent === 'login') {
    if (Object.keys(errors).length > 0) return fail({ intent, errors, values: { email } });
    const digest = await formDigest(form, 'password', salt);
    if (!digest) return fail({ intent, errors: { password: 'validation.passwordRequired' } });
    const outcome = await context.account.auth.login(email, digest, remember);
    if (!outcome.ok) {
      return fail({ intent, formError: authFailureMessage(outcome), values: { email } }, 401);
    }
    throw redirect(safeRedirect(field(form, 'redirectTo')), {
      headers: loginHeaders(context, outcome, remember),
    });
  }

  if (intent === 'register') {
    const values = Object.fromEntries(
      ['customerType', 'firstName', 'lastName', 'company', 'organizationId', 'email', 'phone']
        .map((name) => [name, field(form, name).trim()])
        .concat([['newsletter', field(form, 'newsletter')]]),
    );
    values.email = email;
    const company = values.customerType === 'ORGANIZATION';
    const organizationId = company ? normalizeOrganisationsnummer(values.organizationId ?? '') : '';
    if (company && values.organizationId && !organizationId) {
      errors.organizationId = 'validation.organizationId';
    }
    if (Object.keys(errors).length > 0) return fail({ intent, errors, values });
    const digest = await formDigest(form, 'password', salt);
    if (!digest)
      return fail({ intent, errors: { password: 'validation.passwordRequired' }, values });
    const outcome = await context.account.auth.register(email, digest, true);
    if (!outcome.ok) {
      return fail({ intent, formError: authFailureMessage(outcome), values }, 409);
    }
    await context.account.apiWithToken(outcome.token).mutate(AccountUpdateUserDocument, {
      user: {
        newsletter: values.newsletter === '1',
        customerType: company ? 'ORGANIZATION' : 'PERSON',
        ...(company && organizationId ? { personalId: organizationId } : {}),
        address: {
          firstName: values.firstName,
          lastName: values.lastName,
          company: company ? values.company : '',
          phone: values.phone,
        },
      },
    });
    throw redirect('/account', { headers: loginHeaders(context, outcome, true) });
  }

  return fail({ intent, formError: t('error.generic.text') });
}

/** The account entry page. */
export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as AccountActionData | undefined;
  const headingRef = useRef<HTMLHeadingElement>(null);
  useEffect(() => {
    // After a form error, move focus to the message so screen readers announce it.
    if (result?.formError) {
      document.querySelector<HTMLElement>('.form-message--error')?.focus();
    }
  }, [result]);

  if (loaderData.user) {
    return (
      <div className="page container account">
        <AccountNav />
        <div className="account__content">
          <h1 ref={headingRef}>{t('account.welcome', { name: loaderData.user.name })}</h1>
          {loaderData.notice ? <FormMessage kind="success">{loaderData.notice}</FormMessage> : null}
          <p>{t('account.loggedInAs', { email: loaderData.user.email })}</p>
          <ul className="account-links">
            <li>
              <Link to="/mina-sidor/ordrar" preventScrollReset>
                {t('account.nav.orders')}
              </Link>
            </li>
            <li>
              <Link to="/mina-sidor/installningar" preventScrollReset>
                {t('account.nav.settings')}
              </Link>
            </li>
            <li>
              <Link to="/mina-sidor/saldo" preventScrollReset>
                {t('account.nav.balance')}
              </Link>
            </li>
          </ul>
          <Form method="post" action="/account/logout">
            <button type="submit" className="button">
              {t('account.logout')}
            </button>
          </Form>
        </div>
      </div>
    );
  }

  return (
    <div className="page container">
      <h1>{t('account.title')}</h1>
      {loaderData.notice ? <FormMessage kind="success">{loaderData.notice}</FormMessage> : null}
      {'forgot' in loaderData && loaderData.forgot ? (
        <div className="account-panels account-panels--single">
          <ForgotForm salt={loaderData.salt} result={result} />
          <p>
            <Link to="/account">{t('account.back')}</Link>
          </p>
        </div>
      ) : (
        <div className="account-panels">
          <LoginForm salt={loaderData.salt} result={result} redirectTo={loaderData.redirectTo} />
          <RegisterForm salt={loaderData.salt} result={result} />
        </div>
      )}
    </div>
  );
}
