/**
 * When a photo was taken, as its file says it. EXIF's DateTimeOriginal is the camera's wall clock with no time zone
 * (only OffsetTimeOriginal, when present, says which), so it is shown exactly as written ("24 Nov 2026, 14:03"), with
 * the offset when there is one, and never converted to UTC or to the reader's zone.
 */

export interface WallClock {
  year: number;
  month: number;
  day: number;
  hour: number;
  minute: number;
  second: number;
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

function valid(w: WallClock): WallClock | null {
  const ok =
    Number.isInteger(w.year) &&
    w.year >= 1 &&
    w.year <= 9999 &&
    w.month >= 1 &&
    w.month <= 12 &&
    w.day >= 1 &&
    w.day <= 31 &&
    w.hour >= 0 &&
    w.hour <= 23 &&
    w.minute >= 0 &&
    w.minute <= 59 &&
    w.second >= 0 &&
    w.second <= 60;
  return ok ? w : null;
}

/**
 * The written wall clock from what the EXIF reader gives: the text itself ("2026:11:24 14:03:00", also with dashes),
 * or a Date it built from that text with the runtime's local-time constructor (exifr does), read back with the local
 * getters so that no zone is ever applied.
 */
export function wallClockOf(value: unknown): WallClock | null {
  if (value instanceof Date) {
    if (Number.isNaN(value.getTime())) return null;
    return valid({
      year: value.getFullYear(),
      month: value.getMonth() + 1,
      day: value.getDate(),
      hour: value.getHours(),
      minute: value.getMinutes(),
      second: value.getSeconds(),
    });
  }
  if (typeof value !== 'string') return null;
  const m = /^\s*(\d{4})[:-](\d{2})[:-](\d{2})[ T](\d{2}):(\d{2})(?::(\d{2}))?/.exec(value);
  if (!m) return null;
  const [year, month, day, hour, minute, second] = m.slice(1).map((n) => Number(n ?? 0)) as [
    number,
    number,
    number,
    number,
    number,
    number,
  ];
  return valid({ year, month, day, hour, minute, second });
}

/** An EXIF offset ("+01:00", "-05:30"), or null when absent or not one. */
export function offsetOf(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const text = value.trim();
  return /^[+-](?:0\d|1[0-4]):[0-5]\d$/.test(text) ? text : null;
}

const two = (n: number) => String(n).padStart(2, '0');

/** ISO 8601 as written: "2026-11-24T14:03:00", with "+01:00" only when the file gives the offset (never a made-up Z). */
export function captureTimeIso(w: WallClock, offset: string | null): string {
  return `${String(w.year).padStart(4, '0')}-${two(w.month)}-${two(w.day)}T${two(w.hour)}:${two(w.minute)}:${two(w.second)}${offset ?? ''}`;
}

/** For people: "24 Nov 2026, 14:03", then "(UTC+01:00)" when the offset is known, else "(the camera's clock)". */
export function captureTimeText(w: WallClock, offset: string | null): string {
  const when = `${w.day} ${MONTHS[w.month - 1]} ${w.year}, ${two(w.hour)}:${two(w.minute)}`;
  return `${when} ${offset ? `(UTC${offset})` : "(the camera's clock, no time zone recorded)"}`;
}
