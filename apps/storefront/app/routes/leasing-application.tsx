/**
 * The förmånscykel application `/formanscykel/ansokan` (issue 21, SPEC §5, §9): employer
 * (company, organisationsnummer, contact e-mail), the employee, period, service package,
 * marginal tax and the terms, for the leasing cart. Checked with the API's zod schema
 * (`@trampa/api/leasing-application`, Swedish messages) before `placeLeasingOrder`, which checks
 * again. Errors: an error summary that gets focus, each field's message tied to it
 * (aria-describedby). The monthly net cost follows the choice at once (the calculation of ADR
 * 013). A logged-in applicant's name, e-mail, phone and address come from the account (issue 40).
 * After sending: a 303 to the confirmation page `/formanscykel/ansokan/skickad` (issue 40); the
 * leasing cart cookie is cleared.
 */
import { parseLeasingApplication, type LeasingFormErrors } from '@trampa/api/leasing-application';
import { useEffect, useRef, useState } from 'react';
import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/leasing-application';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { AccountUserDocument, PlaceLeasingOrderDocument } from '../graphql/generated';
import { apiErrorText } from '../features/errors/api-error-text';
import { leasingCartIdOf, loadLeasingCart } from '../features/leasing/leasing-cart.server';
import { loadLeasing } from '../features/leasing/leasing.server';
import { LEASING_RECEIPT_PARAM, LEASING_RECEIPT_PATH } from '../features/leasing/leasing-receipt';
import { fill, LEASING_TEXTS as T } from '../features/leasing/leasing-texts';
import {
  employeeDefaults,
  formatKronor,
  leasingFigures,
  type LeasingChoice,
} from '../features/leasing/leasing-view';
import { accountSummary } from '../features/account/account-summary.server';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { appUrl } from '../routing/local-path';
import accountStyles from '../styles/account.css?url';

/** Form styles (the cart and leasing styles are in every page's styles/shell.css). */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: accountStyles }];

/** "Ansök om förmånscykel", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: T.formTitle, noindex: true });

/**
 * The leasing cart (back to it while it breaks a rule), the calculator's settings and, for a
 * logged-in applicant, the employee fields from the account (one getUser; a failing one leaves
 * the fields empty).
 */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const cart = await loadLeasingCart(request, context);
  if (!cart || cart.lines.length === 0 || cart.problems.length > 0) {
    throw redirect(`/formanscykel/varukorg${url.search}`);
  }
  const leasing = await loadLeasing(
    context,
    { leasable: true, priceIncVat: cart.totalIncVat / 100 },
    url,
  );
  if (!leasing) throw redirect('/formanscykel/varukorg');
  const profile = accountSummary(context).loggedIn
    ? await context.api.query(AccountUserDocument).catch(() => null)
    : null;
  return { cart, leasing, defaults: employeeDefaults(profile?.getUser) };
}

const FIELDS = [
  'employerName',
  'organisationNumber',
  'employerEmail',
  'firstName',
  'lastName',
  'email',
  'phone',
  'addressLine1',
  'zip',
  'city',
  'periodMonths',
  'packageId',
  'marginalTaxPercent',
  'acceptTerms',
] as const;

/** Validates with the shared schema, places the application, then 303 to its confirmation. */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const values: Record<string, string> = {};
  for (const field of FIELDS) values[field] = String(form.get(field) ?? '');
  const input = { ...values, acceptTerms: form.get('acceptTerms') === 'on' };
  const parsed = parseLeasingApplication(input);
  if (!parsed.ok) return { errors: parsed.errors as Record<string, string>, values };
  const cartId = await leasingCartIdOf(request, context);
  if (!cartId) throw redirect('/formanscykel/varukorg');
  const result = await context.api.attempt(PlaceLeasingOrderDocument, {
    cartId,
    application: parsed.data,
  });
  const error = result.errors[0];
  if (error) {
    if (error.extensions.reason === 'leasing-rules') throw redirect('/formanscykel/varukorg');
    const fields = error.extensions.fields as Record<string, string> | undefined;
    const errors = fields ?? { form: apiErrorText(error, context.market.languageId) };
    return { errors, values };
  }
  const placed = result.data!.placeLeasingOrder;
  const secure = new URL(request.url).protocol === 'https:';
  const receipt = new URLSearchParams({ [LEASING_RECEIPT_PARAM]: String(placed.order.publicId) });
  throw redirect(`${LEASING_RECEIPT_PATH}?${receipt}`, {
    status: 303,
    headers: { 'Set-Cookie': await context.cookies.leasingCart.clear(secure) },
  });
}

