/**
 * scripts/take-down-share.ts: its arguments, the production steps it runs, and a real take-down of a share in a
 * local D1 and R2 (a fresh persist directory, migrated: a copy of scripts/lib/migrated-state.ts's) run as the operator
 * runs it, the script in a process of its own.
 */
import { spawnSync } from 'node:child_process';
import { mkdirSync, mkdtempSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseArgs, remoteSteps } from './take-down-share';
import { copyMigratedState } from './lib/migrated-state';
import { localBin, wranglerEnv } from './lib/run';

const ID = 'abcdefgh1234';

describe('take-down-share arguments and production steps', () => {
  it('takes an id and a reason of any words, and refuses what is not a share id', () => {
    expect(parseArgs([ID, 'hate', 'speech'])).toEqual({ id: ID, reason: 'hate speech', remote: false });
    expect(parseArgs([ID, '--remote'])).toEqual({ id: ID, reason: 'reported', remote: true });
    expect(parseArgs([])).toMatch(/^usage/);
    expect(parseArgs(['../etc/passwd'])).toMatch(/not a share id/);
    expect(parseArgs(["abc'; drop"])).toMatch(/not a share id/);
  });

  it('in production deletes the picture under both prefixes, then marks only a live row, its reason quoted', () => {
    const steps = remoteSteps({ id: ID, reason: "it's spam", remote: true }, 'memeforge-images', 1_800_000_000_000);
    expect(steps.objects).toEqual([`memeforge-images/shares/30d/${ID}`, `memeforge-images/shares/kept/${ID}`]);
    expect(steps.sql).toBe(
      `update "shares" set "deleted_at" = 1800000000000, "deleted_reason" = 'takedown: it''s spam' where ("shares"."id" = '${ID}' and "shares"."deleted_at" is null);\n`,
    );
  });
});

describe('take-down-share against local D1 and R2', () => {
  let dir = '';
  const open = () =>
    getPlatformProxy<Env>({ configPath: 'workers/api/wrangler.toml', persist: { path: join(dir, 'v3') } });
  // `npx tsx scripts/take-down-share.ts …` as the operator types it, less npx's own start (scripts/lib/run.ts).
  const script = (...args: string[]) =>
    spawnSync(...localBin('tsx', ['scripts/take-down-share.ts', ...args]), {
      env: wranglerEnv({ PERSIST_DIR: dir }),
      encoding: 'utf8',
    });

  beforeAll(async () => {
    // Made here, not while the file is collected, so `vitest list` leaves no folder behind.
    mkdirSync('.tmp', { recursive: true });
    dir = mkdtempSync(join('.tmp', 'take-down-'));
    await copyMigratedState(dir);
    // Only one workerd may hold these files at a time: a proxy kept open while the script's own writes the same
    // database fails its next call (tried), so each look is a proxy of its own, closed before the script runs.
    const proxy = await open();
    try {
      await proxy.env.BUCKET.put(`shares/30d/${ID}`, new Uint8Array([1, 2, 3]));
      await proxy.env.DB.prepare(
        "insert into shares (id, object_key, content_type, width, height, file_size, captions, delete_token_hash, expires_at) values (?, ?, 'image/png', 1, 1, 3, '[]', 'x', ?)",
      )
        .bind(ID, `shares/30d/${ID}`, Date.now() + 86_400_000)
        .run();
    } finally {
      await proxy.dispose();
    }
  }, 120_000);

  afterAll(() => {
    if (dir) rmSync(dir, { recursive: true, force: true });
  });

  it('deletes the picture and leaves a tombstone with the reason; again changes nothing; an unknown id is exit 1', async () => {
    const done = script(ID, 'copyright', 'claim');
    expect(done.status, done.stderr).toBe(0);
    expect(done.stdout).toContain(`Share ${ID} taken down (copyright claim)`);
    const proxy = await open();
    try {
      expect(await proxy.env.BUCKET.head(`shares/30d/${ID}`)).toBeNull();
      const row = await proxy.env.DB.prepare('select deleted_at, deleted_reason from shares where id = ?')
        .bind(ID)
        .first<{ deleted_at: number; deleted_reason: string }>();
      expect(row).toMatchObject({ deleted_reason: 'takedown: copyright claim' });
      expect(row!.deleted_at).toBeGreaterThan(Date.now() - 120_000);
    } finally {
      await proxy.dispose();
    }
    const again = script(ID, 'other');
    expect(again.status).toBe(0);
    expect(again.stdout).toContain('already down (takedown: copyright claim)');
    expect(script('zzzzzzzzzzzz').status).toBe(1);
    expect(script('nope').status).toBe(2);
  }, 120_000);
});
