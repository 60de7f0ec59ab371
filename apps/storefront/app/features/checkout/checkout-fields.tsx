/**
 * The form fields of the checkout `/kassan` (SPEC §5): text fields with label, hint and error
 * tied together (aria-describedby, aria-invalid), the customer's details, payment and the terms
 * box with its link to `/kopvillkor` (issue 14). WCAG 2.2 AA: every control has a visible label.
 */
import type { RefObject } from 'react';
import { Link } from 'react-router';
import { t } from '../../i18n/i18n';
import type { FieldErrors } from './checkout.server';
import type { CheckoutFormView } from './checkout-view';
import { ChoiceCard } from './choice-card';
import { StripePaymentElement, type StripeHandle } from './stripe-payment-element';

/** The id of a field's control: `billingAddress.zip` -> `f-billingAddress-zip`. */
export function fieldId(name: string): string {
  return `f-${name.replace(/\./g, '-')}`;
}

/** A text field with its label, hint and error. */
export function Field({
  name,
  label,
  value,
  errors,
  type = 'text',
  autoComplete,
  required = true,
  wide = false,
  hint,
}: {
  name: string;
  label: string;
  value: string;
  errors: FieldErrors;
  type?: string;
  autoComplete?: string;
  required?: boolean;
  wide?: boolean;
  hint?: string;
}) {
  const id = fieldId(name);
  const error = errors[name];
  const described = [error ? `${id}-error` : null, hint ? `${id}-hint` : null]
    .filter(Boolean)
    .join(' ');
  return (
    <div className={`checkout-field${wide ? ' field--wide' : ''}`}>
      <label htmlFor={id}>
        {label}
        {required ? <span aria-hidden="true"> *</span> : null}
      </label>
      <input
        id={id}
        name={name}
        type={type}
        defaultValue={value}
        autoComplete={autoComplete}
        aria-required={required || undefined}
        aria-invalid={error ? true : undefined}
        aria-describedby={described || undefined}
      />
      {hint ? (
        <p id={`${id}-hint`} className="field__hint">
          {hint}
        </p>
      ) : null}
      {error ? (
        <p id={`${id}-error`} className="form-error">
          {error}
        </p>
      ) : null}
    </div>
  );
}

/** The label of the identity number field in the checkout market and customer type. */
export function identityLabel(swedishIdentity: boolean, organization: boolean): string {
  if (swedishIdentity) {
    return organization ? t('checkout.field.organizationId') : t('checkout.field.personalId');
  }
  return organization
    ? t('checkout.field.foreignOrganizationId')
    : t('checkout.field.foreignPersonalId');
}

/** The customer's details: company, identity number, e-mail, name, address, mobile. */
export function DetailsFieldset({
  view,
  errors,
  swedishIdentity,
}: {
  view: CheckoutFormView;
  errors: FieldErrors;
  swedishIdentity: boolean;
}) {
  const organization = view.customerType === 'ORGANIZATION';
  const field = (
    name: keyof CheckoutFormView['address'],
    label: string,
    options: { autoComplete?: string; required?: boolean; wide?: boolean; type?: string } = {},
  ) => (
    <Field
      name={`billingAddress.${name}`}
      label={label}
      value={view.address[name]}
      errors={errors}
      {...options}
    />
  );
  return (
    <fieldset className="checkout-section">
      <legend>{t('checkout.details')}</legend>
      <div className="checkout-fields">
        {organization
          ? field('company', t('checkout.field.company'), {
              autoComplete: 'organization',
              wide: true,
            })
          : null}
        <Field
          name="identityNumber"
          label={identityLabel(swedishIdentity, organization)}
          value={view.identityNumber}
          errors={errors}
          required={swedishIdentity}
          hint={
            swedishIdentity
              ? organization
                ? t('checkout.field.organizationIdHint')
                : t('checkout.field.personalIdHint')
              : undefined
          }
          wide
        />
        <Field
          name="email"
          label={t('checkout.field.email')}
          value={view.email}
          errors={errors}
          type="email"
          autoComplete="email"
          wide
        />
        {field('firstName', t('checkout.field.firstName'), { autoComplete: 'given-name' })}
        {field('lastName', t('checkout.field.lastName'), { autoComplete: 'family-name' })}
        {field('careOf', t('checkout.field.careOf'), { required: false, wide: true })}
        {field('addressLine1', t('checkout.field.address'), {
          autoComplete: 'street-address',
          wide: true,
        })}
        {field('city', t('checkout.field.city'), { autoComplete: 'address-level2' })}
        {field('mobile', t('checkout.field.mobile'), { autoComplete: 'tel', type: 'tel' })}
      </div>
    </fieldset>
  );
}

/** The payment options; the first radio carries the id the error summary links to. */
export function PaymentFieldset({
  view,
  errors,
  stripe,
}: {
  view: CheckoutFormView;
  errors: FieldErrors;
  /** The Payment Element's handle, the charged total and Stripe's message (issue 42). */
  stripe?: { handle: RefObject<StripeHandle | null>; total: string; message: string | null };
}) {
  const error = errors.paymentId;
  return (
    <fieldset
      className="checkout-section"
      aria-describedby={error ? 'f-paymentId-error' : undefined}
    >
      <legend>{t('checkout.payment.title')}</legend>
      {error ? (
        <p id="f-paymentId-error" className="form-error">
          {error}
        </p>
      ) : null}
      <ul className="choice-list">
        {view.paymentOptions.map((option, index) => (
          <li key={option.id}>
            <ChoiceCard
              id={index === 0 ? fieldId('paymentId') : undefined}
              name="paymentId"
              value={option.id}
              defaultChecked={option.isSelected}
              invalid={Boolean(error)}
              autosave
            >
              <span>{option.name}</span>
              {option.stripe ? null : (
                <span className="field__hint">
                  {option.external
                    ? t('checkout.payment.externalHint')
                    : t('checkout.payment.invoiceHint')}
                </span>
              )}
            </ChoiceCard>
            {option.stripe && stripe ? (
              <StripePaymentElement
                element={option.stripe}
                handle={stripe.handle}
                total={stripe.total}
                message={stripe.message}
              />
            ) : null}
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/**
 * The terms box: ticked as the shopper left it (also after a failed submit), with a link to the
 * terms page `/kopvillkor` opening in a new tab so the form is kept (issue 14).
 */
export function TermsField({ checked, error }: { checked: boolean; error?: string }) {
  return (
    <>
      <div className="terms">
        <input
          id="f-terms"
          type="checkbox"
          name="terms"
          value="1"
          defaultChecked={checked}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'f-terms-error' : undefined}
        />
        <label htmlFor="f-terms">
          {t('checkout.terms.prefix')}{' '}
          <Link to="/kopvillkor" target="_blank" rel="noopener">
            {t('checkout.terms.link')}
            <span className="sr-only"> {t('checkout.terms.newTab')}</span>
          </Link>
        </label>
      </div>
      {error ? (
        <p id="f-terms-error" className="form-error">
          {error}
        </p>
      ) : null}
    </>
  );
}
