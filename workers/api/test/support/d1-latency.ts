/**
 * A measuring instrument, for tests and the round-trip bench only: a D1 binding that waits a fixed time before every
 * call, as a database one region away does, and counts what it was asked. Locally D1 is a file next to the Worker,
 * so a route's trips to the database cost nothing and stay invisible; with the delay they cost what they would for
 * a visitor far from the primary. Every query still runs on the real local D1.
 *
 * A call is one `first`/`all`/`run`/`raw` of a statement, one `batch` or one `exec`, from the binding or from a
 * session of `withSession`. Calls that overlap in time (Promise.all, a batch) are one *sequential* round trip.
 */

export interface D1Call {
  start: number;
  /** Infinity while in flight. */
  end: number;
  /** Made through a `withSession` session (a read a replica near the visitor may answer). */
  viaSession: boolean;
  /** INSERT, UPDATE, DELETE or REPLACE, by the first word of its SQL. */
  write: boolean;
}

export interface D1Tally {
  calls: number;
  /** Round trips one after another: calls that overlap in time count once. */
  sequential: number;
  sessionCalls: number;
  writes: number;
}

export interface LatencyD1 {
  db: D1Database;
  /** Every call since the last reset. */
  log: D1Call[];
  /**
   * The calls that had ended by `until` (a request's answer was complete then; a call still in flight was not
   * waited for, such as one handed to waitUntil), counted.
   */
  tally(until?: number): D1Tally;
  /** Forgets the log (between a request and the next). */
  reset(): void;
}

const WRITE = /^\s*(?:with\b[\s\S]*?\)\s*)?(insert|update|delete|replace)\b/i;

export function withD1Latency(real: D1Database, delayMs = 150): LatencyD1 {
  const log: D1Call[] = [];
  // A wrapped statement's real one, and its SQL, so batches can hand D1 what it made.
  const realOf = new WeakMap<object, D1PreparedStatement>();
  const sqlOf = new WeakMap<object, string>();

  async function call<T>(sqls: string[], viaSession: boolean, run: () => Promise<T>): Promise<T> {
    const entry: D1Call = {
      start: performance.now(),
      end: Infinity,
      viaSession,
      write: sqls.some((s) => WRITE.test(s)),
    };
    log.push(entry);
    try {
      await new Promise((r) => setTimeout(r, delayMs));
      return await run();
    } finally {
      entry.end = performance.now();
    }
  }

  function statement(stmt: D1PreparedStatement, sql: string, viaSession: boolean): D1PreparedStatement {
    const wrapped = {
      bind: (...values: unknown[]) => statement(stmt.bind(...values), sql, viaSession),
      first: (column?: string) =>
        call([sql], viaSession, () => (column === undefined ? stmt.first() : stmt.first(column))),
      all: () => call([sql], viaSession, () => stmt.all()),
      run: () => call([sql], viaSession, () => stmt.run()),
      raw: (options?: { columnNames?: boolean }) =>
        call([sql], viaSession, () => stmt.raw(options as { columnNames: true })),
    } as unknown as D1PreparedStatement;
    realOf.set(wrapped, stmt);
    sqlOf.set(wrapped, sql);
    return wrapped;
  }

  const unwrap = (statements: D1PreparedStatement[]) => statements.map((s) => realOf.get(s) ?? s);
  const sqls = (statements: D1PreparedStatement[]) => statements.map((s) => sqlOf.get(s) ?? '');

  function session(real: D1DatabaseSession): D1DatabaseSession {
    return {
      prepare: (sql: string) => statement(real.prepare(sql), sql, true),
      batch: (statements: D1PreparedStatement[]) => call(sqls(statements), true, () => real.batch(unwrap(statements))),
      getBookmark: () => real.getBookmark(),
    } as D1DatabaseSession;
  }

  const db = {
    prepare: (sql: string) => statement(real.prepare(sql), sql, false),
    batch: (statements: D1PreparedStatement[]) => call(sqls(statements), false, () => real.batch(unwrap(statements))),
    exec: (sql: string) => call([sql], false, () => real.exec(sql)),
    withSession: (constraintOrBookmark?: string) => session(real.withSession(constraintOrBookmark)),
    dump: () => real.dump(),
  } as unknown as D1Database;

  return {
    db,
    log,
    tally(until = Infinity) {
      const done = log.filter((c) => c.end <= until).sort((a, b) => a.start - b.start);
      let sequential = 0;
      let reach = -Infinity;
      for (const c of done) {
        if (c.start >= reach) sequential++;
        reach = Math.max(reach, c.end);
      }
      return {
        calls: done.length,
        sequential,
        sessionCalls: done.filter((c) => c.viaSession).length,
        writes: done.filter((c) => c.write).length,
      };
    },
    reset() {
      log.length = 0;
    },
  };
}
