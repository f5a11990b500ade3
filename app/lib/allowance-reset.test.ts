import { describe, expect, it } from 'vitest';
import { allowanceResetText, limitToastText, localResetTime, timeUntil } from './allowance-reset';

const MIDNIGHT = '2026-11-25T00:00:00.000Z';
const now = Date.parse('2026-11-24T20:48:00Z');

describe('when the allowance comes back', () => {
  it('shows midnight UTC in the visitor’s own zone and locale', () => {
    expect(localResetTime(new Date(MIDNIGHT), { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe('01:00');
    expect(localResetTime(new Date(MIDNIGHT), { locale: 'en-US', timeZone: 'America/New_York' })).toBe('7:00 PM');
    expect(localResetTime(new Date(MIDNIGHT), { locale: 'en-GB', timeZone: 'Asia/Kolkata' })).toBe('05:30');
  });

  it('says how long until then', () => {
    expect(timeUntil(new Date(MIDNIGHT), now)).toBe('in 3 h 12 min');
    expect(timeUntil(new Date(MIDNIGHT), Date.parse('2026-11-24T23:48:00Z'))).toBe('in 12 min');
    expect(timeUntil(new Date(MIDNIGHT), Date.parse('2026-11-24T22:00:00Z'))).toBe('in 2 h');
    expect(timeUntil(new Date(MIDNIGHT), Date.parse('2026-11-24T23:59:30Z'))).toBe('in less than a minute');
  });

  it('is one sentence with the local time, UTC midnight and the wait', () => {
    expect(allowanceResetText(MIDNIGHT, now, { locale: 'en-GB', timeZone: 'Europe/Berlin' })).toBe(
      'Your free AI operations come back at 01:00 your time (midnight UTC), in 3 h 12 min.',
    );
  });

  it('falls back to midnight UTC without a usable time, and never says "limit reached" in the toast body', () => {
    expect(allowanceResetText(undefined, now)).toBe('Your free AI operations come back at midnight UTC.');
    expect(allowanceResetText('not a date', now)).toBe('Your free AI operations come back at midnight UTC.');
    expect(allowanceResetText(MIDNIGHT, Date.parse(MIDNIGHT) + 1000)).toBe(
      'Your free AI operations come back at midnight UTC.',
    );
    expect(limitToastText(MIDNIGHT, now, { locale: 'en-GB', timeZone: 'UTC' })).toBe(
      'Your free AI operations come back at 00:00 your time (midnight UTC), in 3 h 12 min. Upgrade to premium for unlimited access.',
    );
    expect(limitToastText(MIDNIGHT, now)).not.toMatch(/limit reached/i);
  });
});
