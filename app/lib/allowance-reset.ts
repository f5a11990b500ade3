/**
 * When the free AI allowance comes back, in words: the server's `resetsAt` (the next midnight UTC) shown in the
 * visitor's own time zone and locale, with how long that is from now. Pure, so it is tested in Node with any zone.
 */
export interface ClockOptions {
  /** BCP 47 locale; the browser's own when left out. */
  locale?: string;
  /** IANA zone; the browser's own when left out. */
  timeZone?: string;
}

const valid = (resetsAt: string | undefined): Date | null => {
  if (!resetsAt) return null;
  const at = new Date(resetsAt);
  return Number.isNaN(at.getTime()) ? null : at;
};

/** "1:00 AM" (en-US) or "01:00" (en-GB): the reset in the visitor's time. */
export function localResetTime(resetsAt: Date, options: ClockOptions = {}): string {
  return new Intl.DateTimeFormat(options.locale, { timeStyle: 'short', timeZone: options.timeZone }).format(resetsAt);
}

/** "in 3 h 12 min", "in 12 min", "in less than a minute". */
export function timeUntil(resetsAt: Date, now: number): string {
  const minutes = Math.ceil((resetsAt.getTime() - now) / 60_000);
  if (minutes <= 1) return 'in less than a minute';
  const h = Math.floor(minutes / 60);
  const m = minutes % 60;
  return `in ${h > 0 ? `${h} h${m > 0 ? ' ' : ''}` : ''}${m > 0 ? `${m} min` : ''}`;
}

/** One sentence: when the allowance comes back, in local time, with UTC midnight named so nobody is surprised. */
export function allowanceResetText(resetsAt: string | undefined, now: number, options: ClockOptions = {}): string {
  const at = valid(resetsAt);
  if (!at || at.getTime() <= now) return 'Your free AI operations come back at midnight UTC.';
  return `Your free AI operations come back at ${localResetTime(at, options)} your time (midnight UTC), ${timeUntil(at, now)}.`;
}

/** The toast when the allowance is spent: its title already says so, the body says when it comes back and what else. */
export function limitToastText(resetsAt: string | undefined, now: number, options: ClockOptions = {}): string {
  return `${allowanceResetText(resetsAt, now, options)} Upgrade to premium for unlimited access.`;
}
