import type { AppLoadContext } from 'react-router';
import { describe, expect, it } from 'vitest';
import { refreshDelay } from './account-sync';
import { runRouteGuards } from './guards.server';
import { clearedSessionCookies, sessionCookies, tokenExpired } from './session.server';
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

describe('session cookies (SPEC §9)', () => {
  const outcome = { token: 'a.b.c', maxAge: 900, refreshToken: 'refresh' };

  it('remembered: 7 days; not remembered: 1800 s; HttpOnly, SameSite=Lax, Secure on https', () => {
    const remembered = sessionCookies(outcome, true, true, 0);
    expect(remembered[0]).toBe(
      'apollo-token=a.b.c; Path=/; Max-Age=604800; SameSite=Lax; HttpOnly; Secure',
    );
    expect(remembered[1]).toContain('ralph-auth-refresh=refresh; Path=/; Max-Age=604800');
    const short = sessionCookies(outcome, false, false, 0);
    expect(short[1]).toBe(
      'ralph-auth-refresh=refresh; Path=/; Max-Age=1800; SameSite=Lax; HttpOnly',
    );
    expect(short[3]).toBe('ralph-user-maxage=900%3A0; Path=/; Max-Age=1800; SameSite=Lax');
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
});
