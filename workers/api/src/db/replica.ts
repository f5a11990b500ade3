/**
 * Reads near the visitor: D1 read replication through the Sessions API (ADR 0112). A session's queries go to the
 * nearest read replica that is fresh enough and stay sequentially consistent among themselves. A session started
 * from a bookmark reads a database at least as new as the one the bookmark was taken from; without one
 * ('first-unconstrained') any replica will do. Writes never go through here: they stay on `env.DB` (the primary).
 */

/** The request header a client sends back to continue where its last answer left off, and the answer's header. */
export const BOOKMARK_HEADER = 'x-d1-bookmark';

/** D1 bookmarks are hex groups joined by dashes; anything else is ignored rather than handed to D1. */
const BOOKMARK = /^[0-9a-f]{1,64}(?:-[0-9a-f]{1,64}){1,7}$/i;

export interface ReplicaReads {
  /**
   * The session, typed as the binding: drizzle's types name only D1Database, and a session has the same `prepare`
   * and `batch`, which is all that reads use.
   */
  db: D1Database;
  /** The newest state this session has seen: send it back as BOOKMARK_HEADER. */
  bookmark(): string | null;
}

/** A read session that starts from the request's bookmark when it carries a well-formed one, else anywhere. */
export function readsNearVisitor(env: Pick<Env, 'DB'>, request?: Request): ReplicaReads {
  const sent = request?.headers.get(BOOKMARK_HEADER) ?? '';
  const session = env.DB.withSession(BOOKMARK.test(sent) ? sent : 'first-unconstrained');
  return { db: session as unknown as D1Database, bookmark: () => session.getBookmark() };
}
