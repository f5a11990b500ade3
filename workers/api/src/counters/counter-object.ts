/**
 * One Durable Object per counting key (a visitor's cookie id, a network's daily hash, or an API key): the day's AI
 * allowance, search calls (ADR 0148) and access-code attempt windows of that key (ADR 0112), and an API key's monthly
 * calls, written to D1 by its alarm (key-meter.ts, ADR 0149). A Durable Object runs one method at a time and each
 * method here is a few synchronous SQL statements with no await between read and write, so every take and refund
 * is atomic, with no global database write: the object is created near the first visitor that uses it. Each count
 * carries the time it stops mattering; an alarm deletes it then, so nothing is kept past its day or window.
 */
import { DurableObject } from 'cloudflare:workers';
import { KeyMeter } from './key-meter';

export interface Taken {
  granted: boolean;
  /** The count after this call. */
  used: number;
  /** The job was cancelled before its unit was taken (its ticket says refunded): nothing was counted. */
  cancelled?: boolean;
}

/**
 * Where a streamed tool job's unit stands (ADR 0125): `opening` from the take on this (the first) key until every
 * other key has taken it too, `taken` while the job runs, then `settled` once its result is about to be sent, or
 * `refunded` when it failed or was cancelled. Whichever of the job and a cancel request (DELETE /api/jobs/{id}) comes
 * first decides, once; a cancel that arrives before the unit was taken leaves `refunded` behind, so the job never
 * takes one.
 */
type JobState = 'opening' | 'taken' | 'settled' | 'refunded';

/** A job's unit as it was taken: the count it is on, and every key that counted it (this object's first). */
export interface JobUnit {
  name: string;
  keys: string[];
}

