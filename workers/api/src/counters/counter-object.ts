/**
 * One Durable Object per counting key (a visitor's cookie id, or a network's daily hash): the day's AI allowance
 * and the access-code attempt windows of that key (ADR 0112). A Durable Object runs one method at a time and each
 * method here is a few synchronous SQL statements with no await between read and write, so every take and refund
 * is atomic, with no global database write: the object is created near the first visitor that uses it. Each count
 * carries the time it stops mattering; an alarm deletes it then, so nothing is kept past its day or window.
 */
import { DurableObject } from 'cloudflare:workers';

export interface Taken {
  granted: boolean;
  /** The count after this call. */
  used: number;
}

export class CounterObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.sql.exec('CREATE TABLE IF NOT EXISTS counts (name TEXT PRIMARY KEY, used INTEGER NOT NULL, expires_at INTEGER NOT NULL)');
  }

  /** One more on `name` only while it is under `limit`. */
  async take(name: string, limit: number, expiresAt: number): Promise<Taken> {
    const used = this.current(name);
    if (used >= limit) return { granted: false, used };
    this.write(name, used + 1, expiresAt);
    await this.cleanUpBy(expiresAt);
    return { granted: true, used: used + 1 };
  }

  /** One more on each name, whatever the count (attempts are counted before they are judged); the counts after. */
  async count(names: readonly { name: string; expiresAt: number }[]): Promise<number[]> {
    const counts = names.map(({ name, expiresAt }) => {
      const used = this.current(name) + 1;
      this.write(name, used, expiresAt);
      return used;
    });
    await this.cleanUpBy(Math.min(...names.map((n) => n.expiresAt)));
    return counts;
  }

  /** One less on each name, never below zero (a refund, or an attempt that turned out not to count). */
  uncount(names: readonly string[]): void {
    for (const name of names) this.sql.exec('UPDATE counts SET used = used - 1 WHERE name = ? AND used > 0', name);
  }

  read(name: string): number {
    return this.current(name);
  }

  /** Deletes what has expired, and wakes again for the next expiry. */
  override async alarm(): Promise<void> {
    this.sql.exec('DELETE FROM counts WHERE expires_at <= ?', Date.now());
    const next = this.sql.exec<{ next: number | null }>('SELECT min(expires_at) AS next FROM counts').one().next;
    if (next !== null) await this.ctx.storage.setAlarm(next);
  }

  private current(name: string): number {
    // Names carry their day or window, so a count past its time is never asked for again before the alarm runs.
    const row = this.sql.exec<{ used: number }>('SELECT used FROM counts WHERE name = ?', name).toArray()[0];
    return row ? row.used : 0;
  }

  private write(name: string, used: number, expiresAt: number): void {
    this.sql.exec(
      `INSERT INTO counts (name, used, expires_at) VALUES (?1, ?2, ?3)
       ON CONFLICT (name) DO UPDATE SET used = ?2, expires_at = max(expires_at, ?3)`,
      name,
      used,
      expiresAt,
    );
  }

  private async cleanUpBy(expiresAt: number): Promise<void> {
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > expiresAt) await this.ctx.storage.setAlarm(expiresAt);
  }
}
