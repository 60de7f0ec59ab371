import { describe, expect, it, vi } from 'vitest';
import type { Logger } from '../log.ts';
import { DatabaseAvailability } from './unavailable.ts';

/** A logger that keeps the events it was given. */
function recorder() {
  const events: string[] = [];
  const logger = {
    warn: (fields: { event: string }) => events.push(fields.event),
    info: (fields: { event: string }) => events.push(fields.event),
  } as unknown as Logger;
  return { events, availability: new DatabaseAvailability(() => logger) };
}

const lost = Object.assign(new Error('connect ECONNREFUSED'), { code: 'ECONNREFUSED' });

describe('the database availability lines (issue 28)', () => {
  it('writes one line when the database is lost and one when it answers again', () => {
    const { events, availability } = recorder();
    availability.reportSuccess(Date.now());
    availability.reportFailure(lost);
    availability.reportFailure(lost);
    expect(availability.available).toBe(false);
    availability.reportSuccess(Date.now());
    expect(availability.available).toBe(true);
    expect(events).toEqual(['db.unavailable', 'db.available']);
  });

  it('ignores a late answer to a statement sent before the loss: one outage, one line', () => {
    vi.useFakeTimers({ now: 1_000_000 });
    try {
      const { events, availability } = recorder();
      const sentBefore = Date.now();
      vi.advanceTimersByTime(50);
      availability.reportFailure(lost);
      vi.advanceTimersByTime(10);
      // The answer that was already on its way arrives after the first failure.
      availability.reportSuccess(sentBefore);
      expect(availability.available).toBe(false);
      availability.reportFailure(lost);
      vi.advanceTimersByTime(10);
      availability.reportSuccess(Date.now());
      expect(events).toEqual(['db.unavailable', 'db.available']);
    } finally {
      vi.useRealTimers();
    }
  });
});
