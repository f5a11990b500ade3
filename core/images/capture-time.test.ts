import { describe, expect, it } from 'vitest';
import { captureTimeIso, captureTimeText, offsetOf, wallClockOf } from './capture-time';

describe('capture time as the file wrote it', () => {
  it('reads EXIF text and shows it as written, with no zone applied', () => {
    const w = wallClockOf('2026:11:24 14:03:00');
    expect(w).toEqual({ year: 2026, month: 11, day: 24, hour: 14, minute: 3, second: 0 });
    expect(captureTimeText(w!, null)).toBe("24 Nov 2026, 14:03 (the camera's clock, no time zone recorded)");
    expect(captureTimeIso(w!, null)).toBe('2026-11-24T14:03:00');
  });

  it('adds the offset only when OffsetTimeOriginal gives one', () => {
    const w = wallClockOf('2026:11:24 14:03:27')!;
    expect(captureTimeText(w, offsetOf('+01:00'))).toBe('24 Nov 2026, 14:03 (UTC+01:00)');
    expect(captureTimeIso(w, offsetOf('-05:30'))).toBe('2026-11-24T14:03:27-05:30');
    expect(offsetOf('   ')).toBeNull();
    expect(offsetOf('+25:00')).toBeNull();
    expect(offsetOf(3600)).toBeNull();
  });

  it('reads a Date built with the local-time constructor back to the same wall clock, whatever the zone', () => {
    // exifr revives "2026:11:24 14:03:00" as new Date(2026, 10, 24) then setHours(14) ...: local time.
    const revived = new Date(2026, 10, 24, 14, 3, 0);
    expect(captureTimeText(wallClockOf(revived)!, null)).toMatch(/^24 Nov 2026, 14:03 /);
    expect(wallClockOf(new Date(Number.NaN))).toBeNull();
  });

  it('refuses what is not a date: blanks, impossible months, other types', () => {
    expect(wallClockOf('    :  :     :  :  ')).toBeNull();
    expect(wallClockOf('2026:13:01 00:00:00')).toBeNull();
    expect(wallClockOf(20261124)).toBeNull();
    expect(wallClockOf('2019-09-23 17:40')).toEqual({ year: 2019, month: 9, day: 23, hour: 17, minute: 40, second: 0 });
  });
});
