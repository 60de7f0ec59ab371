/**
 * The employer's page of a förmånscykel application `/formanscykel/arbetsgivare?token=…`
 * (issue 21): the e-mail's signed approve or decline link opens it; the GET only shows the
 * application (mail scanners that follow links decide nothing), and the employer confirms with a
 * POST (`decideLeasingApplication`). Approve: the order proceeds and the employee gets the order
 * e-mail; decline: the order is cancelled and its stock returned. Invalid, expired and used
 * links get their Swedish message.
 */
import { decimalToMinor } from '@trampa/api/money';
import { Form } from 'react-router';
import type { Route } from './+types/leasing-employer';
import {
  DecideLeasingApplicationDocument,
  LeasingApplicationDocument,
  type LeasingApplicationFieldsFragment,
} from '../graphql/generated';
import type { ApiGraphQLError } from '../graphql/client.server';
import { LEASING_TEXTS as T } from '../features/leasing/leasing-texts';
import { formatKronor } from '../features/leasing/leasing-view';
import { pageMeta, shopFromMatches } from '../routing/meta';
import { appUrl } from '../routing/local-path';

/**
 * The page's address carries the employer's signed link token (issue 41 §8): never stored by a
 * cache (and no referrer is sent from it: server/security-headers.ts carriesSecret).
 */
export const headers: Route.HeadersFunction = () => ({ 'Cache-Control': 'no-store' });

/** Never indexed. */
export const meta: Route.MetaFunction = ({ matches }) =>
  pageMeta(shopFromMatches(matches), { title: T.decisionTitle, noindex: true });

/** The Swedish message of a refused link. */
function linkError(error: ApiGraphQLError): string {
  const reason = error.extensions.reason;
  if (reason === 'expired') return T.expiredLink;
  if (reason === 'used') return T.alreadyDecided;
  return T.invalidLink;
}

type PageData = {
  token: string;
  application: LeasingApplicationFieldsFragment | null;
  error: string | null;
  done: boolean;
};

/** The application the link names (changes nothing). */
export async function loader({ request, context }: Route.LoaderArgs): Promise<PageData> {
  const token = appUrl(request, context.market.basename).searchParams.get('token') ?? '';
  const result = await context.api.attempt(LeasingApplicationDocument, { token });
  const error = result.errors[0];
  return {
    token,
    application: result.data?.leasingApplication ?? null,
    error: error ? linkError(error) : null,
    done: false,
  };
}

/** The employer's confirmation. */
export async function action({ request, context }: Route.ActionArgs): Promise<PageData> {
  const form = await request.formData();
  const token = String(form.get('token') ?? '');
  const result = await context.api.attempt(DecideLeasingApplicationDocument, { token });
  const error = result.errors[0];
  return {
    token,
    application: result.data?.decideLeasingApplication ?? null,
    error: error ? linkError(error) : null,
    done: !error,
  };
}

/** The page. */
export default function LeasingEmployerPage({ loaderData, actionData }: Route.ComponentProps) {
  const page = actionData ?? loaderData;
  const application = page.application ?? loaderData.application;
  const decided = application && application.status !== 'awaiting';
  return (
    <div className="page container leasing-flow">
      <h1>{T.decisionTitle}</h1>
      {page.error ? (
        <p className="leasing-flow__error" role="alert">
          {page.error}
        </p>
      ) : null}
      {page.done && application ? (
        <p className="leasing-flow__done" role="status">
          {application.status === 'approved' ? T.approved : T.declined}
        </p>
      ) : null}
      {application ? (
        <>
          <dl className="leasing-flow__facts">
            <dt>Arbetsgivare</dt>
            <dd>
              {application.employerName} ({application.organisationNumber})
            </dd>
            <dt>Anställd</dt>
            <dd>{application.employeeName}</dd>
            <dt>Ordernummer</dt>
            <dd>{application.order.id}</dd>
            <dt>Avtalsperiod</dt>
            <dd>{application.periodMonths} månader</dd>
            <dt>Servicepaket</dt>
            <dd>{application.packageName}</dd>
            <dt>{T.grossDeduction}</dt>
            <dd>{formatKronor(decimalToMinor(application.grossDeductionPerMonth, 'SEK'))}</dd>
            <dt>Status</dt>
            <dd>{application.statusName}</dd>
          </dl>
          {decided || page.error ? null : (
            <Form method="post">
              <input type="hidden" name="token" value={page.token} />
              <button
                type="submit"
                className={`button ${
                  application.decision === 'decline' ? 'button--secondary' : 'button--primary'
                }`}
              >
                {application.decision === 'decline' ? T.decline : T.approve}
              </button>
            </Form>
          )}
        </>
      ) : null}
    </div>
  );
}
