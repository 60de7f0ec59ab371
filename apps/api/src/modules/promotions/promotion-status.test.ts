import { describe, expect, it } from 'vitest';
import { isCampaignActive } from '../pricing/campaign-price.ts';
import { promotionStatus } from './promotion-status.ts';

const now = new Date('2026-12-01T12:00:00Z');
const at = (minutes: number) => new Date(now.getTime() + minutes * 60_000);

describe('promotionStatus (issue 40 §3)', () => {
  it.each([
    ['starts in a minute', at(1), null, true, 'planned'],
    ['starts now, no end', now, null, true, 'active'],
    ['ends in a minute', at(-60), at(1), true, 'active'],
    ['ended now (the end is exclusive)', at(-60), now, true, 'ended'],
    ['ended a month ago (SOMMAR20)', at(-120 * 1440), at(-30 * 1440), true, 'ended'],
    ['planned, then ended before it started', at(60), at(60), true, 'ended'],
    ['turned off by hand while running', at(-60), at(60), false, 'disabled'],
    ['turned off by hand after its end', at(-60), at(-1), false, 'disabled'],
  ] as const)('%s: %s', (_name, startsAt, endsAt, active, expected) => {
    expect(promotionStatus({ startsAt, endsAt, active }, now)).toBe(expected);
  });

  it('is active exactly when the campaign price rule says so', () => {
    for (const [startsAt, endsAt] of [
      [at(-1), null],
      [at(1), null],
      [at(-2), at(-1)],
      [at(-1), at(1)],
      [now, now],
    ] as const) {
      expect(promotionStatus({ startsAt, endsAt }, now) === 'active').toBe(
        isCampaignActive({ startsAt, endsAt }, now),
      );
    }
  });
});
