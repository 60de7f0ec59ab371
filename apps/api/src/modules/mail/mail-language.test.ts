import { describe, expect, it } from 'vitest';
import { mailLanguageOf } from './mail-language.ts';

describe('the language of a mail (issue 43, 45)', () => {
  it("reads the order's languageId as one of the mail languages", () => {
    expect(mailLanguageOf('sv-SE')).toBe('sv');
    expect(mailLanguageOf('sv-FI')).toBe('sv');
    expect(mailLanguageOf('nb-NO')).toBe('nb');
    expect(mailLanguageOf('no')).toBe('nb');
    expect(mailLanguageOf('da-DK')).toBe('da');
    expect(mailLanguageOf('FI-fi')).toBe('fi');
    expect(mailLanguageOf('en_US')).toBe('en');
  });

  it('writes in Swedish when the language is unknown or missing', () => {
    expect(mailLanguageOf('de-DE')).toBe('sv');
    expect(mailLanguageOf('')).toBe('sv');
    expect(mailLanguageOf(null)).toBe('sv');
    expect(mailLanguageOf(undefined)).toBe('sv');
  });
});
