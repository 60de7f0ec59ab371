/**
 * `/checkout/klarna-fail?reason=general|out-of-stock|blocked|cart-changed` (SPEC §2, §8
 * "Payment-provider order failures: general, out of stock, user blocked"; cart-changed: the shop
 * refused the approval because the cart changed after the payment started, issue 13 §2): the
 * payment did not go through; the cart is kept and the shopper can go back to the checkout.
 */
import { Link } from 'react-router';
import type { Route } from './+types/checkout-fail';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** "Betalningen gick inte igenom", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('paymentFailed.title'), noindex: true });

const REASONS = ['out-of-stock', 'blocked', 'cart-changed'] as const;

/** The reason from the query: one of {@link REASONS}, else general. */
export function loader({ request }: Route.LoaderArgs) {
  const reason = new URL(request.url).searchParams.get('reason');
  const known = REASONS.find((r) => r === reason);
  return { reason: known ?? 'general' } as const;
}

/** The failure page. */
export default function PaymentFailedPage({ loaderData }: Route.ComponentProps) {
  const message =
    loaderData.reason === 'out-of-stock'
      ? t('paymentFailed.outOfStock')
      : loaderData.reason === 'blocked'
        ? t('paymentFailed.blocked')
        : loaderData.reason === 'cart-changed'
          ? t('paymentFailed.cartChanged')
          : t('paymentFailed.general');
  return (
    <div className="page page--narrow">
      <section className="payment-failed" aria-labelledby="payment-failed-title">
        <h1 id="payment-failed-title">{t('paymentFailed.title')}</h1>
        <p role="alert" className="payment-failed__reason">
          {message}
        </p>
        <p>{t('paymentFailed.cartKept')}</p>
        <Link to="/kassan" className="button button--primary payment-failed__action">
          {t('paymentFailed.back')}
        </Link>
      </section>
    </div>
  );
}
