/**
 * Checkout `/kassan` (SPEC §2, §5, §8; GEINS-API §2.4 "Checkout"): in the undistracted layout;
 * one plain POST form that works without JavaScript (zip code first, then the shipping options
 * for that zip, customer details, payment, terms) and is enhanced with it (changing the customer
 * type, zip, shipping or payment saves at once with createOrUpdateCheckout). Placing the order
 * uses an idempotency key rendered into the form, so a double submit gives one order.
 */
import { randomUUID } from 'node:crypto';
import { useEffect, useMemo, useRef } from 'react';
import {
  data as respond,
  Form,
  Link,
  redirect,
  redirectDocument,
  useNavigation,
  useSubmit,
} from 'react-router';
import type { Route } from './+types/checkout';
import type { CartView } from '../features/cart/cart-view';
import { CartSummary } from '../features/cart/cart-summary';
import { GiftCardForm, PromoCodeForm } from '../features/cart/cart-code-form';
import { pushEvent } from '../features/cart/tracking';
import {
  checkoutContext,
  checkoutInputFromForm,
  loadCheckout,
  placeOrder,
  type FieldErrors,
} from '../features/checkout/checkout.server';
import {
  toCheckoutView,
  withProfileDefaults,
  type CheckoutFormView,
  type ShippingChoice,
} from '../features/checkout/checkout-view';
import { AccountUserDocument } from '../graphql/generated';
import { CheckoutMarketSelect } from '../features/market/checkout-market-select';
import { accountSummary } from '../features/account/account-summary.server';
import { t } from '../i18n/i18n';
import { useCulture } from '../market/market-view';
import { findMarket } from '../market/markets';
import { cartMarketAlias, cartMoneyFormat } from '../market/request-market';
import { pageMeta, shopFromMatches } from '../routing/meta';
import cartStyles from '../styles/cart.css?url';

/** Cart and checkout styles. */
export const links: Route.LinksFunction = () => [{ rel: 'stylesheet', href: cartStyles }];

/** "Kassan", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('checkout.title'), noindex: true });

/** This route's id (routes.ts); it contains "checkout": cart requests use the checkout market. */
const ROUTE_ID = 'checkout';

/**
 * The cart's checkout in the checkout market (SPEC §2) with what was entered before, and a fresh
 * idempotency key.
 */
export async function loader({ request, context: requestContext }: Route.LoaderArgs) {
  const context = checkoutContext(requestContext, ROUTE_ID);
  const { checkout } = await loadCheckout(request, context, null);
  const format = cartMoneyFormat(context.market, context.markets, ROUTE_ID);
  let view = checkout ? toCheckoutView(checkout, context.market.customerType, {}, format) : null;
  // A logged-in customer's profile fills a checkout not yet begun (no e-mail entered): one
  // getUser on the first visit, not on every autosave revalidation.
  if (view && !view.email && accountSummary(requestContext).loggedIn) {
    const profile = await requestContext.api.query(AccountUserDocument).catch(() => null);
    if (profile?.getUser) view = withProfileDefaults(view, profile.getUser);
  }
  // Swedish id numbers are asked for (and required) only in a Swedish checkout market.
  const checkoutMarket = context.markets
    ? findMarket(context.markets, cartMarketAlias(context.market, ROUTE_ID))
    : null;
  const swedishIdentity = (checkoutMarket?.countryCode ?? 'SE') === 'SE';
  return { view, attempt: randomUUID(), swedishIdentity };
}

/** `update` saves the form; `place` places the order (both in the checkout market). */
export async function action({ request, context: requestContext }: Route.ActionArgs) {
  const context = checkoutContext(requestContext, ROUTE_ID);
  const form = await request.formData();
  const intent = form.get('intent');
  const input = checkoutInputFromForm(form);
  const saved = await loadCheckout(request, context, input);
  if (intent !== 'place') {
    return respond({ errors: saved.errors }, {});
  }
  if (form.get('terms') !== '1') {
    return respond({ errors: { terms: t('checkout.terms.required') } as FieldErrors });
  }
  const outcome = await placeOrder(request, context, input, String(form.get('attempt') ?? ''));
  if (outcome.kind === 'placed') {
    const params = new URLSearchParams({ cartid: outcome.cartId, oid: outcome.orderId });
    throw redirect(`/checkout/confirm?${params}`, { status: 303 });
  }
  // The payment page is not part of the storefront: a full document navigation.
  if (outcome.kind === 'redirect') throw redirectDocument(outcome.url, { status: 303 });
  return respond({ errors: outcome.errors });
}

