import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { refreshDelay } from './account-sync';
import { runRouteGuards } from './guards.server';
import { confirmLoginToken, LOGIN_TOKEN_CONFIRM_PATH } from './login-token.server';
import {
  clearedSessionCookies,
  resolveSession,
  sessionCookies,
  tokenExpired,
  type AuthGateway,
} from './session.server';
import { validateAccountForm } from './validation';

const loggedOut = {
  account: { session: { token: null, refreshToken: null }, secure: false },
} as unknown as AppLoadContext;

function form(values: Record<string, string>): FormData {
  const data = new FormData();
  for (const [name, value] of Object.entries(values)) data.set(name, value);
  return data;
}

describe('route guards (SPEC §2)', () => {
  it('an unknown guard is "Unknown middleware" with status 500', async () => {
    const request = new Request('http://shop/mina-sidor/ordrar');
    const thrown = await runRouteGuards(['ralph-nope'], { request, context: loggedOut }).catch(
      (error: unknown) => error,
    );
    expect(thrown).toBeInstanceOf(Response);
    expect((thrown as Response).status).toBe(500);
    expect(await (thrown as Response).json()).toEqual({ message: 'Unknown middleware' });
  });

  it('ralph-authenticated sends a visitor without loginToken to the start page', async () => {
    const request = new Request('http://shop/mina-sidor/ordrar');
    const thrown = (await runRouteGuards(['ralph-default', 'ralph-authenticated'], {
      request,
      context: loggedOut,
    }).catch((error: unknown) => error)) as Response;
    expect(thrown.status).toBe(302);
    expect(thrown.headers.get('location')).toBe('/');
  });

  it('lets a logged-in customer through', async () => {
    const context = {
      account: { session: { token: 'x.y.z', refreshToken: 'r' }, secure: false },
    } as unknown as AppLoadContext;
    await expect(
      runRouteGuards(['ralph-authenticated'], { request: new Request('http://shop/'), context }),
    ).resolves.toBeUndefined();
  });
});

/**
 * loginToken links (issue 13 §8): a link never replaces an existing session silently; without a
 * session it is redeemed once at the auth service (not used as a Bearer token).
 */
describe('loginToken (issue 13 §8)', () => {
  const redeemed = { ok: true as const, token: 'imp.token.x', maxAge: 900, refreshToken: 'imp-r' };
  function contextWith(session: { token: string | null; refreshToken: string | null }) {
    const calls: string[] = [];
    const auth = {
      loginWithToken: async (token: string) => {
        calls.push(`loginWithToken:${token}`);
        return redeemed;
      },
      logout: async (refreshToken: string) => {
        calls.push(`logout:${refreshToken}`);
      },
    } as unknown as AuthGateway;
    // The old flow used the link's token as a Bearer token: any use of it is a failure here.
    const apiWithToken = (token: string) => {
      calls.push(`apiWithToken:${token}`);
      return { query: async () => ({ getUser: { email: 'attacker@example.se' } }) };
    };
    const context = {
      account: { session: { ...session, impersonated: false }, secure: false, auth, apiWithToken },
    } as unknown as AppLoadContext;
    return { context, calls };
  }
  const setCookies = (response: Response) => response.headers.getSetCookie().join('\n');

  it("GET /mina-sidor/ordrar?loginToken=<attacker's> keeps the victim's session and asks first", async () => {
    const { context, calls } = contextWith({ token: 'victim.jwt.x', refreshToken: 'victim-r' });
    const request = new Request('http://shop/mina-sidor/ordrar?loginToken=attackers.token.x');
    const thrown = (await runRouteGuards(['ralph-authenticated'], { request, context }).catch(
      (error: unknown) => error,
    )) as Response;
    expect(thrown.status).toBe(302);
    expect(setCookies(thrown)).not.toMatch(/apollo-token|ralph-auth-refresh|ralph-impersonated/);
    expect(calls).toEqual([]);
    const location = new URL(thrown.headers.get('location')!, 'http://shop');
    expect(location.pathname).toBe(LOGIN_TOKEN_CONFIRM_PATH);
    expect(location.searchParams.get('loginToken')).toBe('attackers.token.x');
    expect(location.searchParams.get('to')).toBe('/mina-sidor/ordrar');
  });

  it('the confirmation logs the old session out, then redeems the link once', async () => {
    const { context, calls } = contextWith({ token: 'victim.jwt.x', refreshToken: 'victim-r' });
    const response = await confirmLoginToken(context, 'cs.token.x', '//evil.example/x');
    expect(calls).toEqual(['logout:victim-r', 'loginWithToken:cs.token.x']);
    expect(response.headers.get('location')).toBe('/');
    expect(setCookies(response)).toContain('apollo-token=imp.token.x');
    expect(setCookies(response)).toContain('ralph-impersonated=1');
  });

  it('without a session the link is redeemed at the auth service, marked impersonated', async () => {
    const { context, calls } = contextWith({ token: null, refreshToken: null });
    const request = new Request('http://shop/mina-sidor/saldo?loginToken=cs.token.x&a=1');
    const thrown = (await runRouteGuards(['ralph-authenticated'], { request, context }).catch(
      (error: unknown) => error,
    )) as Response;
    expect(calls).toEqual(['loginWithToken:cs.token.x']);
    expect(thrown.headers.get('location')).toBe('/mina-sidor/saldo?a=1');
    expect(setCookies(thrown)).toContain('apollo-token=imp.token.x');
    expect(setCookies(thrown)).toContain('ralph-auth-refresh=imp-r');
    expect(setCookies(thrown)).toContain('ralph-impersonated=1');
  });
});