const LABELS: Record<string, string> = {
  employerName: T.employerName,
  organisationNumber: T.organisationNumber,
  employerEmail: T.employerEmail,
  firstName: T.firstName,
  lastName: T.lastName,
  email: T.email,
  phone: T.phone,
  addressLine1: T.addressLine1,
  zip: T.zip,
  city: T.city,
  periodMonths: T.period,
  packageId: T.package,
  marginalTaxPercent: T.tax,
  acceptTerms: T.terms,
};

const fieldId = (name: string) => `lf-${name}`;

/** The application page. */
export default function LeasingApplicationPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, leasing, defaults } = loaderData;
  const data = actionData as
    { errors: LeasingFormErrors & { form?: string }; values: Record<string, string> } | undefined;
  const errors: Record<string, string> = data?.errors ?? {};
  // What was sent (after an error), else the account's details (issue 40).
  const values: Record<string, string> = data?.values ?? defaults;
  const [choice, setChoice] = useState<LeasingChoice>({
    period: Number(values.periodMonths) || leasing.initial.period,
    packageId: values.packageId || leasing.initial.packageId,
    taxPercent: values.marginalTaxPercent || leasing.initial.taxPercent,
  });
  const figures = leasingFigures(leasing, choice);
  const summaryRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    if (data && Object.keys(data.errors).length > 0) summaryRef.current?.focus();
  }, [data]);
  const entries = Object.entries(errors);
  const field = (
    name: keyof typeof LABELS,
    type = 'text',
    autoComplete?: string,
    hint?: string,
  ) => {
    const error = errors[name];
    const describedBy = [error ? `${fieldId(name)}-error` : '', hint ? `${fieldId(name)}-hint` : '']
      .filter(Boolean)
      .join(' ');
    return (
      <div className="field">
        <label htmlFor={fieldId(name)}>{LABELS[name]}</label>
        <input
          id={fieldId(name)}
          name={name}
          type={type}
          autoComplete={autoComplete}
          defaultValue={values[name] ?? ''}
          aria-invalid={error ? true : undefined}
          aria-describedby={describedBy || undefined}
          required
        />
        {hint ? (
          <p id={`${fieldId(name)}-hint`} className="field__hint">
            {hint}
          </p>
        ) : null}
        {error ? (
          <p id={`${fieldId(name)}-error`} className="field__error">
            {error}
          </p>
        ) : null}
      </div>
    );
  };
  return (
    <div className="page container leasing-flow">
      <Breadcrumbs
        items={[
          { name: 'Förmånscykel', url: '/formanscykel' },
          { name: T.formTitle, url: '/formanscykel/ansokan' },
        ]}
      />
      <h1>{T.formTitle}</h1>
      {entries.length > 0 ? (
        <div
          className="error-summary"
          ref={summaryRef}
          tabIndex={-1}
          aria-labelledby="leasing-errors-title"
        >
          <h2 id="leasing-errors-title" className="error-summary__title">
            {fill(T.errorsTitle, { count: entries.length })}
          </h2>
          <ul className="error-summary__list">
            {entries.map(([name, message]) =>
              name === 'form' ? (
                <li key={name}>{message}</li>
              ) : (
                <li key={name}>
                  <a href={`#${fieldId(name)}`}>{`${LABELS[name] ?? name}: ${message}`}</a>
                </li>
              ),
            )}
          </ul>
        </div>
      ) : null}
      <ul className="leasing-flow__lines leasing-flow__lines--summary">
        {cart.lines.map((line) => (
          <li key={line.lineId} className="leasing-flow__line">
            <span>
              {line.name}
              {line.sizeName ? `, ${line.sizeName}` : ''} × {line.quantity}
            </span>
            <span className="leasing-flow__price">{line.totalText}</span>
          </li>
        ))}
      </ul>
      <Form method="post" className="leasing-flow__form" noValidate>
        <fieldset className="leasing-flow__group">
          <legend>{T.employer}</legend>
          {field('employerName', 'text', 'organization')}
          {field('organisationNumber', 'text', 'off')}
          {field('employerEmail', 'email', 'off', T.employerEmailHint)}
        </fieldset>
        <fieldset className="leasing-flow__group">
          <legend>{T.employee}</legend>
          {field('firstName', 'text', 'given-name')}
          {field('lastName', 'text', 'family-name')}
          {field('email', 'email', 'email')}
          {field('phone', 'tel', 'tel')}
          {field('addressLine1', 'text', 'address-line1')}
          {field('zip', 'text', 'postal-code')}
          {field('city', 'text', 'address-level2')}
        </fieldset>
        <fieldset className="leasing-flow__group">
          <legend>{T.lease}</legend>
          <div className="field">
            <label htmlFor={fieldId('periodMonths')}>{T.period}</label>
            <select
              id={fieldId('periodMonths')}
              name="periodMonths"
              value={choice.period}
              onChange={(e) => setChoice({ ...choice, period: Number(e.target.value) })}
            >
              {leasing.periods.map((months) => (
                <option key={months} value={months}>
                  {months} månader
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={fieldId('packageId')}>{T.package}</label>
            <select
              id={fieldId('packageId')}
              name="packageId"
              value={choice.packageId}
              onChange={(e) => setChoice({ ...choice, packageId: e.target.value })}
            >
              {leasing.packages.map((pkg) => (
                <option key={pkg.id} value={pkg.id}>
                  {pkg.pricePerYear > 0
                    ? `${pkg.name} (${formatKronor(pkg.pricePerYear)}/år)`
                    : pkg.name}
                </option>
              ))}
            </select>
          </div>
          <div className="field">
            <label htmlFor={fieldId('marginalTaxPercent')}>{T.tax}</label>
            <input
              id={fieldId('marginalTaxPercent')}
              name="marginalTaxPercent"
              inputMode="decimal"
              value={choice.taxPercent}
              onChange={(e) => setChoice({ ...choice, taxPercent: e.target.value })}
              aria-invalid={errors.marginalTaxPercent ? true : undefined}
              aria-describedby={
                errors.marginalTaxPercent ? `${fieldId('marginalTaxPercent')}-error` : undefined
              }
              size={5}
            />
            {errors.marginalTaxPercent ? (
              <p id={`${fieldId('marginalTaxPercent')}-error`} className="field__error">
                {errors.marginalTaxPercent}
              </p>
            ) : null}
          </div>
          <div className="leasing__result" aria-live="polite" aria-atomic="true">
            {figures ? (
              <dl className="leasing__figures">
                <div className="leasing__figure leasing__figure--main">
                  <dt>{T.netCost}</dt>
                  <dd data-testid="leasing-application-net">{formatKronor(figures.netCost)}</dd>
                </div>
                <div className="leasing__figure">
                  <dt>{T.grossDeduction}</dt>
                  <dd>{formatKronor(figures.grossDeduction)}</dd>
                </div>
              </dl>
            ) : null}
          </div>
        </fieldset>
        <div className="field field--checkbox">
          <input
            id={fieldId('acceptTerms')}
            name="acceptTerms"
            type="checkbox"
            aria-invalid={errors.acceptTerms ? true : undefined}
            aria-describedby={`${fieldId('acceptTerms')}-links${
              errors.acceptTerms ? ` ${fieldId('acceptTerms')}-error` : ''
            }`}
          />
          <label htmlFor={fieldId('acceptTerms')}>{T.terms}</label>
          <p id={`${fieldId('acceptTerms')}-links`} className="field__hint">
            <Link to="/kopvillkor" target="_blank">
              Köpvillkor
            </Link>{' '}
            ·{' '}
            <Link to="/formanscykel" target="_blank">
              Så fungerar förmånscykel
            </Link>
          </p>
          {errors.acceptTerms ? (
            <p id={`${fieldId('acceptTerms')}-error`} className="field__error">
              {errors.acceptTerms}
            </p>
          ) : null}
        </div>
        <button type="submit" className="button button--primary">
          {T.submit}
        </button>
      </Form>
    </div>
  );
}
