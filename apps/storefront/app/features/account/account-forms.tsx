/**
 * The logged-out account screens (SPEC §2 "login; create account; reset and change password"):
 * login, create account (private person or company, with the newsletter consent) and the
 * forgotten-password request. Every form works without JavaScript; with it the password is
 * checked and digested in the browser first (digest-form.tsx).
 */
import { Link } from 'react-router';
import { t } from '../../i18n/i18n';
import { DigestForm, FormMessage, NewPasswordFields, TextField } from './digest-form';
import type { FieldErrors } from './validation';

/** The result of an account action, as the forms show it. */
export interface AccountActionData {
  intent: string;
  errors?: FieldErrors;
  /** A form-level error text (SPEC §8 texts). */
  formError?: string;
  /** A confirmation text. */
  notice?: string;
  /** Values to show again (never passwords). */
  values?: Record<string, string>;
}

function forIntent(data: AccountActionData | undefined, intent: string) {
  return data?.intent === intent ? data : undefined;
}

/** Login: e-mail, password, "Kom ihåg mig". */
export function LoginForm(props: {
  salt: string;
  result?: AccountActionData;
  redirectTo?: string;
  action?: string;
}) {
  const result = forIntent(props.result, 'login');
  return (
    <section className="account-panel" aria-labelledby="login-title">
      <h2 id="login-title">{t('account.login.title')}</h2>
      <p>{t('account.login.intro')}</p>
      <DigestForm
        intent="login"
        salt={props.salt}
        passwordFields={['password']}
        serverErrors={result?.errors}
        label={t('account.login.title')}
        action={props.action}
      >
        {(errors) => (
          <>
            {result?.formError ? <FormMessage kind="error">{result.formError}</FormMessage> : null}
            {props.redirectTo ? (
              <input type="hidden" name="redirectTo" value={props.redirectTo} />
            ) : null}
            <TextField
              idPrefix="login"
              name="email"
              type="email"
              label={t('account.email')}
              autoComplete="username"
              defaultValue={result?.values?.email}
              error={errors.email}
              required
            />
            <TextField
              idPrefix="login"
              name="password"
              type="password"
              label={t('account.password')}
              autoComplete="current-password"
              error={errors.password}
              required
            />
            <div className="field field--check">
              <input id="login-remember" type="checkbox" name="remember" value="1" defaultChecked />
              <label htmlFor="login-remember">{t('account.remember')}</label>
            </div>
            <button type="submit" className="button button--primary">
              {t('account.login.submit')}
            </button>
            <p>
              <Link to="/account?glomt=1">{t('account.forgot.link')}</Link>
            </p>
          </>
        )}
      </DigestForm>
    </section>
  );
}

/** Create account: private person or company, names, contact, password twice, newsletter. */
export function RegisterForm(props: { salt: string; result?: AccountActionData }) {
  const result = forIntent(props.result, 'register');
  const values = result?.values ?? {};
  return (
    <section className="account-panel" aria-labelledby="register-title">
      <h2 id="register-title">{t('account.register.title')}</h2>
      <DigestForm
        intent="register"
        salt={props.salt}
        passwordFields={['password']}
        serverErrors={result?.errors}
        label={t('account.register.title')}
      >
        {(errors) => (
          <>
            {result?.formError ? <FormMessage kind="error">{result.formError}</FormMessage> : null}
            <fieldset className="field field--choice">
              <legend>{t('account.register.customerType')}</legend>
              <div className="customer-type-choice">
                <label className="choice" htmlFor="register-type-person">
                  <input
                    id="register-type-person"
                    type="radio"
                    name="customerType"
                    value="PERSON"
                    defaultChecked={values.customerType !== 'ORGANIZATION'}
                  />
                  <span>{t('account.register.person')}</span>
                </label>
                <label className="choice" htmlFor="register-type-company">
                  <input
                    id="register-type-company"
                    type="radio"
                    name="customerType"
                    value="ORGANIZATION"
                    defaultChecked={values.customerType === 'ORGANIZATION'}
                  />
                  <span>{t('account.register.company')}</span>
                </label>
              </div>
            </fieldset>
            <div className="company-fields">
              <TextField
                idPrefix="register"
                name="company"
                label={t('account.company')}
                autoComplete="organization"
                defaultValue={values.company}
                error={errors.company}
              />
              <TextField
                idPrefix="register"
                name="organizationId"
                label={t('account.organizationId')}
                defaultValue={values.organizationId}
                error={errors.organizationId}
              />
            </div>
            <div className="field-row">
              <TextField
                idPrefix="register"
                name="firstName"
                label={t('account.firstName')}
                autoComplete="given-name"
                defaultValue={values.firstName}
                error={errors.firstName}
                required
              />
              <TextField
                idPrefix="register"
                name="lastName"
                label={t('account.lastName')}
                autoComplete="family-name"
                defaultValue={values.lastName}
                error={errors.lastName}
                required
              />
            </div>
            <TextField
              idPrefix="register"
              name="email"
              type="email"
              label={t('account.email')}
              autoComplete="email"
              defaultValue={values.email}
              error={errors.email}
              required
            />
            <TextField
              idPrefix="register"
              name="phone"
              type="tel"
              label={t('account.phone')}
              autoComplete="tel"
              defaultValue={values.phone}
            />
            <NewPasswordFields
              idPrefix="register"
              name="password"
              label={t('account.password')}
              errors={errors}
            />
            <div className="field field--check">
              <input
                id="register-newsletter"
                type="checkbox"
                name="newsletter"
                value="1"
                defaultChecked={values.newsletter === '1'}
              />
              <label htmlFor="register-newsletter">{t('account.newsletter')}</label>
            </div>
            <button type="submit" className="button button--primary">
              {t('account.register.submit')}
            </button>
          </>
        )}
      </DigestForm>
    </section>
  );
}

/** Forgotten password: asks for the e-mail; the answer never tells whether it has an account. */
export function ForgotForm(props: { salt: string; result?: AccountActionData; action?: string }) {
  const result = forIntent(props.result, 'forgot');
  return (
    <section className="account-panel" aria-labelledby="forgot-title">
      <h2 id="forgot-title">{t('account.forgot.title')}</h2>
      {result?.notice ? (
        <FormMessage kind="success">{result.notice}</FormMessage>
      ) : (
        <p>{t('account.forgot.intro')}</p>
      )}
      <DigestForm
        intent="forgot"
        salt={props.salt}
        passwordFields={[]}
        serverErrors={result?.errors}
        label={t('account.forgot.title')}
        action={props.action}
      >
        {(errors) => (
          <>
            <TextField
              idPrefix="forgot"
              name="email"
              type="email"
              label={t('account.email')}
              autoComplete="email"
              defaultValue={result?.values?.email}
              error={errors.email}
              required
            />
            <button type="submit" className="button button--primary">
              {t('account.forgot.submit')}
            </button>
          </>
        )}
      </DigestForm>
    </section>
  );
}