export class CounterObject extends DurableObject<Env> {
  private readonly sql: SqlStorage;
  /** An API key's object (`key:<id>`) also meters the key's month and writes it to D1 (key-meter.ts, ADR 0149). */
  private readonly keys: KeyMeter;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.sql = ctx.storage.sql;
    this.keys = new KeyMeter(this.sql);
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS counts (name TEXT PRIMARY KEY, used INTEGER NOT NULL, expires_at INTEGER NOT NULL)',
    );
    this.sql.exec(
      'CREATE TABLE IF NOT EXISTS jobs (id TEXT PRIMARY KEY, state TEXT NOT NULL, unit TEXT, expires_at INTEGER NOT NULL)',
    );
  }

  /**
   * One more on `name` only while it is under `limit`. With `job`, the job's ticket is opened in the same step
   * (`opening`), noting every key its unit is to be counted on (`keys`), so a refund by ticket gives it back everywhere
   * once `open` says all of them have taken it.
   */
  async take(name: string, limit: number, expiresAt: number, job?: { id: string; keys: string[] }): Promise<Taken> {
    const used = this.current(name);
    if (job && this.job(job.id)?.state === 'refunded') return { granted: false, used, cancelled: true };
    if (used >= limit) return { granted: false, used };
    this.write(name, used + 1, expiresAt);
    if (job) this.writeJob(job.id, 'opening', { name, keys: job.keys }, expiresAt);
    await this.cleanUpBy(expiresAt);
    return { granted: true, used: used + 1 };
  }

  /**
   * Up to `wanted` more on `name`, as many as fit under `limit` (ADR 0148's budget of search calls, which an operation
   * reserves before its tries and partly gives back after): how many were counted.
   */
  async takeUpTo(name: string, wanted: number, limit: number, expiresAt: number): Promise<number> {
    const used = this.current(name);
    const granted = Math.max(0, Math.min(wanted, limit - used));
    if (granted > 0) {
      this.write(name, used + granted, expiresAt);
      await this.cleanUpBy(expiresAt);
    }
    return granted;
  }

  /** `count` less on `name`, never below zero: what a reservation did not use. */
  giveBack(name: string, count: number): void {
    if (count > 0) this.sql.exec('UPDATE counts SET used = max(0, used - ?2) WHERE name = ?1', name, count);
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

  /**
   * Every key has taken the job's unit: from now on a refund by ticket gives it back on all of them. False when a
   * cancel came while the other keys were being taken: it gave back only this key's unit, the caller the rest.
   */
  open(job: string): boolean {
    const state = this.job(job)?.state;
    if (state === 'opening') this.sql.exec("UPDATE jobs SET state = 'taken' WHERE id = ?", job);
    return state === 'opening';
  }

  /** The job's result is going out: true when its unit stays counted, false when it was refunded (cancelled) first. */
  settle(job: string): boolean {
    const state = this.job(job)?.state;
    if (state === 'taken') this.sql.exec("UPDATE jobs SET state = 'settled' WHERE id = ?", job);
    return state !== 'refunded';
  }

  /**
   * Gives back the job's unit here, once: `unit` when this call refunded it, with the keys the caller then gives it
   * back on (only this one while the ticket is `opening`: the other keys may not have taken it yet, and whoever is
   * taking them gives those back when `open` says false); `counted` when the job had already finished, so its unit
   * stays. An unknown job gets a `refunded` ticket, so that it never takes a unit.
   */
  async release(job: string, expiresAt: number): Promise<{ unit: JobUnit | null; counted: boolean }> {
    const found = this.job(job);
    if ((found?.state === 'taken' || found?.state === 'opening') && found.unit) {
      this.sql.exec("UPDATE jobs SET state = 'refunded' WHERE id = ?", job);
      this.uncount([found.unit.name]);
      const unit = found.state === 'taken' ? found.unit : { name: found.unit.name, keys: found.unit.keys.slice(0, 1) };
      return { unit, counted: false };
    }
    if (!found) {
      this.writeJob(job, 'refunded', null, expiresAt);
      await this.cleanUpBy(expiresAt);
    }
    return { unit: null, counted: found?.state === 'settled' };
  }

  /** One less on each name, never below zero (a refund, or an attempt that turned out not to count). */
  uncount(names: readonly string[]): void {
    for (const name of names) this.sql.exec('UPDATE counts SET used = used - 1 WHERE name = ? AND used > 0', name);
  }

  read(name: string): number {
    return this.current(name);
  }

  /** One call of an API key in `month`, while under `limit`: the count after it, or null when spent (key-meter.ts). */
  async meterKeyCall(keyId: string, month: string, limit: number, floor: number, now: number): Promise<number | null> {
    const counted = this.keys.count(keyId, month, limit, floor, now);
    if (counted !== null) await this.cleanUpBy(this.keys.nextFlush(now)!);
    return counted;
  }

  /** Gives back an API key's call that failed on our side. */
  async refundKeyCall(keyId: string, month: string): Promise<void> {
    this.keys.refund(keyId, month);
    await this.cleanUpBy(this.keys.nextFlush(Date.now()) ?? Infinity);
  }

  /** An API key's calls in `month` and its last call as metered, ahead of D1 by at most a flush; null if none counted. */
  keyUsage(keyId: string, month: string): { calls: number; lastUsedAt: number } | null {
    return this.keys.usage(keyId, month);
  }

  /** Writes an API key's unwritten calls to D1 now (a revoked key's last calls, ADR 0149). */
  async writeKeyCalls(): Promise<void> {
    await this.keys.flush(this.env.DB, Date.now());
  }

  /**
   * Deletes what has expired, writes an API key's unwritten calls to D1, and wakes again for the next expiry or, while
   * a write failed or calls came in meanwhile, the next flush.
   */
  override async alarm(): Promise<void> {
    const now = Date.now();
    this.sql.exec('DELETE FROM counts WHERE expires_at <= ?', now);
    this.sql.exec('DELETE FROM jobs WHERE expires_at <= ?', now);
    try {
      await this.keys.flush(this.env.DB, now);
    } catch (err) {
      // D1 could not be written: the calls stay unwritten here and the next alarm tries again.
      console.error('api key usage: could not write to D1', err instanceof Error ? err.message : String(err));
    }
    const expiry = this.sql
      .exec<{ next: number | null }>(
        'SELECT min(expires_at) AS next FROM (SELECT expires_at FROM counts UNION ALL SELECT expires_at FROM jobs)',
      )
      .one().next;
    const next = Math.min(expiry ?? Infinity, this.keys.nextFlush(Date.now()) ?? Infinity);
    if (next !== Infinity) await this.ctx.storage.setAlarm(next);
  }

  private current(name: string): number {
    // Names carry their day or window, so a count past its time is never asked for again before the alarm runs.
    const row = this.sql.exec<{ used: number }>('SELECT used FROM counts WHERE name = ?', name).toArray()[0];
    return row ? row.used : 0;
  }

  private job(id: string): { state: JobState; unit: JobUnit | null } | null {
    const row = this.sql
      .exec<{ state: JobState; unit: string | null }>('SELECT state, unit FROM jobs WHERE id = ?', id)
      .toArray()[0];
    return row ? { state: row.state, unit: row.unit ? (JSON.parse(row.unit) as JobUnit) : null } : null;
  }

  private writeJob(id: string, state: JobState, unit: JobUnit | null, expiresAt: number): void {
    this.sql.exec(
      'INSERT OR REPLACE INTO jobs (id, state, unit, expires_at) VALUES (?, ?, ?, ?)',
      id,
      state,
      unit && JSON.stringify(unit),
      expiresAt,
    );
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

  /** Makes sure the alarm runs by `expiresAt` (a count's expiry, or a key's next flush). */
  private async cleanUpBy(expiresAt: number): Promise<void> {
    if (expiresAt === Infinity) return;
    const alarm = await this.ctx.storage.getAlarm();
    if (alarm === null || alarm > expiresAt) await this.ctx.storage.setAlarm(expiresAt);
  }
}