describe('session cookies (SPEC §9)', () => {
  const outcome = { token: 'a.b.c', maxAge: 900, refreshToken: 'refresh' };

  it('remembered: 7 days; not remembered: 1800 s; HttpOnly, SameSite=Lax, Secure on https', () => {
    const remembered = sessionCookies(outcome, true, true, 0);
    expect(remembered[0]).toBe(
      'apollo-token=a.b.c; Max-Age=604800; Path=/; HttpOnly; Secure; SameSite=Lax',
    );
    expect(remembered[1]).toContain('ralph-auth-refresh=refresh; Max-Age=604800; Path=/');
    const short = sessionCookies(outcome, false, false, 0);
    expect(short[1]).toBe(
      'ralph-auth-refresh=refresh; Max-Age=1800; Path=/; HttpOnly; SameSite=Lax',
    );
    expect(short[3]).toBe('ralph-user-maxage=900%3A0; Max-Age=1800; Path=/; SameSite=Lax');
    expect(clearedSessionCookies(false).every((cookie) => cookie.includes('Max-Age=0'))).toBe(true);
  });

  it('refreshes at 0.9 × maxAge after issue', () => {
    expect(refreshDelay('ralph-user-maxage=900%3A1000', 0, 1000)).toBe(810_000);
    expect(refreshDelay('a=b; ralph-user-maxage=900%3A1000', 0, 101_000)).toBe(710_000);
    expect(refreshDelay('', 600, 0)).toBe(540_000);
  });

  it('treats missing and expiring tokens as expired', () => {
    const token = (exp: number) =>
      `h.${Buffer.from(JSON.stringify({ exp })).toString('base64url')}.s`;
    expect(tokenExpired(null, 0)).toBe(true);
    expect(tokenExpired(token(100), 0)).toBe(false);
    expect(tokenExpired(token(100), 95_000)).toBe(true);
    expect(tokenExpired('garbage', 0)).toBe(true);
  });
});

