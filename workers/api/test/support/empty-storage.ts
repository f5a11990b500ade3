/**
 * Empties the local D1 databases and R2 bucket a test file may write, keeping the schema: the Worker test files share
 * one workerd each in turn (ADR 0175), and each must start from the state a fresh runtime with the migrations applied
 * would give it. Cheap next to a new workerd: the tables are few and a file's data small.
 */

/** D1's own tables (the migrations' record, its internal `_cf_` tables) and SQLite's stay. */
const KEPT = /^(d1_migrations$|_cf_|sqlite_)/;

async function emptyDatabase(db: D1Database): Promise<void> {
  const { results } = await db.prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
  const tables = results.map((r) => r.name).filter((name) => !KEPT.test(name));
  if (tables.length === 0) return;
  // Foreign keys are checked at the batch's end, when every table is empty, so the order does not matter.
  await db.batch([
    db.prepare('PRAGMA defer_foreign_keys = on'),
    ...tables.map((t) => db.prepare(`DELETE FROM "${t}"`)),
  ]);
}

async function emptyBucket(bucket: R2Bucket): Promise<void> {
  for (;;) {
    const listing = await bucket.list({ limit: 1000 });
    if (listing.objects.length === 0) return;
    await bucket.delete(listing.objects.map((o) => o.key));
  }
}

export async function emptyStorage(databases: D1Database[], buckets: R2Bucket[]): Promise<void> {
  await Promise.all([...databases.map(emptyDatabase), ...buckets.map(emptyBucket)]);
}
