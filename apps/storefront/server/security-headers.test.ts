/**
 * The shop's Content-Security-Policy (security-headers.ts): Stripe's origins (issue 42) are in it
 * only when Stripe is configured, and a stand-in's API origin (STRIPE_API_URL) only then too.
 */
import { describe, expect, it } from 'vitest';
import { contentSecurityPolicy } from './security-headers';

const directive = (csp: string, name: string) =>
  csp.split('; ').find((d) => d.startsWith(`${name} `)) ?? '';

describe('contentSecurityPolicy and Stripe', () => {
  it('names no Stripe origin without Stripe', () => {
    const csp = contentSecurityPolicy('n0nce', false);
    expect(csp).not.toContain('stripe.com');
    expect(directive(csp, 'frame-src')).toBe('');
    expect(directive(csp, 'script-src')).toBe("script-src 'self' 'nonce-n0nce'");
  });

  it("opens Stripe's script, frame, API and image origins when Stripe is configured", () => {
    const csp = contentSecurityPolicy('n0nce', false, undefined, 'https://api.stripe.com');
    expect(directive(csp, 'script-src')).toBe(
      "script-src 'self' 'nonce-n0nce' https://js.stripe.com",
    );
    expect(directive(csp, 'frame-src')).toBe(
      "frame-src 'self' https://js.stripe.com https://hooks.stripe.com",
    );
    expect(directive(csp, 'connect-src')).toBe("connect-src 'self' https://api.stripe.com");
    expect(directive(csp, 'img-src')).toBe("img-src 'self' data: https://*.stripe.com");
    // Never framed, whatever is configured.
    expect(csp).toContain("frame-ancestors 'none'");
  });

  it("adds a stand-in's API origin (STRIPE_API_URL) beside api.stripe.com", () => {
    const csp = contentSecurityPolicy('n0nce', false, undefined, 'http://127.0.0.1:4010/');
    expect(directive(csp, 'connect-src')).toBe(
      "connect-src 'self' https://api.stripe.com http://127.0.0.1:4010",
    );
  });
});
