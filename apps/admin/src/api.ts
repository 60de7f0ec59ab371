/**
 * The back office's client of `/admin/graphql` (issue 26): fetch with the session cookie (same
 * origin) and the CSRF header every request needs; errors become {@link AdminApiError} with the
 * API's `extensions.code` and a Swedish text for the page.
 */

/** A failed call: the API's code (UNAUTHENTICATED, FORBIDDEN, BAD_USER_INPUT, …) and Swedish text. */
export class AdminApiError extends Error {
  constructor(
    readonly code: string,
    message: string,
    /** The argument the API named as bad (`email`, `password`, …), if any. */
    readonly argument?: string,
  ) {
    super(message);
  }
}

interface GraphQLErrorBody {
  message: string;
  extensions?: { code?: string; argument?: string; retryAfter?: number; locale?: string };
}

/** Swedish text for an API error (the API's messages are English). */
function swedish(error: GraphQLErrorBody): string {
  const code = error.extensions?.code;
  const message = error.message;
  // Messages the API wrote in Swedish for staff (campaigns, promo codes, gift cards).
  if (error.extensions?.locale === 'sv') return message;
  if (code === 'UNAUTHENTICATED') {
    if (message === 'Wrong two-factor code')
      return 'Koden stämmer inte. Ange koden som appen visar nu (varje kod fungerar en gång).';
    return message === 'Wrong e-mail or password'
      ? 'Fel e-postadress eller lösenord.'
      : 'Du är inte inloggad. Logga in igen.';
  }
  if (code === 'TWO_FACTOR_REQUIRED') return 'Ange koden från autentiseringsappen.';
  if (code === 'RATE_LIMITED') {
    return `För många inloggningsförsök. Vänta ${error.extensions?.retryAfter ?? 60} sekunder och försök igen.`;
  }
  if (code === 'FORBIDDEN') return 'Din roll har inte behörighet att göra detta.';
  if (code === 'NOT_FOUND') return 'Personen finns inte längre.';
  if (code === 'BAD_USER_INPUT') {
    if (message.includes('already exists'))
      return 'Det finns redan en personal med den e-postadressen.';
    if (message.includes('at least')) return 'Lösenordet måste ha minst 12 tecken.';
    if (message.includes('yourself')) return 'Du kan inte inaktivera dig själv.';
    if (message.includes('last active administrator'))
      return 'Det måste finnas minst en aktiv administratör.';
    if (error.extensions?.argument === 'email') return 'Ange en giltig e-postadress.';
    return 'Kontrollera uppgifterna och försök igen.';
  }
  return 'Något gick fel. Försök igen om en stund.';
}

/**
 * The message to show staff for a caught error: the API's own (Swedish) for an
 * {@link AdminApiError}, `fallback` for anything else.
 */
export function errorMessage(error: unknown, fallback = 'Något gick fel.'): string {
  return error instanceof AdminApiError ? error.message : fallback;
}

/**
 * Runs one operation.
 * @throws AdminApiError for a GraphQL error or a failed request
 */
export async function adminRequest<T>(
  query: string,
  variables: Record<string, unknown> = {},
  /** Files of a multipart request (GraphQL multipart spec): variable name -> file. */
  files: Record<string, File> = {},
): Promise<T> {
  let response: Response;
  const names = Object.keys(files);
  let body: string | FormData = JSON.stringify({ query, variables });
  if (names.length > 0) {
    const form = new FormData();
    form.set('operations', body);
    form.set(
      'map',
      JSON.stringify(Object.fromEntries(names.map((n, i) => [i, [`variables.${n}`]]))),
    );
    names.forEach((name, i) => form.set(String(i), files[name]!));
    body = form;
  }
  try {
    response = await fetch('/admin/graphql', {
      method: 'POST',
      credentials: 'same-origin',
      headers:
        typeof body === 'string'
          ? { 'content-type': 'application/json', 'x-trampa-admin': '1' }
          : { 'x-trampa-admin': '1' },
      body,
    });
  } catch {
    throw new AdminApiError('NETWORK', 'Kunde inte nå servern. Kontrollera anslutningen.');
  }
  const answer = (await response.json().catch(() => ({}))) as {
    data?: T;
    errors?: GraphQLErrorBody[];
  };
  const first = answer.errors?.[0];
  if (first) {
    throw new AdminApiError(
      first.extensions?.code ?? 'ERROR',
      swedish(first),
      first.extensions?.argument,
    );
  }
  if (!answer.data) throw new AdminApiError('ERROR', 'Något gick fel. Försök igen om en stund.');
  return answer.data;
}

/** The logged-in staff user. */
export interface Me {
  id: number;
  email: string;
  role: string;
  roleName: string;
  permissions: string[];
}

/** The role codes and their Swedish names, in the order the forms offer them. */
export const ROLE_OPTIONS: Array<{ code: string; name: string }> = [
  { code: 'administrator', name: 'Administratör' },
  { code: 'butikschef', name: 'Butikschef' },
  { code: 'kundtjanst', name: 'Kundtjänst' },
  { code: 'innehallsredaktor', name: 'Innehållsredaktör' },
];
