/** The open-redirect guard of form redirects (issue 13 §16). */
import { describe, expect, it } from 'vitest';
import { safeRedirect } from '../features/account/account-actions.server';
import { safeReturnPath } from '../features/favorites/favorites';
import { safeLocalPath } from './local-path';
import { sameOriginPath } from './safe-redirect';

describe('sameOriginPath', () => {
  it('keeps same-origin paths with query and fragment', () => {
    expect(sameOriginPath('/account/orders?page=2#x', '/')).toBe('/account/orders?page=2#x');
    expect(sameOriginPath('/c/cyklar', '/')).toBe('/c/cyklar');
  });

  it('refuses other origins, control characters and backslashes', () => {
    for (const value of [
      '/\n/x',
      '/\t/evil.example',
      '/\r\n/evil.example',
      '//evil.example',
      '/\\evil.example',
      '/%09/x\u0000',
      'https://evil.example/',
      'javascript:alert(1)',
      '',
      null,
      '/'.padEnd(2001, 'a'),
    ]) {
      expect(sameOriginPath(value, '/fallback'), JSON.stringify(value)).toBe('/fallback');
    }
  });

  it('is what every form redirect uses', () => {
    for (const guard of [
      (v: string) => safeRedirect(v),
      (v: string) => safeLocalPath(v),
      (v: string) => safeReturnPath(v),
    ]) {
      expect(guard('/\t/evil.example')).not.toContain('evil');
      expect(guard('/\n/x')).not.toContain('\n');
      expect(guard('/c/cyklar')).toBe('/c/cyklar');
    }
  });
});
