import type { Share, ShareCreated } from '../../../core/api/shares';
import { DELETE_TOKEN_PATTERN, SHARE_ID_PATTERN } from '../../../core/api/share-links';

/**
 * The shares this browser made (ADR 0139, 0141), in localStorage under `memeforge.share.{id}`: the delete token, which
 * the share page needs to offer Delete, and what the dashboard's list of links shows (title, captions, when it was
 * made and until when it works). Clearing site data forgets them, and with them the way to delete; the editor says so
 * when a share is made.
 *
 * Two shapes are read. A link made before the dashboard listed them kept the token alone, as the whole value; one made
 * since keeps a JSON record. Anything else under the prefix (a value edited by hand, cut short) is ignored.
 */
const PREFIX = 'memeforge.share.';
const key = (id: string) => `${PREFIX}${id}`;
/** Whether a localStorage key is one of these (a storage event names the key that changed). */
export const isKeptShareKey = (name: string) => name.startsWith(PREFIX);

/**
 * An ISO 8601 date and time with seconds and `Z` or an offset, as the API writes them, on a day the calendar has. Checked
 * here rather than with zod's `z.iso.datetime({ offset: true })`, which these records were read with: zod would add
 * ~450 KB to the share page, the dashboard and the editor (ADR 0195).
 */
const DATE_TIME =
  /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])T([01]\d|2[0-3]):[0-5]\d:[0-5]\d(\.\d+)?(Z|[+-]([01]\d|2[0-3]):[0-5]\d)$/;
const isDateTime = (v: unknown): v is string => {
  if (typeof v !== 'string' || !DATE_TIME.test(v)) return false;
  // The day as written, read back in UTC: 2026-02-30 would come back as March.
  const [year, month, day] = v.slice(0, 10).split('-').map(Number) as [number, number, number];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
};

/** The JSON record, version 1; null for anything else. */
function keptRecord(json: unknown) {
  if (typeof json !== 'object' || json === null || Array.isArray(json)) return null;
  const { v, token, title, captions, createdAt, expiresAt } = json as Record<string, unknown>;
  const ok =
    v === 1 &&
    typeof token === 'string' &&
    DELETE_TOKEN_PATTERN.test(token) &&
    typeof title === 'string' &&
    Array.isArray(captions) &&
    captions.every((c) => typeof c === 'string') &&
    isDateTime(createdAt) &&
    // null: a premium member's, kept until deleted.
    (expiresAt === null || isDateTime(expiresAt));
  return ok ? { token, title, captions: captions as string[], createdAt, expiresAt } : null;
}

/** A share of this browser. Details are null (expiresAt undefined) where a link kept only its token. */
export interface KeptShare {
  id: string;
  token: string;
  title: string | null;
  captions: string[];
  createdAt: string | null;
  /** null: kept until deleted; undefined: not known. */
  expiresAt: string | null | undefined;
}

/** What the share page calls a share: its template's meme, or 'A meme' for one made from a picture. */
export const shareTitle = (templateName: string | null | undefined) =>
  templateName ? `${templateName} meme` : 'A meme';

/** The record of `id` from its stored value, either shape; null for a value that is neither. */
export function parseKeptShare(id: string, value: string | null): KeptShare | null {
  if (value === null || !SHARE_ID_PATTERN.test(id)) return null;
  if (DELETE_TOKEN_PATTERN.test(value))
    return { id, token: value, title: null, captions: [], createdAt: null, expiresAt: undefined };
  let json: unknown;
  try {
    json = JSON.parse(value);
  } catch {
    return null;
  }
  const record = keptRecord(json);
  return record && { id, ...record };
}

/** The stored value of a share, in the current shape. */
export function keptShareValue(
  share: Pick<Share, 'template' | 'captions' | 'createdAt' | 'expiresAt'>,
  token: string,
): string {
  return JSON.stringify({
    v: 1,
    token,
    title: shareTitle(share.template?.name),
    captions: share.captions,
    createdAt: share.createdAt,
    expiresAt: share.expiresAt,
  });
}

/** Every share kept in `store`, newest first; those whose date is not known yet (the old shape) last. */
export function keptSharesIn(store: Storage): KeptShare[] {
  const shares: KeptShare[] = [];
  for (let i = 0; i < store.length; i += 1) {
    const name = store.key(i);
    if (!name || !isKeptShareKey(name)) continue;
    const share = parseKeptShare(name.slice(PREFIX.length), store.getItem(name));
    if (share) shares.push(share);
  }
  return sortNewestFirst(shares);
}

export function sortNewestFirst<T extends KeptShare>(shares: T[]): T[] {
  return [...shares].sort((a, b) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '') || a.id.localeCompare(b.id));
}

const storage = (): Storage | null => {
  try {
    return typeof localStorage === 'undefined' ? null : localStorage;
  } catch {
    // Storage refused (a privacy mode): the share works, it just cannot be deleted or listed from here.
    return null;
  }
};

function write(id: string, value: string): void {
  try {
    storage()?.setItem(key(id), value);
  } catch {
    // Full or refused: as above.
  }
}

/** Keeps a share the create call answered: its token and what the dashboard lists. */
export function keepShare(created: ShareCreated): void {
  write(created.id, keptShareValue(created, created.deleteToken));
}

/**
 * Writes a share's details beside a token kept in the old shape, once its page has answered, so the list knows
 * them next time without asking. A record already in the current shape is left as it is.
 */
export function completeKeptShare(share: Share): void {
  const store = storage();
  const value = store?.getItem(key(share.id)) ?? null;
  if (value !== null && DELETE_TOKEN_PATTERN.test(value)) write(share.id, keptShareValue(share, value));
}

export const keptShares = (): KeptShare[] => {
  const store = storage();
  return store ? keptSharesIn(store) : [];
};

export const deleteTokenOf = (id: string): string | null =>
  parseKeptShare(id, storage()?.getItem(key(id)) ?? null)?.token ?? null;

export function forgetDeleteToken(id: string): void {
  storage()?.removeItem(key(id));
}
