import { describe, expect, it } from 'vitest';
import {
  ALL,
  consentBootstrapScript,
  consentFromForm,
  consentModeState,
  encodeConsent,
  isConsentValue,
  NECESSARY_ONLY,
  parseConsent,
} from './consent';

const form = (entries: Record<string, string>) => {
  const data = new FormData();
  for (const [key, value] of Object.entries(entries)) data.set(key, value);
  return data;
};

describe('the ralph-consent value', () => {
  it('round-trips every choice', () => {
    for (const statistics of [false, true]) {
      for (const marketing of [false, true]) {
        const value = encodeConsent({ statistics, marketing });
        expect(isConsentValue(value)).toBe(true);
        expect(parseConsent(value)).toEqual({ statistics, marketing });
      }
    }
    expect(encodeConsent(ALL)).toBe('necessary,statistics,marketing');
    expect(encodeConsent(NECESSARY_ONLY)).toBe('necessary');
  });

  it('reads anything else as no choice', () => {
    for (const value of ['', 'all', 'statistics', 'necessary,marketing,statistics', 'necessary,']) {
      expect(parseConsent(value)).toBeNull();
    }
    expect(parseConsent(null)).toBeNull();
  });
});

describe('consentFromForm', () => {
  it('knows the three buttons and the ticked boxes', () => {
    expect(consentFromForm(form({ choice: 'all' }))).toEqual(ALL);
    expect(consentFromForm(form({ choice: 'necessary', statistics: 'on' }))).toEqual(
      NECESSARY_ONLY,
    );
    expect(consentFromForm(form({ choice: 'save', marketing: 'on' }))).toEqual({
      statistics: false,
      marketing: true,
    });
    expect(consentFromForm(form({ choice: 'settings' }))).toBeNull();
    expect(consentFromForm(form({}))).toBeNull();
  });
});

describe('Consent Mode v2', () => {
  it('denies analytics and ads until chosen; statistics and marketing grant their own', () => {
    expect(consentModeState(null)).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentModeState({ statistics: true, marketing: false })).toMatchObject({
      analytics_storage: 'granted',
      ad_storage: 'denied',
      ad_user_data: 'denied',
      ad_personalization: 'denied',
    });
    expect(consentModeState({ statistics: false, marketing: true })).toMatchObject({
      analytics_storage: 'denied',
      ad_storage: 'granted',
      ad_user_data: 'granted',
      ad_personalization: 'granted',
    });
  });

  it('the head script pushes the defaults, then a stored choice, to window.dataLayer', () => {
    const run = (script: string) => {
      const window: { dataLayer?: unknown[]; gtag?: unknown } = {};
      new Function('window', `${script.replaceAll('gtag(', 'window.gtag(')}`)(window);
      return (window.dataLayer ?? []).map((args) => Array.from(args as ArrayLike<unknown>));
    };
    expect(run(consentBootstrapScript(null))).toEqual([
      ['consent', 'default', consentModeState(null)],
    ]);
    expect(run(consentBootstrapScript(ALL))).toEqual([
      ['consent', 'default', consentModeState(null)],
      ['consent', 'update', consentModeState(ALL)],
    ]);
  });
});
