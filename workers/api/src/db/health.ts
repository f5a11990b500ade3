/** Whether D1 answers at all (the health route's probe); false, never a throw. */
export function pingDatabase(db: D1Database): Promise<boolean> {
  return db
    .prepare('select 1 as one')
    .first<{ one: number }>()
    .then((row) => row?.one === 1)
    .catch(() => false);
}
