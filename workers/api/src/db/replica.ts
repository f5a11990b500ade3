/**
 * Reads near the visitor, and a member's own writes read back: D1 read replication through the Sessions API
 * (ADR 0112, ADR 0115). A session's queries go to the nearest read replica that is fresh enough and stay sequentially
 * consistent among themselves; a write made through a session goes to the primary, and the session's bookmark then
 * includes it. A session started from a bookmark reads a database at least as new as the one the bookmark was taken
 * from, so the bookmark a write answers, sent back with the next read, makes that read see the write.
 *
 * The bookmark travels as the X-D1-Bookmark header both ways: the app's client (app/lib/api/bookmark.ts) keeps the
 * newest it has seen and sends it with every call.
 */

/** The request header a client sends back to continue where its last answer left off, and the answer's header. */
export const BOOKMARK_HEADER = 'x-d1-bookmark';

/** D1 bookmarks are hex groups joined by dashes; anything else is ignored rather than handed to D1. */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

export interface D1Session {
  /**
   * The session, typed as the binding: drizzle's types name only D1Database, and a session has the same `prepare`
   * and `batch`, which is all the query modules use.
   */
  db: D1Database;
  /** The newest state this session has seen (its writes included): send it back as BOOKMARK_HEADER. */
  bookmark(): string | null;
}

/** The well-formed bookmark a request carries, if any. */
export function sentBookmark(request?: Request): string | null {
  const sent = request?.headers.get(BOOKMARK_HEADER) ?? '';
  return BOOKMARK.test(sent) ? sent : null;
}

function session(env: Pick<Env, 'DB'>, constraint: string): D1Session {
  const s = env.DB.withSession(constraint);
  return { db: s as unknown as D1Database, bookmark: () => s.getBookmark() };
}

/** Reads from the request's bookmark when it carries a well-formed one, else from any replica. */
export function readsNearVisitor(env: Pick<Env, 'DB'>, request?: Request): D1Session {
  return session(env, sentBookmark(request) ?? 'first-unconstrained');
}

/**
 * A member's writes and the reads they depend on (does this meme exist, is it theirs): from the request's bookmark,
 * else from the primary, since a replica may not have what the member just did. Its bookmark after the writes is
 * what the answer carries.
 */
export function writesOfMember(env: Pick<Env, 'DB'>, request?: Request): D1Session {
  return session(env, sentBookmark(request) ?? 'first-primary');
}

/** The answer's header for a session's bookmark ({} when D1 gave none). */
export function bookmarkHeader(s: D1Session): Record<string, string> {
  const bookmark = s.bookmark();
  return bookmark ? { [BOOKMARK_HEADER]: bookmark } : {};
}