describe('account form rules (SPEC §5)', () => {
  it('gives the spec messages', () => {
    expect(
      validateAccountForm(
        'register',
        form({ email: 'x', password: 'kort', confirm: 'annat', firstName: '', lastName: 'B' }),
      ),
    ).toEqual({
      email: 'validation.email',
      password: 'validation.passwordLength',
      confirm: 'validation.passwordMismatch',
      firstName: 'validation.required',
    });
    expect(validateAccountForm('login', form({ email: 'a@b.se', password: '' }))).toEqual({
      password: 'validation.passwordRequired',
    });
    // A digested password was checked in the browser already.
    expect(
      validateAccountForm('login', form({ email: 'a@b.se', password: '', passwordDigest: 'd' })),
    ).toEqual({});
    expect(
      validateAccountForm(
        'register',
        form({ email: 'a@b.se', customerType: 'ORGANIZATION', firstName: 'A', lastName: 'B' }),
      ),
    ).toEqual({ company: 'validation.required', organizationId: 'validation.required' });
  });

  it('reports each field once, in the order the browser focuses them (zod schemas via Conform)', () => {
    const register = validateAccountForm(
      'register',
      form({ lastName: '  ', firstName: '', confirm: '', password: '', email: ' a@b.se ' }),
    );
    expect(Object.entries(register)).toEqual([
      ['password', 'validation.passwordRequired'],
      ['firstName', 'validation.required'],
      ['lastName', 'validation.required'],
    ]);
    // Seven characters count as seven even when some are astral (emoji).
    expect(
      validateAccountForm(
        'reset',
        form({ newPassword: '🚲🚲🚲🚲🚲🚲🚲', confirm: '🚲🚲🚲🚲🚲🚲🚲' }),
      ),
    ).toEqual({});
    expect(
      Object.entries(
        validateAccountForm('password', form({ password: '', newPassword: '123456', confirm: '' })),
      ),
    ).toEqual([
      ['newPassword', 'validation.passwordLength'],
      ['confirm', 'validation.passwordMismatch'],
      ['password', 'validation.passwordRequired'],
    ]);
    expect(validateAccountForm('forgot', form({ email: `${'a'.repeat(250)}@b.se` }))).toEqual({
      email: 'validation.email',
    });
    expect(validateAccountForm('forgot', form({}))).toEqual({ email: 'validation.email' });
  });
});

describe('resolveSession (SPEC §4: refresh; §7: a failed auth request leaves the user logged out)', () => {
  const jwt = (exp: number) =>
    `h.${Buffer.from(JSON.stringify({ exp, name: 'a@b.se' })).toString('base64url')}.s`;
  const gateway = (answer: Awaited<ReturnType<AuthGateway['refresh']>>) => {
    const calls: string[] = [];
    const auth = {
      refresh: async (token: string) => {
        calls.push(token);
        return answer;
      },
    } as unknown as AuthGateway;
    return { auth, calls };
  };

  it('keeps a valid token without calling the auth service', async () => {
    const { auth, calls } = gateway({ ok: false, status: 500, error: 'X' });
    const session = await resolveSession(
      `apollo-token=${jwt(2000)}; ralph-auth-refresh=r1`,
      auth,
      false,
      1_000_000,
    );
    expect(session.token).toBe(jwt(2000));
    expect(session.maxAge).toBe(1000);
    expect(calls).toEqual([]);
  });

  it('refreshes an expired token with the refresh cookie and sets the new cookies', async () => {
    const fresh = jwt(3000);
    const { auth, calls } = gateway({ ok: true, token: fresh, maxAge: 900, refreshToken: 'r2' });
    const session = await resolveSession(
      `apollo-token=${jwt(100)}; ralph-auth-refresh=r1; ralph-auth-remember=0`,
      auth,
      false,
      1_000_000,
    );
    expect(calls).toEqual(['r1']);
    expect(session).toMatchObject({
      token: fresh,
      refreshToken: 'r2',
      remember: false,
      maxAge: 900,
    });
    expect(session.setCookies.find((c) => c.startsWith('ralph-auth-refresh='))).toContain(
      'Max-Age=1800',
    );
  });

  it('a refused refresh logs out and clears the cookies', async () => {
    const { auth } = gateway({ ok: false, status: 401, error: 'INVALID_REFRESH_TOKEN' });
    const session = await resolveSession('ralph-auth-refresh=old', auth, false, 0);
    expect(session.token).toBeNull();
    expect(session.setCookies.every((c) => c.includes('Max-Age=0'))).toBe(true);
  });
});
