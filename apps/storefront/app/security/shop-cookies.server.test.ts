import { describe, expect, it } from 'vitest';
import { createShopCookies } from './shop-cookies.server';

const SECRET = 'test-cookie-secret-of-at-least-32-characters';
const cookies = createShopCookies([SECRET]);
const CART_ID = '0b8f3c7e-2d1a-4e5f-9a6b-7c8d9e0f1a2b';

/** The `name=value` pair of a Set-Cookie value, for a Cookie header. */
const pair = (setCookie: string) => setCookie.split(';')[0]!;

describe('shop cookies (createCookie, signed)', () => {
  it('writes one-year HttpOnly SameSite=Lax cookies on path /, Secure on https', async () => {
    const set = await cookies.market.serialize('no', true);
    expect(set).toMatch(
      /^ralph-market=[^;]+\.[^;]+; Max-Age=31536000; Path=\/; HttpOnly; Secure; SameSite=Lax$/,
    );
    expect(await cookies.market.serialize('no', false)).not.toContain('Secure');
    expect(await cookies.cart.clear(false)).toMatch(
      /^ralph-cart=; Max-Age=0; Path=\/; HttpOnly; SameSite=Lax$/,
    );
  });

  it('reads back what it wrote', async () => {
    const header = `a=1; ${pair(await cookies.cart.serialize(CART_ID, false))}`;
    expect(await cookies.cart.read(header)).toBe(CART_ID);
    const type = pair(await cookies.userType.serialize('ORGANIZATION', false));
    expect(await cookies.userType.read(type)).toBe('ORGANIZATION');
    expect(await cookies.userType.read(null)).toBeNull();
    expect(await cookies.userType.read('a=1')).toBeNull();
  });

  it('rejects a tampered value, a foreign key and a value swapped between cookies', async () => {
    const signed = pair(await cookies.userType.serialize('PERSON', false));
    const [name, value] = signed.split('=') as [string, string];
    const [data, signature] = decodeURIComponent(value).split('.') as [string, string];
    const forged = Buffer.from(JSON.stringify('ORGANIZATION')).toString('base64');
    expect(
      await cookies.userType.read(`${name}=${encodeURIComponent(`${forged}.${signature}`)}`),
    ).toBeNull();
    expect(
      await cookies.userType.read(`${name}=${encodeURIComponent(`${data}.x${signature}`)}`),
    ).toBeNull();
    const other = createShopCookies(['another-secret-of-at-least-32-characters!']);
    expect(await other.userType.read(signed)).toBeNull();
    // A cart cookie holding a signed non-UUID is refused by the cart's check.
    const notUuid = pair(await cookies.market.serialize('no', false)).replace(
      'ralph-market',
      'ralph-cart',
    );
    expect(await cookies.cart.read(notUuid)).toBeNull();
  });

  it('verifies with every key, so keys can be rotated', async () => {
    const old = createShopCookies(['old-secret-of-at-least-32-characters-long']);
    const rotated = createShopCookies([SECRET, 'old-secret-of-at-least-32-characters-long']);
    const header = pair(await old.locale.serialize('en', false));
    expect(await rotated.locale.read(header)).toBe('en');
  });

  it('reads an unsigned value as absent, also one written before signing (issue 22)', async () => {
    // Plain values as the shop wrote them before its cookies were signed.
    expect(await cookies.cart.read(`ralph-cart=${CART_ID}`)).toBeNull();
    expect(await cookies.market.read('ralph-market=no')).toBeNull();
    expect(await cookies.userType.read('ralph-user-type=ORGANIZATION')).toBeNull();
    expect(await cookies.consent.read('ralph-consent=necessary')).toBeNull();
    // Nor does a plain value beside a signed one of another cookie get through.
    const signedMarket = pair(await cookies.market.serialize('no', false));
    expect(await cookies.cart.read(`${signedMarket}; ralph-cart=${CART_ID}`)).toBeNull();
    expect(await cookies.market.read(`${signedMarket}; ralph-cart=${CART_ID}`)).toBe('no');
    expect(await cookies.locale.read('ralph-locale=%E0%A4')).toBeNull();
  });
});
