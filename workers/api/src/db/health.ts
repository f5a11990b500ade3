import { sql } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/d1';

/** Whether D1 answers at all (the health route's probe): a query that reads no table. False, never a throw. */
export function pingDatabase(db: D1Database): Promise<boolean> {
  return drizzle(db)
    .get<{ one: number }>(sql`select 1 as one`)
    .then((row) => row?.one === 1)
    .catch(() => false);
}
