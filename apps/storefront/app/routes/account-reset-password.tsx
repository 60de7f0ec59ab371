/**
 * `/account/reset-password?resetKey=` (SPEC §2): choose a new password with the key from the
 * e-mail (`commitReset`, password as digest). An expired or used key asks for a new link.
 */
import { data, Link, redirect } from 'react-router';
import type { Route } from './+types/account-reset-password';
import { formDigest } from '../features/account/account-actions.server';
import { ForgotForm, type AccountActionData } from '../features/account/account-forms';
import { DigestForm, FormMessage, NewPasswordFields } from '../features/account/digest-form';
import { field, validateAccountForm } from '../features/account/validation';
import {
  AccountCommitResetDocument,
  AccountRequestPasswordResetDocument,
} from '../graphql/generated';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';
import accountStyles from '../styles/account.css?url';

/** Account styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** Title "Välj nytt lösenord | <shop>", not indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('account.reset.title'), noindex: true });

/** The key from the address and the salt for the browser's digest. */
export function loader({ request, context }: Route.LoaderArgs) {
  const resetKey = new URL(request.url).searchParams.get('resetKey') ?? '';
  return { resetKey, salt: context.account.passwordSalt };
}

/** Sets the new password, or asks for a new link (intent forgot). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, 'intent');
  const errors = validateAccountForm(intent, form);
  if (intent === 'forgot') {
    const email = field(form, 'email').trim().toLowerCase();
    if (Object.keys(errors).length > 0) {
      return data({ intent, errors, values: { email } } satisfies AccountActionData, {
        status: 400,
      });
    }
    await context.api.mutate(AccountRequestPasswordResetDocument, { email });
    return { intent, notice: t('account.forgot.sent', { email }), values: { email } };
  }
  if (Object.keys(errors).length > 0) {
    return data({ intent, errors } satisfies AccountActionData, { status: 400 });
  }
  const password = await formDigest(form, 'newPassword', context.account.passwordSalt);
  if (!password) {
    return data(
      {
        intent,
        errors: { newPassword: 'validation.passwordRequired' },
      } satisfies AccountActionData,
      { status: 400 },
    );
  }
  const result = await context.api.mutate(AccountCommitResetDocument, {
    resetKey: field(form, 'resetKey'),
    password,
  });
  if (result.commitReset) throw redirect('/account?meddelande=aterstallt');
  return data({ intent, expired: true }, { status: 410 });
}

/** The new-password form, or the request for a new link when the key has expired. */
export default function ResetPasswordPage({ loaderData, actionData }: Route.ComponentProps) {
  const result = actionData as (AccountActionData & { expired?: boolean }) | undefined;
  const expired = !loaderData.resetKey || result?.expired || result?.intent === 'forgot';
  return (
    <div className="page container">
      <h1>{t('account.reset.title')}</h1>
      {expired ? (
        <div className="account-panels account-panels--single">
          {result?.intent !== 'forgot' ? (
            <FormMessage kind="error">{t('account.reset.expired')}</FormMessage>
          ) : null}
          <ForgotForm salt={loaderData.salt} result={result} />
        </div>
      ) : (
        <div className="account-panels account-panels--single">
          <section className="account-panel" aria-labelledby="reset-title">
            <h2 id="reset-title" className="sr-only">
              {t('account.reset.title')}
            </h2>
            <DigestForm
              intent="reset"
              salt={loaderData.salt}
              passwordFields={['newPassword']}
              serverErrors={result?.errors}
              label={t('account.reset.title')}
            >
              {(errors) => (
                <>
                  <input type="hidden" name="resetKey" value={loaderData.resetKey} />
                  <NewPasswordFields
                    idPrefix="reset"
                    name="newPassword"
                    label={t('account.reset.newPassword')}
                    errors={errors}
                  />
                  <button type="submit" className="button button--primary">
                    {t('account.reset.submit')}
                  </button>
                </>
              )}
            </DigestForm>
          </section>
          <p>
            <Link to="/account">{t('account.back')}</Link>
          </p>
        </div>
      )}
    </div>
  );
}