function Field({
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
  const id = `f-${name.replace(/\./g, '-')}`;
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

function ShippingOptions({
  options,
  view,
  errors,
}: {
  options: ShippingChoice[];
  view: CheckoutFormView;
  errors: FieldErrors;
}) {
  return (
    <fieldset
      className="checkout-section"
      aria-describedby={errors.shippingId ? 'shipping-error' : undefined}
    >
      <legend>{t('checkout.shipping.title')}</legend>
      {errors.shippingId ? (
        <p id="shipping-error" className="form-error">
          {errors.shippingId}
        </p>
      ) : null}
      <ul className="choice-list">
        {options.map((option) => (
          <li key={option.id}>
            <label className="choice">
              <input
                type="radio"
                name="shippingId"
                value={option.id}
                defaultChecked={option.isSelected}
                data-autosave
              />
              <span className="choice__main">
                <span>{option.name}</span>
                {option.kind === 'pickup' && option.isSelected ? (
                  <span
                    className="choice-list"
                    role="radiogroup"
                    aria-label={t('checkout.pickup.choose')}
                  >
                    {errors.pickupPoint ? (
                      <span className="form-error">{errors.pickupPoint}</span>
                    ) : null}
                    {option.stores.map((store) => (
                      <label key={store.alias} className="choice">
                        <input
                          type="radio"
                          name="pickupPoint"
                          value={store.alias}
                          defaultChecked={view.pickupPoint === store.alias}
                        />
                        <span className="choice__main">
                          <span>
                            {store.name}, {store.address}
                          </span>
                          <ul
                            className="store-stock"
                            aria-label={t('checkout.pickup.stock', { store: store.name })}
                          >
                            {store.skus.map((sku) => (
                              <li
                                key={sku.skuId}
                                className={
                                  sku.quantity > 0 ? 'store-stock__in' : 'store-stock__out'
                                }
                              >
                                {t('checkout.pickup.sku', {
                                  name: sku.productName,
                                  size: sku.name,
                                  quantity: sku.quantity,
                                })}
                              </li>
                            ))}
                          </ul>
                        </span>
                      </label>
                    ))}
                  </span>
                ) : option.kind === 'pickup' ? (
                  <span className="field__hint">{t('checkout.pickup.hint')}</span>
                ) : null}
              </span>
              <span className="choice__price">{option.fee}</span>
            </label>
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

/** The checkout page. */
export default function CheckoutPage({ loaderData, actionData }: Route.ComponentProps) {
  const { view, attempt, swedishIdentity } = loaderData;
  const culture = useCulture();
  const errors: FieldErrors = useMemo(() => actionData?.errors ?? {}, [actionData]);
  const submit = useSubmit();
  const navigation = useNavigation();
  const formRef = useRef<HTMLFormElement>(null);
  const busy = navigation.state !== 'idle';
  const cart: CartView | null = view?.cart ?? null;

  useEffect(() => {
    if (!cart || cart.lines.length === 0) return;
    pushEvent({
      event: 'checkout:impression',
      value: cart.totalIncVat,
      items: cart.lines.map((l) => ({
        skuId: l.skuId,
        productId: l.productId,
        name: l.name,
        quantity: l.quantity,
        price: l.unitPriceIncVat,
      })),
    });
    // Once per page view.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(() => {
    const first = Object.keys(errors)[0];
    if (!first) return;
    const element = document.getElementById(
      first === 'form' ? 'checkout-error' : `f-${first.replace(/\./g, '-')}`,
    );
    element?.focus();
  }, [errors]);

  if (!view || !cart || cart.lines.length === 0) {
    return (
      <div className="page container">
        <h1 className="checkout__title">{t('checkout.title')}</h1>
        <p>{t('cart.empty')}</p>
        <Link to="/" className="button button--primary">
          {t('cart.continue')}
        </Link>
      </div>
    );
  }
  const organization = view.customerType === 'ORGANIZATION';
  const autosave = (event: React.FormEvent<HTMLFormElement>) => {
    const target = event.target as HTMLElement;
    if (target.matches('[data-autosave]') && formRef.current) {
      const data = new FormData(formRef.current);
      data.set('intent', 'update');
      void submit(data, { method: 'post', preventScrollReset: true });
    }
  };

  return (
    <div className="page container checkout">
      <h1 className="checkout__title">{t('checkout.title')}</h1>
      <CheckoutMarketSelect />
      <div className="checkout-layout">
        <Form
          method="post"
          ref={formRef}
          onChange={autosave}
          noValidate
          preventScrollReset
          // Placing the order is a plain form post: the hosted payment page is another site.
          reloadDocument
        >
          <input type="hidden" name="attempt" value={attempt} />
          {errors.form ? (
            <p id="checkout-error" className="form-error" role="alert" tabIndex={-1}>
              {errors.form}
            </p>
          ) : null}
          <fieldset className="checkout-section">
            <legend>{t('checkout.customerType')}</legend>
            <div className="customer-type-choice">
              {(['PERSON', 'ORGANIZATION'] as const).map((type) => (
                <label key={type} className="choice">
                  <input
                    type="radio"
                    name="customerType"
                    value={type}
                    defaultChecked={view.customerType === type}
                    data-autosave
                  />
                  <span>{t(type === 'PERSON' ? 'checkout.person' : 'checkout.company')}</span>
                </label>
              ))}
            </div>
          </fieldset>

          <fieldset className="checkout-section">
            <legend>{t('checkout.zip.title')}</legend>
            <div className="checkout-fields">
              <Field
                name="billingAddress.zip"
                label={t('checkout.field.zip')}
                value={view.address.zip}
                errors={errors}
                autoComplete="postal-code"
                hint={t('checkout.zip.hint')}
              />
            </div>
            <button type="submit" name="intent" value="update" className="button button--secondary">
              {t('checkout.zip.submit')}
            </button>
            {view.noShippingForZip ? (
              <p className="form-error" role="status">
                {t('checkout.shipping.none')}
              </p>
            ) : null}
          </fieldset>

          {view.shippingOptions.length > 0 ? (
            <ShippingOptions options={view.shippingOptions} view={view} errors={errors} />
          ) : null}

          <fieldset className="checkout-section">
            <legend>{t('checkout.details')}</legend>
            <div className="checkout-fields">
              {organization ? (
                <Field
                  name="billingAddress.company"
                  label={t('checkout.field.company')}
                  value={view.address.company}
                  errors={errors}
                  autoComplete="organization"
                  wide
                />
              ) : null}
              <Field
                name="identityNumber"
                label={
                  swedishIdentity
                    ? organization
                      ? t('checkout.field.organizationId')
                      : t('checkout.field.personalId')
                    : organization
                      ? t('checkout.field.foreignOrganizationId')
                      : t('checkout.field.foreignPersonalId')
                }
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
              <Field
                name="billingAddress.firstName"
                label={t('checkout.field.firstName')}
                value={view.address.firstName}
                errors={errors}
                autoComplete="given-name"
              />
              <Field
                name="billingAddress.lastName"
                label={t('checkout.field.lastName')}
                value={view.address.lastName}
                errors={errors}
                autoComplete="family-name"
              />
              <Field
                name="billingAddress.careOf"
                label={t('checkout.field.careOf')}
                value={view.address.careOf}
                errors={errors}
                required={false}
                wide
              />
              <Field
                name="billingAddress.addressLine1"
                label={t('checkout.field.address')}
                value={view.address.addressLine1}
                errors={errors}
                autoComplete="street-address"
                wide
              />
              <Field
                name="billingAddress.city"
                label={t('checkout.field.city')}
                value={view.address.city}
                errors={errors}
                autoComplete="address-level2"
              />
              <Field
                name="billingAddress.mobile"
                label={t('checkout.field.mobile')}
                value={view.address.mobile}
                errors={errors}
                type="tel"
                autoComplete="tel"
              />
            </div>
          </fieldset>

          <fieldset className="checkout-section">
            <legend>{t('checkout.payment.title')}</legend>
            <ul className="choice-list">
              {view.paymentOptions.map((option) => (
                <li key={option.id}>
                  <label className="choice">
                    <input
                      type="radio"
                      name="paymentId"
                      value={option.id}
                      defaultChecked={option.isSelected}
                      data-autosave
                    />
                    <span className="choice__main">
                      <span>{option.name}</span>
                      <span className="field__hint">
                        {option.external
                          ? t('checkout.payment.externalHint')
                          : t('checkout.payment.invoiceHint')}
                      </span>
                    </span>
                  </label>
                </li>
              ))}
            </ul>
          </fieldset>

          <div className="terms">
            <input
              id="f-terms"
              type="checkbox"
              name="terms"
              value="1"
              aria-invalid={errors.terms ? true : undefined}
              aria-describedby={errors.terms ? 'f-terms-error' : undefined}
            />
            <label htmlFor="f-terms">{t('checkout.terms.label')}</label>
          </div>
          {errors.terms ? (
            <p id="f-terms-error" className="form-error" role="alert">
              {errors.terms}
            </p>
          ) : null}
          <button
            type="submit"
            name="intent"
            value="place"
            className="button button--primary button--block"
            aria-disabled={busy || undefined}
          >
            {t('checkout.place', { total: cart.total })}
          </button>
        </Form>
        <aside className="cart-aside" aria-labelledby="checkout-cart-title">
          <h2 id="checkout-cart-title" className="cart-aside__title">
            {t('checkout.yourCart', { count: cart.count }, culture)}
          </h2>
          <ul className="cart-lines">
            {cart.lines.map((line) => (
              <li key={line.id} className="cart-line">
                {line.image ? (
                  <img
                    className="cart-line__image"
                    src={line.image}
                    alt=""
                    width={72}
                    height={72}
                  />
                ) : (
                  <span className="cart-line__image" aria-hidden="true" />
                )}
                <div className="cart-line__info">
                  <p className="cart-line__name">{line.name}</p>
                  <p className="cart-line__size">
                    {line.size ? `${t('cart.size', { size: line.size })} · ` : ''}
                    {t('cart.quantity', { quantity: line.quantity })}
                  </p>
                </div>
                <div className="cart-line__total">
                  <strong>{line.total}</strong>
                </div>
              </li>
            ))}
          </ul>
          <CartSummary cart={cart} />
          <PromoCodeForm cart={cart} checkout />
          <GiftCardForm cart={cart} checkout />
          <Link to="/varukorg">{t('checkout.editCart')}</Link>
        </aside>
      </div>
    </div>
  );
}
