/**
 * The back-office journeys' shared steps (admin*.e2e.ts): logging in to `/admin` in the browser
 * and adding a staff user over the admin API as the first administrator (E2E_ENV).
 */
import { E2E_ENV } from './e2e-env.ts';
import { baseUrl, expect, type Page } from './fixtures.ts';

/** Where and how long {@link logInAs} waits. */
export interface LogInOptions {
  /** The shop's URL (the run's shared shop by default). */
  base?: string;
  /** Milliseconds to wait for the start page (the expect default when left out). */
  timeout?: number;
}

/**
 * Logs in to the back office as `email` and waits for the start page's greeting
 * ("Välkommen, {email}").
 */
export async function logInAs(
  page: Page,
  email: string,
  password: string,
  { base = baseUrl(), timeout }: LogInOptions = {},
): Promise<void> {
  await page.goto(`${base}/admin`);
  await page.getByLabel('E-postadress').fill(email);
  await page.getByLabel('Lösenord').fill(password);
  await page.getByRole('button', { name: 'Logga in' }).click();
  await page
    .getByRole('heading', { name: `Välkommen, ${email}` })
    .waitFor(timeout === undefined ? undefined : { timeout });
}

/** {@link logInAs} the first administrator (E2E_ENV.ADMIN_EMAIL / ADMIN_PASSWORD). */
export function logInAsAdministrator(page: Page, options: LogInOptions = {}): Promise<void> {
  return logInAs(page, E2E_ENV.ADMIN_EMAIL, E2E_ENV.ADMIN_PASSWORD, options);
}

/**
 * Adds staff user `email` with `role` (a StaffRole such as `kundtjanst`) through the admin API as
 * the first administrator, as the staff page does; the journey's browser stays logged out.
 */
export async function addStaffUser(
  email: string,
  password: string,
  role: string,
  base = baseUrl(),
): Promise<void> {
  const call = async (query: string, variables: Record<string, unknown>, cookie?: string) => {
    const response = await fetch(`${base}/admin/graphql`, {
      method: 'POST',
      headers: {
        'content-type': 'application/json',
        'x-trampa-admin': '1',
        ...(cookie ? { cookie } : {}),
      },
      body: JSON.stringify({ query, variables }),
    });
    const body = (await response.json()) as { errors?: unknown };
    expect(body.errors, JSON.stringify(body.errors)).toBeUndefined();
    return response;
  };
  const login = await call(
    'mutation($e: String!, $p: String!) { login(email: $e, password: $p) { id } }',
    { e: E2E_ENV.ADMIN_EMAIL, p: E2E_ENV.ADMIN_PASSWORD },
  );
  await call(
    'mutation($e: String!, $p: String!, $r: StaffRole!) { createStaffUser(email: $e, password: $p, role: $r) { id } }',
    { e: email, p: password, r: role },
    login.headers.get('set-cookie')!.split(';')[0]!,
  );
}
