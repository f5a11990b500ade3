/**
 * An API key's monthly calls, counted in the key's own counting object (`key:<id>`) instead of a D1 upsert on every
 * call, and written to D1's `api_key_usage` by the object's alarm at most every API_KEY_USAGE_FLUSH_MS (ADR 0149).
 * The object is the meter: its count decides the 429, atomically, as D1's one-statement upsert did (ADR 0107). D1
 * holds what the dashboard reads, at most that long behind. A month's row starts from D1's count (the `floor` the key
 * lookup read), so calls counted before the meter moved here, or by an object that lost its row, are never forgotten.
 *
 * Every change raises the row's `version`; a flush writes the row as it was read and marks that version written, so a
 * call counted while D1's write was on its way stays to be written by the next flush. Nothing is lost: a failed write
 * leaves the row unwritten and the alarm comes back. Rows of months before the last are deleted once written.
 */
import { API_KEY_USAGE_FLUSH_MS } from '../../../../core/limits';
import { writeKeyUsage, type KeyUsage } from '../db/api-keys';

interface MeterRow {
  key_id: string;
  month: string;
  calls: number;
  last_used_at: number;
  version: number;
  written: number;
}

/** The month before `month` ('YYYY-MM'): its row is kept until written, older ones go. */
function previousMonth(month: string): string {
  const [y, m] = month.split('-').map(Number) as [number, number];
  return new Date(Date.UTC(y, m - 2, 1)).toISOString().slice(0, 7);
}

export class KeyMeter {
  constructor(private readonly sql: SqlStorage) {
    sql.exec(
      `CREATE TABLE IF NOT EXISTS key_meters (key_id TEXT NOT NULL, month TEXT NOT NULL, calls INTEGER NOT NULL, last_used_at INTEGER NOT NULL,
         version INTEGER NOT NULL, written INTEGER NOT NULL, PRIMARY KEY (key_id, month))`,
    );
  }

  /**
   * One more call of `keyId` in `month` while under `limit`: the count after it, or null when the month is spent
   * (nothing counted). `floor` is D1's count, where the month's row starts. Synchronous: no other call interleaves.
   */
  count(keyId: string, month: string, limit: number, floor: number, now: number): number | null {
    const row = this.row(keyId, month);
    const calls = row ? row.calls : floor;
    if (calls >= limit) return null;
    this.sql.exec(
      `INSERT INTO key_meters (key_id, month, calls, last_used_at, version, written) VALUES (?1, ?2, ?3, ?4, 1, 0)
       ON CONFLICT (key_id, month) DO UPDATE SET calls = ?3, last_used_at = ?4, version = version + 1`,
      keyId,
      month,
      calls + 1,
      now,
    );
    return calls + 1;
  }

  /** One call fewer (it failed on our side), never below zero. */
  refund(keyId: string, month: string): void {
    this.sql.exec(
      'UPDATE key_meters SET calls = calls - 1, version = version + 1 WHERE key_id = ?1 AND month = ?2 AND calls > 0',
      keyId,
      month,
    );
  }

  /** The count of `month` and the last call as this object holds them, or null when it has not counted that month. */
  usage(keyId: string, month: string): { calls: number; lastUsedAt: number } | null {
    const row = this.row(keyId, month);
    return row ? { calls: row.calls, lastUsedAt: row.last_used_at } : null;
  }

  /** When the next flush is due: a flush interval from now while anything is unwritten, else never. */
  nextFlush(now: number): number | null {
    return this.unwritten().length > 0 ? now + API_KEY_USAGE_FLUSH_MS : null;
  }

  /** Writes every unwritten row to D1 in one batch and marks the versions written; old written months go. */
  async flush(db: D1Database, now: number): Promise<void> {
    const rows = this.unwritten();
    if (rows.length > 0) {
      const usage: KeyUsage[] = rows.map((r) => ({
        keyId: r.key_id,
        month: r.month,
        calls: r.calls,
        lastUsedAt: r.last_used_at,
      }));
      await writeKeyUsage(db, usage);
      for (const r of rows)
        this.sql.exec(
          'UPDATE key_meters SET written = ?3 WHERE key_id = ?1 AND month = ?2 AND written < ?3',
          r.key_id,
          r.month,
          r.version,
        );
    }
    const keep = previousMonth(new Date(now).toISOString().slice(0, 7));
    this.sql.exec('DELETE FROM key_meters WHERE month < ?1 AND written = version', keep);
  }

  private unwritten(): MeterRow[] {
    return this.sql
      .exec<MeterRow & Record<string, SqlStorageValue>>('SELECT * FROM key_meters WHERE version > written')
      .toArray();
  }

  private row(keyId: string, month: string): MeterRow | null {
    return (
      this.sql
        .exec<MeterRow & Record<string, SqlStorageValue>>(
          'SELECT * FROM key_meters WHERE key_id = ?1 AND month = ?2',
          keyId,
          month,
        )
        .toArray()[0] ?? null
    );
  }
}
