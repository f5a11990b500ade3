/**
 * Fixed one-window counters in D1 (`rate_limits`). `hit` counts first and decides after, in one atomic statement
 * per key, so parallel requests cannot all slip under the limit between a read and a write.
 */
export interface Hit {
  /** The highest count among the keys after this hit. */
  count: number;
  windowStart: number;
}

export async function hit(db: D1Database, keys: readonly string[], windowMs: number, now = Date.now()): Promise<Hit> {
  const windowStart = Math.floor(now / windowMs) * windowMs;
  const statement = db.prepare(
    `INSERT INTO rate_limits (key, window_start, count) VALUES (?1, ?2, 1)
     ON CONFLICT (key, window_start) DO UPDATE SET count = count + 1
     RETURNING count`,
  );
  const results = await db.batch<{ count: number }>(keys.map((key) => statement.bind(key, windowStart)));
  const count = Math.max(...results.map((r) => r.results[0]?.count ?? 0));
  return { count, windowStart };
}

/** Takes back a hit (an attempt that turned out not to count, such as a correct access code). */
export async function unhit(db: D1Database, keys: readonly string[], windowStart: number): Promise<void> {
  const statement = db.prepare('UPDATE rate_limits SET count = count - 1 WHERE key = ?1 AND window_start = ?2 AND count > 0');
  await db.batch(keys.map((key) => statement.bind(key, windowStart)));
}

/** Old windows are of no use to anyone: the cron drops them. */
export async function deleteOldWindows(db: D1Database, before: number): Promise<void> {
  await db.prepare('DELETE FROM rate_limits WHERE window_start < ?1').bind(before).run();
}
