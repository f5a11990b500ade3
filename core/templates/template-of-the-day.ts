const DAY_MS = 24 * 60 * 60 * 1000;

/** Days since 1970-01-01 in UTC: the same number all day long everywhere on Earth. */
export const utcDayNumber = (now: Date) => Math.floor(now.getTime() / DAY_MS);

/**
 * Which template (by position in popularity order) is the template of the day. Walking the catalog one step per
 * day keeps the choice stable for a whole UTC day and guarantees a different one on the next day.
 */
export function templateOfTheDayIndex(count: number, now: Date): number {
  if (count <= 0) return -1;
  return utcDayNumber(now) % count;
}
