/**
 * `/mina-sidor/installningar` (SPEC §2; GEINS-API §2.1: getUser, updateUser, deleteUser,
 * auth-service /password): profile and address, newsletter consent, change password (a wrong
 * current password logs the user out, SPEC §4), download the data and delete the account.
 */
import { data, Form, redirect } from 'react-router';
import { normalizeOrganisationsnummer, normalizePersonnummer } from '@trampa/api/identity-number';
import type { Route } from './+types/account-settings';
import {
  authFailureMessage,
  formDigest,
  loginHeaders,
  logoutRedirect,
} from '../features/account/account-actions.server';
import type { AccountActionData } from '../features/account/account-forms';
import {
  DigestForm,
  FormMessage,
  NewPasswordFields,
  TextField,
} from '../features/account/digest-form';
import { field, validateAccountForm, type FieldErrors } from '../features/account/validation';
import {
  AccountDeleteUserDocument,
  AccountUpdateUserDocument,
  AccountUserDocument,
  type Gender,
} from '../graphql/generated';
import { useActionFeedback } from '../features/feedback/use-action-feedback';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** Countries offered for the address (the shop's markets). */
const COUNTRIES = ['SE', 'NO', 'DK', 'FI'] as const;
const countryNames = new Intl.DisplayNames(['sv'], { type: 'region' });
const GENDERS = ['UNSET', 'UNSPECIFIED', 'WOMAN', 'MAN'] as const;

/** Title "Inställningar | <shop>", not indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('account.settings.title'), noindex: true });

/** The customer's current details. */
export async function loader({ context }: Route.LoaderArgs) {
  const { getUser } = await context.api.query(AccountUserDocument);
  if (!getUser) throw redirect('/');
  return { user: getUser, salt: context.account.passwordSalt };
}

type SettingsResult = AccountActionData;

/** Saves the profile, changes the password or deletes the account (by intent). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = field(form, 'intent');
  const { getUser: user } = await context.api.query(AccountUserDocument);
  if (!user) throw redirect('/');

  if (intent === 'profile') {
    const errors: FieldErrors = {};
    const company = user.customerType === 'ORGANIZATION';
    const rawId = field(form, 'personalId').trim();
    const personalId =
      rawId === ''
        ? ''
        : company
          ? normalizeOrganisationsnummer(rawId)
          : normalizePersonnummer(rawId);
    if (personalId === null) {
      errors.personalId = company ? 'validation.organizationId' : 'validation.personalId';
    }
    for (const name of ['firstName', 'lastName']) {
      if (field(form, name).trim() === '') errors[name] = 'validation.required';
    }
    const gender = field(form, 'gender');
    const country = field(form, 'country');
    if (Object.keys(errors).length > 0) {
      return data({ intent, errors } satisfies SettingsResult, { status: 400 });
    }
    await context.api.mutate(AccountUpdateUserDocument, {
      user: {
        newsletter: field(form, 'newsletter') === '1',
        gender: (GENDERS as readonly string[]).includes(gender) ? (gender as Gender) : undefined,
        personalId: personalId ?? undefined,
        address: {
          firstName: field(form, 'firstName').trim(),
          lastName: field(form, 'lastName').trim(),
          company: field(form, 'company').trim(),
          careOf: field(form, 'careOf').trim(),
          addressLine1: field(form, 'addressLine1').trim(),
          addressLine2: field(form, 'addressLine2').trim(),
          zip: field(form, 'zip').replace(/\s+/g, ''),
          city: field(form, 'city').trim(),
          country: (COUNTRIES as readonly string[]).includes(country) ? country : 'SE',
          phone: field(form, 'phone').trim(),
        },
      },
    });
    return { intent, notice: t('account.settings.saved') } satisfies SettingsResult;
  }

  if (intent === 'password') {
    const errors = validateAccountForm(intent, form);
    if (Object.keys(errors).length > 0) {
      return data({ intent, errors } satisfies SettingsResult, { status: 400 });
    }
    const salt = context.account.passwordSalt;
    const current = await formDigest(form, 'password', salt);
    const next = await formDigest(form, 'newPassword', salt);
    const refreshToken = context.account.session.refreshToken;
    if (!current || !next || !refreshToken) {
      return data({ intent, formError: t('error.generic.text') } satisfies SettingsResult, {
        status: 400,
      });
    }
    const outcome = await context.account.auth.changePassword(
      user.email,
      current,
      next,
      refreshToken,
    );
    if (!outcome.ok) {
      if (outcome.error === 'INVALID_CREDENTIALS' || outcome.error === 'INVALID_REFRESH_TOKEN') {
        // SPEC §4, §8: a wrong current password logs the user out for security.
        throw await logoutRedirect(context, '/account?meddelande=losenord');
      }
      return data({ intent, formError: authFailureMessage(outcome) } satisfies SettingsResult, {
        status: outcome.status,
      });
    }
    return data({ intent, notice: t('account.change.done') } satisfies SettingsResult, {
      headers: loginHeaders(context, outcome, context.account.session.remember),
    });
  }

  if (intent === 'delete') {
    if (field(form, 'confirm') !== '1') {
      return data({ intent, errors: { confirm: 'validation.required' } } satisfies SettingsResult, {
        status: 400,
      });
    }
    const deleted = await context.api.attempt(AccountDeleteUserDocument);
    const error = deleted.errors[0];
    if (error?.code === 'FORBIDDEN') {
      // A support session (staff logged in as the customer) may not erase it (issue 41).
      return data({ intent, formError: t('error.supportSession') } satisfies SettingsResult, {
        status: 403,
      });
    }
    if (error) {
      return data({ intent, formError: t('error.generic.text') } satisfies SettingsResult, {
        status: 500,
      });
    }
    throw await logoutRedirect(context, '/account?meddelande=raderat');
  }

  return data({ intent, formError: t('error.generic.text') } satisfies SettingsResult, {
    status: 400,
  });
}

/** The settings page. */
export default function AccountSettingsPage({ loaderData, actionData }: Route.ComponentProps) {
  const { user, salt } = loaderData;
  const result = actionData as SettingsResult | undefined;
  useActionFeedback(result);
  const of = (intent: string) => (result?.intent === intent ? result : undefined);
  const profile = of('profile');
  const password = of('password');
  const remove = of('delete');
  const address = user.address;
  const company = user.customerType === 'ORGANIZATION';
  return (
    <>
      <h1>{t('account.settings.title')}</h1>

      <section className="account-panel" aria-labelledby="settings-profile">
        <h2 id="settings-profile">{t('account.settings.profile')}</h2>
        {profile?.notice ? <FormMessage kind="success">{profile.notice}</FormMessage> : null}
        <DigestForm
          intent="profile"
          salt={salt}
          passwordFields={[]}
          serverErrors={profile?.errors}
          label={t('account.settings.profile')}
        >
          {(errors) => (
            <>
              <p>
                {t('account.email')}: <strong className="email-text">{user.email}</strong>
              </p>
              {company ? (
                <TextField
                  idPrefix="profile"
                  name="company"
                  label={t('account.company')}
                  autoComplete="organization"
                  defaultValue={address?.company}
                />
              ) : null}
              <div className="field-row">
                <TextField
                  idPrefix="profile"
                  name="firstName"
                  label={t('account.firstName')}
                  autoComplete="given-name"
                  defaultValue={address?.firstName}
                  error={errors.firstName}
                  required
                />
                <TextField
                  idPrefix="profile"
                  name="lastName"
                  label={t('account.lastName')}
                  autoComplete="family-name"
                  defaultValue={address?.lastName}
                  error={errors.lastName}
                  required
                />
              </div>
              <TextField
                idPrefix="profile"
                name="personalId"
                label={company ? t('account.organizationId') : t('account.personalId')}
                defaultValue={user.personalId ?? ''}
                error={errors.personalId}
              />
              <TextField
                idPrefix="profile"
                name="phone"
                type="tel"
                label={t('account.phone')}
                autoComplete="tel"
                defaultValue={address?.phone}
              />
              {!company ? (
                <div className="field">
                  <label htmlFor="profile-gender">{t('account.gender')}</label>
                  <select id="profile-gender" name="gender" defaultValue={user.gender ?? 'UNSET'}>
                    {GENDERS.map((gender) => (
                      <option key={gender} value={gender}>
                        {t(`account.gender.${gender}`)}
                      </option>
                    ))}
                  </select>
                </div>
              ) : null}
              <TextField
                idPrefix="profile"
                name="careOf"
                label={t('account.careOf')}
                defaultValue={address?.careOf}
              />
              <TextField
                idPrefix="profile"
                name="addressLine1"
                label={t('account.address')}
                autoComplete="address-line1"
                defaultValue={address?.addressLine1}
              />
              <TextField
                idPrefix="profile"
                name="addressLine2"
                label={t('account.address2')}
                autoComplete="address-line2"
                defaultValue={address?.addressLine2}
              />
              <div className="field-row">
                <TextField
                  idPrefix="profile"
                  name="zip"
                  label={t('account.zip')}
                  autoComplete="postal-code"
                  defaultValue={address?.zip}
                />
                <TextField
                  idPrefix="profile"
                  name="city"
                  label={t('account.city')}
                  autoComplete="address-level2"
                  defaultValue={address?.city}
                />
              </div>
              <div className="field">
                <label htmlFor="profile-country">{t('account.country')}</label>
                <select id="profile-country" name="country" defaultValue={address?.country || 'SE'}>
                  {COUNTRIES.map((code) => (
                    <option key={code} value={code}>
                      {countryNames.of(code)}
                    </option>
                  ))}
                </select>
              </div>
              <div className="field field--check">
                <input
                  id="profile-newsletter"
                  type="checkbox"
                  name="newsletter"
                  value="1"
                  defaultChecked={user.newsletter ?? false}
                />
                <label htmlFor="profile-newsletter">{t('account.newsletter')}</label>
              </div>
              <button type="submit" className="button button--primary">
                {t('account.settings.save')}
              </button>
            </>
          )}
        </DigestForm>
      </section>

      <section className="account-panel" aria-labelledby="settings-password">
        <h2 id="settings-password">{t('account.change.title')}</h2>
        {password?.notice ? <FormMessage kind="success">{password.notice}</FormMessage> : null}
        {password?.formError ? <FormMessage kind="error">{password.formError}</FormMessage> : null}
        <DigestForm
          intent="password"
          salt={salt}
          passwordFields={['password', 'newPassword']}
          serverErrors={password?.errors}
          label={t('account.change.title')}
        >
          {(errors) => (
            <>
              <TextField
                idPrefix="change"
                name="password"
                type="password"
                label={t('account.change.current')}
                autoComplete="current-password"
                error={errors.password}
                required
              />
              <NewPasswordFields
                idPrefix="change"
                name="newPassword"
                label={t('account.reset.newPassword')}
                errors={errors}
              />
              <button type="submit" className="button button--primary">
                {t('account.change.submit')}
              </button>
            </>
          )}
        </DigestForm>
      </section>

      <section className="account-panel" aria-labelledby="settings-data">
        <h2 id="settings-data">{t('account.gdpr.title')}</h2>
        <p>{t('account.gdpr.text')}</p>
        <p>
          <a href="/mina-sidor/mina-uppgifter.json" download>
            {t('account.gdpr.export')}
          </a>
        </p>
        <h3>{t('account.delete.title')}</h3>
        <p>{t('account.delete.text')}</p>
        <Form method="post" className="account-form">
          <input type="hidden" name="intent" value="delete" />
          <div className="field field--check">
            <input
              id="delete-confirm"
              type="checkbox"
              name="confirm"
              value="1"
              aria-invalid={remove?.errors?.confirm ? true : undefined}
              aria-describedby={remove?.errors?.confirm ? 'delete-confirm-error' : undefined}
            />
            <label htmlFor="delete-confirm">{t('account.delete.confirm')}</label>
          </div>
          {remove?.errors?.confirm ? (
            <p id="delete-confirm-error" className="field__error">
              {t(remove.errors.confirm)}
            </p>
          ) : null}
          {remove?.formError ? <FormMessage kind="error">{remove.formError}</FormMessage> : null}
          <button type="submit" className="button button--danger">
            {t('account.delete.submit')}
          </button>
        </Form>
      </section>
    </>
  );
}
