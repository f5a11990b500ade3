/**
 * A test double of D1 read replication, for the read-your-writes tests (ADR 0115). Local D1 has no replicas, so a
 * route that forgot the bookmark would pass every local test; this double makes the lag visible.
 *
 * The primary is the real local D1. The one replica is a second local D1 that stopped replicating when the double was
 * made: it lacks everything written since. As D1 does, a query made on the binding itself runs on the primary, a
 * write always runs on the primary, and a session started from a bookmark reads a database at least as new as that
 * bookmark: here only the primary is, once anything was written. A session with no bookmark
 * ('first-unconstrained') reads the lagging replica. Bookmarks count the writes made through the double, written
 * as D1 writes them (dash-joined hex groups, lexicographically ordered).
 */

const WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|replace)\b/i;

export const bookmarkAt = (version: number) =>
  `${version.toString(16).padStart(8, '0')}-00000000-00000000-${'0'.repeat(32)}`;
const versionOf = (bookmark: string) => parseInt(bookmark.split('-')[0]!, 16);

export interface LaggingReplica {
  db: D1Database;
  /** The bookmark of the newest write made through the double (the primary's state). */
  latest(): string;
}

export function laggingReplica(primary: D1Database, replica: D1Database): LaggingReplica {
  let version = 0;

  /** A statement that decides where it runs when it runs. */
  interface Pending {
    sql: string;
    values: unknown[];
  }
  const pendingOf = new WeakMap<object, Pending>();

  function statement(
    pending: Pending,
    run: (p: Pending[], method: string, arg?: unknown) => Promise<unknown>,
  ): D1PreparedStatement {
    const s = {
      bind: (...values: unknown[]) => statement({ sql: pending.sql, values }, run),
      first: (column?: string) => run([pending], 'first', column),
      all: () => run([pending], 'all'),
      run: () => run([pending], 'run'),
      raw: (options?: unknown) => run([pending], 'raw', options),
    } as unknown as D1PreparedStatement;
    pendingOf.set(s, pending);
    return s;
  }

  const on = (target: D1Database, p: Pending) => target.prepare(p.sql).bind(...p.values);
  async function execute(target: D1Database, statements: Pending[], method: string, arg?: unknown): Promise<unknown> {
    if (statements.some((p) => WRITE.test(p.sql))) version++;
    if (method === 'batch') return target.batch(statements.map((p) => on(target, p)));
    const s = on(target, statements[0]!) as unknown as Record<string, (a?: unknown) => Promise<unknown>>;
    return arg === undefined ? s[method]!() : s[method]!(arg);
  }

  const direct = (p: Pending[], method: string, arg?: unknown) => execute(primary, p, method, arg);

  function session(constraint: string): D1DatabaseSession {
    // The newest state this session has seen; null until its first query.
    let seen: number | null = constraint.startsWith('first-') ? null : versionOf(constraint);
    const fresh = constraint === 'first-primary';
    const run = async (statements: Pending[], method: string, arg?: unknown) => {
      const writes = statements.some((p) => WRITE.test(p.sql));
      const onPrimary = writes || fresh || (seen !== null && seen > 0) || version === 0;
      const result = await execute(onPrimary ? primary : replica, statements, method, arg);
      seen = onPrimary ? version : Math.max(seen ?? 0, 0);
      return result;
    };
    return {
      prepare: (sql: string) => statement({ sql, values: [] }, run),
      batch: (statements: D1PreparedStatement[]) =>
        run(
          statements.map((s) => pendingOf.get(s)!),
          'batch',
        ),
      getBookmark: () => (seen === null ? null : bookmarkAt(seen)),
    } as unknown as D1DatabaseSession;
  }

  const db = {
    prepare: (sql: string) => statement({ sql, values: [] }, direct),
    batch: (statements: D1PreparedStatement[]) =>
      direct(
        statements.map((s) => pendingOf.get(s)!),
        'batch',
      ),
    exec: (sql: string) => primary.exec(sql),
    withSession: (constraint = 'first-unconstrained') => session(constraint),
    dump: () => primary.dump(),
  } as unknown as D1Database;

  return { db, latest: () => bookmarkAt(version) };
}
