import { LEASING_SETTINGS } from '@trampa/api/leasing-settings';
import { describe, expect, it } from 'vitest';
import {
  employeeDefaults,
  formatKronor,
  leasingFigures,
  parseTaxPercent,
  type LeasingView,
} from './leasing-view';

const view: LeasingView = {
  priceIncVat: 2_659_900,
  rates: LEASING_SETTINGS,
  periods: [12, 36],
  packages: LEASING_SETTINGS.packages,
  minTaxPercent: 0,
  maxTaxPercent: 60,
  defaultTaxPercent: 32,
  initial: { period: 36, packageId: 'none', taxPercent: '32' },
  defaults: { period: 36, packageId: 'none', taxPercent: '32' },
  fromNetCost: 0,
  withinLimits: true,
  minPriceText: '5 000 kr',
  maxPriceText: '60 000 kr',
};

describe('parseTaxPercent', () => {
  it('reads whole and decimal percentages, with a comma too', () => {
    expect(parseTaxPercent('32', 0, 60)).toBe(3200);
    expect(parseTaxPercent(' 52,5 ', 0, 60)).toBe(5250);
    expect(parseTaxPercent('0', 0, 60)).toBe(0);
    expect(parseTaxPercent('60', 0, 60)).toBe(6000);
  });
  it('refuses values outside 0–60 and text', () => {
    expect(parseTaxPercent('60.5', 0, 60)).toBeNull();
    expect(parseTaxPercent('-1', 0, 60)).toBeNull();
    expect(parseTaxPercent('', 0, 60)).toBeNull();
    expect(parseTaxPercent('trettio', 0, 60)).toBeNull();
  });
});

describe('leasingFigures', () => {
  it('gives the hand-computed 623,77 kr (624 kr) for 36 months, no package, 32 %', () => {
    const figures = leasingFigures(view, view.initial);
    expect(figures?.netCost).toBe(62_377);
    expect(formatKronor(figures!.netCost)).toBe('624\u00a0kr');
  });
  it('gives 708,77 kr for 36 months with Trygg and null for 75 %', () => {
    expect(
      leasingFigures(view, { period: 36, packageId: 'trygg', taxPercent: '32' })?.netCost,
    ).toBe(70_877);
    expect(leasingFigures(view, { period: 36, packageId: 'none', taxPercent: '75' })).toBeNull();
  });
});

describe('employeeDefaults (issue 40: a logged-in applicant is filled in from the account)', () => {
  it('takes the name, e-mail, mobile and address of the account', () => {
    expect(
      employeeDefaults({
        email: 'frida@example.se',
        address: {
          firstName: 'Frida',
          lastName: ' Förmånsson ',
          addressLine1: 'Storgatan 1',
          zip: '111 22',
          city: 'Stockholm',
          mobile: '070-123 45 67',
          phone: '08-123 45',
        },
      }),
    ).toEqual({
      firstName: 'Frida',
      lastName: 'Förmånsson',
      email: 'frida@example.se',
      phone: '070-123 45 67',
      addressLine1: 'Storgatan 1',
      zip: '111 22',
      city: 'Stockholm',
    });
  });
  it('takes the phone when there is no mobile, and leaves what the account lacks empty', () => {
    expect(
      employeeDefaults({ email: 'ny@example.se', address: { firstName: 'Ny', phone: '08-1' } }),
    ).toEqual({
      firstName: 'Ny',
      lastName: '',
      email: 'ny@example.se',
      phone: '08-1',
      addressLine1: '',
      zip: '',
      city: '',
    });
  });
  it('gives empty fields for a guest', () => {
    expect(Object.values(employeeDefaults(null)).every((v) => v === '')).toBe(true);
  });
});
