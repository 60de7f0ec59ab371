/** `/mina-sidor/saldo` (SPEC §2): the customer's balance (getUser balanceFormatted, balances). */
import type { Route } from './+types/account-balance';
import { AccountUserDocument } from '../graphql/generated';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';

/** Title "Saldo | <shop>", not indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: t('account.balance.title'), noindex: true });

/** The balances. */
export async function loader({ context }: Route.LoaderArgs) {
  const { getUser } = await context.api.query(AccountUserDocument);
  const balances = (getUser?.balances ?? []).filter((balance) => balance !== null);
  return {
    balances: balances.map((b) => ({ currency: b.currency, formatted: b.amountFormatted ?? '' })),
    fallback: getUser?.balanceFormatted ?? '',
  };
}

/** The balance page. */
export default function AccountBalancePage({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1>{t('account.balance.title')}</h1>
      <p>{t('account.balance.intro')}</p>
      <dl className="balance">
        {loaderData.balances.length > 0 ? (
          loaderData.balances.map((balance) => (
            <div key={balance.currency} className="balance__row">
              <dt>{t('account.balance.amount')}</dt>
              <dd>{balance.formatted}</dd>
            </div>
          ))
        ) : (
          <div className="balance__row">
            <dt>{t('account.balance.amount')}</dt>
            <dd>{loaderData.fallback}</dd>
          </div>
        )}
      </dl>
    </>
  );
}
