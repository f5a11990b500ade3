/**
 * The one reading of a meme URL's query (`GET /api/memes/{template}/….png?width=300`, docs/api.md "Memes"): the
 * Worker draws from the object it returns and builds the answer's cache key from the same object
 * (core/api/edge-cache.ts), so the key can only ever name what was drawn (issue 39: `?width=300&width=1500` once
 * stored a 1500 px picture under the 300 px key). ADR 0147.
 *
 * - Only the options the drawing reads are looked at (`memeUrlQuerySchema`'s fields); any other parameter, such as the
 *   `fbclid` a link clicked on Facebook gets or `utm_*` tags, is ignored and is not part of the key.
 * - An option given twice is a 400 rather than a guess at which one was meant.
 * - The key spells each option once, in one order, as the parsed value (`width=0300` and `width=300` are one key).
 */
import { describeIssue } from '../api/issues';
import { memeUrlQuerySchema, type MemeUrlQuery } from '../tools/meme-url';

/** The query options a meme URL reads, in the order its cache key spells them. */
export const MEME_URL_OPTIONS = Object.keys(memeUrlQuerySchema.shape) as (keyof MemeUrlQuery)[];

export type MemeUrlQueryRead = { ok: true; query: MemeUrlQuery } | { ok: false; problem: string };

export function readMemeUrlQuery(params: URLSearchParams): MemeUrlQueryRead {
  const fields: Record<string, string> = {};
  for (const name of MEME_URL_OPTIONS) {
    const values = params.getAll(name);
    if (values.length > 1)
      return {
        ok: false,
        problem: `The ${name} option was given ${values.length} times (${values.join(', ')}); give it once.`,
      };
    const [value] = values;
    if (value !== undefined) fields[name] = value;
  }
  const parsed = memeUrlQuerySchema.safeParse(fields);
  return parsed.success
    ? { ok: true, query: parsed.data }
    : { ok: false, problem: describeIssue(parsed.error.issues[0]) };
}

/** The path and exactly the options drawn, each once in MEME_URL_OPTIONS' order: what the answer is kept under. */
export function memeUrlCacheKey(pathname: string, query: MemeUrlQuery): string {
  const kept = new URLSearchParams();
  for (const name of MEME_URL_OPTIONS) if (query[name] !== undefined) kept.set(name, String(query[name]));
  const search = kept.toString();
  return search ? `${pathname}?${search}` : pathname;
}
