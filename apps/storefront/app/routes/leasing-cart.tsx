/**
 * The förmånscykel cart `/formanscykel/varukorg` (issue 21, SPEC §5 leasing rules, §9): a second
 * cart beside the ordinary one. It shows every broken rule in Swedish (at least one bike, only
 * leasable items, the price limits) with one-click removal of the items that cannot be leased,
 * offers the ordinary cart's items to move here, and leads to the application once the cart
 * keeps the rules. Plain form POSTs (works without JavaScript): `add` (from the product page,
 * carrying the calculator's choice in the address), `move`, `remove`, `removeNonLeasable`.
 */
import { Form, Link, redirect } from 'react-router';
import type { Route } from './+types/leasing-cart';
import { Breadcrumbs } from '../components/ui/breadcrumbs';
import { loadCart, updateLine } from '../features/cart/cart.server';
import {
  addToLeasingCart,
  loadLeasingCart,
  removeLeasingLines,
} from '../features/leasing/leasing-cart.server';
import { fill, LEASING_TEXTS as T } from '../features/leasing/leasing-texts';
import { LEASING_PARAMS } from '../features/leasing/leasing-view';
import { t } from '../i18n/i18n';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { appUrl } from '../routing/local-path';

/** "Förmånscykelkorg", never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: T.cartTitle, noindex: true });

/** The calculator's choice kept in the address (period, package, tax), as a query string. */
function choiceQuery(url: URL): string {
  const kept = new URLSearchParams();
  for (const name of Object.values(LEASING_PARAMS)) {
    const value = url.searchParams.get(name);
    if (value) kept.set(name, value.slice(0, 20));
  }
  const text = kept.toString();
  return text ? `?${text}` : '';
}

/** The leasing cart and the ordinary cart's items (to move here). */
export async function loader({ request, context }: Route.LoaderArgs) {
  const url = appUrl(request, context.market.basename);
  const [cart, ordinary] = await Promise.all([
    loadLeasingCart(request, context),
    loadCart(request, context),
  ]);
  const movable = (ordinary?.items ?? []).flatMap((item) =>
    item?.product
      ? [{ lineId: String(item.id), skuId: item.skuId, name: item.product.name ?? '' }]
      : [],
  );
  return { cart, movable, query: choiceQuery(url) };
}

const positiveInt = (value: FormDataEntryValue | null) => {
  const n = Number(value);
  return typeof value === 'string' && Number.isSafeInteger(n) && n > 0 ? n : null;
};

/** The cart changes; each redirects back to the page (303). */
export async function action({ request, context }: Route.ActionArgs) {
  const form = await request.formData();
  const intent = form.get('intent');
  const url = appUrl(request, context.market.basename);
  const back = `/formanscykel/varukorg${choiceQuery(url)}`;
  const headers = new Headers();
  if (intent === 'add' || intent === 'move') {
    const skuId = positiveInt(form.get('skuId'));
    if (!skuId) return { error: T.size };
    const added = await addToLeasingCart(request, context, skuId);
    if (added.setCookie) headers.append('Set-Cookie', added.setCookie);
    if (added.error) return Response.json({ error: added.error }, { status: 400, headers });
    const lineId = form.get('lineId');
    if (intent === 'move' && typeof lineId === 'string' && lineId) {
      await updateLine(request, context, lineId, 0);
    }
  } else if (intent === 'remove' || intent === 'removeNonLeasable') {
    const cart = await loadLeasingCart(request, context);
    const lineIds =
      intent === 'remove'
        ? form.getAll('lineId').map(String)
        : (cart?.lines ?? []).filter((l) => !l.leasable).map((l) => l.lineId);
    await removeLeasingLines(request, context, lineIds);
  }
  throw redirect(back, { status: 303, headers });
}

/** The leasing cart page. */
export default function LeasingCartPage({ loaderData, actionData }: Route.ComponentProps) {
  const { cart, movable, query } = loaderData;
  const lines = cart?.lines ?? [];
  const error = actionData && 'error' in actionData ? actionData.error : null;
  return (
    <div className="page container leasing-flow">
      <Breadcrumbs
        items={[
          { name: 'Förmånscykel', url: '/formanscykel' },
          { name: T.cartTitle, url: '/formanscykel/varukorg' },
        ]}
      />
      <h1>{T.cartTitle}</h1>
      <p className="leasing-flow__intro">{T.cartIntro}</p>
      {error ? (
        <p className="leasing-flow__error" role="alert">
          {error}
        </p>
      ) : null}
      {cart && cart.problems.length > 0 && lines.length > 0 ? (
        <div className="leasing-flow__warning" role="alert" aria-labelledby="leasing-rules">
          <h2 id="leasing-rules" className="sr-only">
            Regler för förmånscykel
          </h2>
          <ul>
            {cart.problems.map((problem) => (
              <li key={problem.code}>{problem.text}</li>
            ))}
          </ul>
          {cart.problems.some((p) => p.code === 'nonLeasable') ? (
            <Form method="post">
              <input type="hidden" name="intent" value="removeNonLeasable" />
              <button type="submit" className="button button--primary">
                {T.removeNonLeasable}
              </button>
            </Form>
          ) : null}
        </div>
      ) : null}
      {lines.length === 0 ? (
        <p className="leasing-flow__empty">{fill(T.cartEmpty, { button: t('leasing.apply') })}</p>
      ) : (
        <ul className="leasing-flow__lines">
          {lines.map((line) => (
            <li
              key={line.lineId}
              className={`leasing-flow__line${line.leasable ? '' : ' leasing-flow__line--bad'}`}
            >
              <div>
                <Link to={line.url}>{line.name}</Link>
                {line.sizeName ? (
                  <span className="leasing-flow__size">, {line.sizeName}</span>
                ) : null}
                <span className="leasing-flow__qty"> × {line.quantity}</span>
                {line.leasable ? null : (
                  <span className="leasing-flow__badge">{T.notLeasable}</span>
                )}
              </div>
              <span className="leasing-flow__price">{line.totalText}</span>
              <Form method="post">
                <input type="hidden" name="intent" value="remove" />
                <input type="hidden" name="lineId" value={line.lineId} />
                <button
                  type="submit"
                  className="button button--secondary"
                  aria-label={`${T.remove} ${line.name}`}
                >
                  {T.remove}
                </button>
              </Form>
            </li>
          ))}
        </ul>
      )}
      {cart && lines.length > 0 ? (
        <p className="leasing-flow__total">
          {T.total}: <strong>{cart.totalText}</strong>
        </p>
      ) : null}
      {cart && lines.length > 0 && cart.problems.length === 0 ? (
        <p>
          <Link to={`/formanscykel/ansokan${query}`} className="button button--primary">
            {T.toApplication}
          </Link>
        </p>
      ) : null}
      {movable.length > 0 ? (
        <section className="leasing-flow__movable" aria-labelledby="leasing-movable">
          <h2 id="leasing-movable">{T.fromCartTitle}</h2>
          <p>{T.fromCartIntro}</p>
          <ul>
            {movable.map((item) => (
              <li key={item.lineId}>
                <span>{item.name}</span>
                <Form method="post">
                  <input type="hidden" name="intent" value="move" />
                  <input type="hidden" name="skuId" value={item.skuId} />
                  <input type="hidden" name="lineId" value={item.lineId} />
                  <button
                    type="submit"
                    className="button button--secondary"
                    aria-label={`${T.move}: ${item.name}`}
                  >
                    {T.move}
                  </button>
                </Form>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </div>
  );
}
