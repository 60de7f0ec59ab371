import { describe, expect, it } from 'vitest';
import {
  ConfigError,
  loadConfig,
  DEFAULT_PASSWORD_SALT,
  DEVELOPMENT_JWT_SECRET,
} from '../../config.ts';
import { isPasswordDigest, passwordDigest } from './password-digest.ts';
import { hashPassword, verifyPassword } from './password-hash.ts';
import { lockSeconds, MAX_LOCK_SECONDS } from './rate-limit.ts';
import {
  createChallenge,
  issueAccessToken,
  issueLoginToken,
  signIdentity,
  verifiedIdentitySignature,
  verifyAccessToken,
  verifyIdentitySignature,
  verifyLoginToken,
} from './tokens.ts';

const auth = loadConfig({ NODE_ENV: 'test' }).auth;
const subject = {
  customerId: 7,
  email: 'a@example.se',
  customerType: 'PERSON',
  memberType: '',
  familyId: 'familj-1',
};
const now = new Date('2026-11-21T12:00:00Z');
const later = (seconds: number) => new Date(now.getTime() + seconds * 1000);

describe('password digest (GEINS-API §7.3)', () => {
  it('is base64(SHA-384(password + salt)): 64 characters, deterministic, salt-dependent', async () => {
    const digest = await passwordDigest('cykel123', DEFAULT_PASSWORD_SALT);
    expect(digest).toHaveLength(64);
    expect(isPasswordDigest(digest)).toBe(true);
    expect(await passwordDigest('cykel123', DEFAULT_PASSWORD_SALT)).toBe(digest);
    expect(await passwordDigest('cykel123', 'another-salt-value')).not.toBe(digest);
    expect(isPasswordDigest('cykel123')).toBe(false);
    expect(DEFAULT_PASSWORD_SALT).toHaveLength(64);
  });

  it('stores digests under scrypt with a per-password salt; verification is exact', async () => {
    const digest = await passwordDigest('cykel123', DEFAULT_PASSWORD_SALT);
    const stored = await hashPassword(digest, 10);
    expect(stored).toMatch(/^scrypt\$10\$8\$1\$/);
    expect(stored).not.toContain(digest);
    expect(await hashPassword(digest, 10)).not.toBe(stored);
    expect(await verifyPassword(digest, stored)).toBe(true);
    expect(await verifyPassword(digest.replace(/^./, 'A') === digest ? 'B' : 'A', stored)).toBe(
      false,
    );
    expect(await verifyPassword(digest, 'garbage')).toBe(false);
  });
});

describe('access tokens', () => {
  it('carry exp, sid, name and customerType and verify until they expire', async () => {
    const token = await issueAccessToken(subject, auth, now);
    expect(await verifyAccessToken(token, auth, later(899))).toMatchObject({
      customerId: 7,
      email: 'a@example.se',
      customerType: 'PERSON',
      exp: now.getTime() / 1000 + 900,
    });
    expect(await verifyAccessToken(token, auth, later(901))).toBeNull();
  });

  it('refuses a token signed with another key or altered', async () => {
    const other = await issueAccessToken(subject, { ...auth, jwtSecret: 'x'.repeat(40) }, now);
    expect(await verifyAccessToken(other, auth, now)).toBeNull();
    const token = await issueAccessToken(subject, auth, now);
    const [header, payload, signature] = token.split('.');
    const forged = Buffer.from(
      JSON.stringify({ ...JSON.parse(Buffer.from(payload!, 'base64url').toString()), sid: '8' }),
    ).toString('base64url');
    expect(await verifyAccessToken(`${header}.${forged}.${signature}`, auth, now)).toBeNull();
    expect(await verifyAccessToken('not-a-jwt', auth, now)).toBeNull();
  });

  it('name the staff user of a support session in the RFC 8693 act claim (issue 41)', async () => {
    const support = await issueAccessToken({ ...subject, actingStaffUserId: 12 }, auth, now);
    const payload = JSON.parse(Buffer.from(support.split('.')[1]!, 'base64url').toString());
    expect(payload.act).toEqual({ sub: 'staff:12' });
    expect(await verifyAccessToken(support, auth, now)).toMatchObject({ actingStaffUserId: 12 });
    const own = await issueAccessToken(subject, auth, now);
    expect(JSON.parse(Buffer.from(own.split('.')[1]!, 'base64url').toString()).act).toBeUndefined();
    expect(await verifyAccessToken(own, auth, now)).toMatchObject({ actingStaffUserId: null });
  });
});

describe('login tokens', () => {
  it("name the staff user and the session family of a back-office link, not the CLI's", async () => {
    const now = new Date('2026-11-28T10:00:00Z');
    const staff = { staffUserId: 4, familyId: 'fam-123' };
    const link = await issueLoginToken('a@example.se', auth, now, 600, staff);
    expect(await verifyLoginToken(link, auth, now)).toMatchObject({
      email: 'a@example.se',
      familyId: 'fam-123',
      staffUserId: 4,
    });
    const cli = await verifyLoginToken(await issueLoginToken('a@example.se', auth, now), auth, now);
    expect(cli?.email).toBe('a@example.se');
    expect(cli).not.toHaveProperty('familyId');
    const late = new Date(now.getTime() + 601_000);
    expect(await verifyLoginToken(link, auth, late)).toBeNull();
    expect(await verifyAccessToken(link, auth, now)).toBeNull();
  });
});

describe('challenge and sign signature', () => {
  it('is valid for the same user within five minutes only', () => {
    const challenge = createChallenge('a@example.se', auth.jwtSecret, now);
    const signed = signIdentity(challenge, auth.jwtSecret, now);
    expect(verifyIdentitySignature(signed, 'a@example.se', auth.jwtSecret, later(299))).toBe(true);
    expect(verifyIdentitySignature(signed, 'a@example.se', auth.jwtSecret, later(301))).toBe(false);
    expect(verifyIdentitySignature(signed, 'b@example.se', auth.jwtSecret, now)).toBe(false);
    expect(verifyIdentitySignature(signed, 'a@example.se', 'y'.repeat(40), now)).toBe(false);
    expect(
      verifyIdentitySignature(
        { ...signed, timestamp: later(1).toISOString() },
        'a@example.se',
        auth.jwtSecret,
        now,
      ),
    ).toBe(false);
  });
});

describe('single-use key of a challenge', () => {
  it('is its random nonce, different per challenge, valid until issued + five minutes', () => {
    const first = createChallenge('a@example.se', auth.jwtSecret, now);
    const second = createChallenge('a@example.se', auth.jwtSecret, now);
    const a = verifiedIdentitySignature(
      signIdentity(first, auth.jwtSecret, now),
      'a@example.se',
      auth.jwtSecret,
      later(10),
    );
    const b = verifiedIdentitySignature(
      signIdentity(second, auth.jwtSecret, now),
      'a@example.se',
      auth.jwtSecret,
      later(10),
    );
    expect(a?.nonce).toBe(first.split('.')[1]);
    expect(a?.nonce).not.toBe(b?.nonce);
    expect(a?.expiresAt).toEqual(later(300));
    // A challenge with anything appended does not verify (the nonce could not be trusted).
    const padded = signIdentity(`${first}.x`, auth.jwtSecret, now);
    expect(verifiedIdentitySignature(padded, 'a@example.se', auth.jwtSecret, now)).toBeNull();
  });
});

describe('back-off', () => {
  it('doubles per failure after five and stops at one hour', () => {
    expect([4, 5, 6, 7].map((failures) => lockSeconds(failures, 5))).toEqual([0, 2, 4, 8]);
    expect(lockSeconds(100, 5)).toBe(MAX_LOCK_SECONDS);
  });
});

describe('AUTH_JWT_SECRET', () => {
  it('has a development default, refused in production whatever PUBLIC_URL says (issue 13 §10)', () => {
    expect(loadConfig({}).auth.jwtSecretIsDefault).toBe(true);
    const others = { API_KEY: 'k'.repeat(32) };
    expect(() => loadConfig({ NODE_ENV: 'production', ...others })).toThrow(/AUTH_JWT_SECRET/);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', PUBLIC_URL: 'http://localhost:3000', ...others }),
    ).toThrow(ConfigError);
    expect(() =>
      loadConfig({ NODE_ENV: 'production', AUTH_JWT_SECRET: DEVELOPMENT_JWT_SECRET, ...others }),
    ).toThrow(/AUTH_JWT_SECRET/);
    const config = loadConfig({
      NODE_ENV: 'production',
      PUBLIC_URL: 'https://cykel.example',
      AUTH_JWT_SECRET: 's'.repeat(32),
      ...others,
    });
    expect(config.auth.jwtSecret).toBe('s'.repeat(32));
    expect(() => loadConfig({ AUTH_JWT_SECRET: 'short' })).toThrow(/AUTH_JWT_SECRET/);
  });
});
