/**
 * `npx tsx scripts/take-down-share.ts <id> [reason]`: takes a share link down (ADR 0139), as an operator does after a
 * report: its picture is deleted from R2 and its row becomes a tombstone (`deleted_reason` 'takedown: <reason>'), so
 * its page and picture answer 410. Against local D1 and R2 (PERSIST_DIR, default .wrangler/state) through wrangler's
 * platform proxy, with the same code the Worker's delete runs (storage/share-store.ts takeDown).
 *
 * Production: `npx tsx scripts/take-down-share.ts <id> [reason] --remote`, after `wrangler login` (or with
 * CLOUDFLARE_API_TOKEN) on the account `npm run deploy` set up: it deletes the picture under both share prefixes with
 * `wrangler r2 object delete --remote` (deleting a missing key is not an error), then marks the row with one SQL file
 * run by `wrangler d1 execute DB --remote` (scripts/importers/remote-store.ts). The same command again changes nothing.
 * Then the picture is purged from the site's edge cache in every data centre (ADR 0146) when CACHE_PURGE_ZONE_ID and
 * CACHE_PURGE_TOKEN are in the environment (the same values as the Worker's optional secrets, docs/deploy.md); without
 * them the edge may serve a kept copy for up to 5 minutes more. Local take-downs purge nothing: `npm start`'s edge
 * cache is in the running Pages Function, out of this script's reach, and keeps a copy at most 5 minutes.
 *
 * Exit codes: 0 taken down (or already down), 1 no share has this id (local only), 2 bad arguments.
 */
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { and, eq, isNull } from 'drizzle-orm';
import { drizzle } from 'drizzle-orm/sqlite-proxy';
import { shareCacheTag } from '../core/api/edge-cache';
import { shareIdSchema } from '../core/api/shares';
import { findShare } from '../workers/api/src/db/shares';
import { shares } from '../workers/api/src/db/schema';
import { purgeTagsEverywhere, type EdgePurgeConfig } from '../workers/api/src/edge-purge';
import { shareObjectKey, takeDown } from '../workers/api/src/storage/share-store';
import { inline } from './importers/template-sql';
import { PERSIST_DIR } from './lib/run';

/** The most of a reason kept in the row. */
const REASON_MAX_CHARS = 200;

export interface TakeDownArgs {
  id: string;
  reason: string;
  remote: boolean;
}

/** The arguments, or the words of why not. */
export function parseArgs(argv: string[]): TakeDownArgs | string {
  const remote = argv.includes('--remote');
  const [id, ...words] = argv.filter((a) => a !== '--remote');
  if (!id) return 'usage: take-down-share.ts <id> [reason] [--remote]';
  if (!shareIdSchema.safeParse(id).success)
    return `"${id}" is not a share id (12 letters a-z and digits, the end of its /m/ link).`;
  const reason = words.join(' ').replace(/\s+/g, ' ').trim() || 'reported';
  return { id, reason: reason.slice(0, REASON_MAX_CHARS), remote };
}

/** A drizzle database that builds statements and never runs one: wrangler runs them. */
const sqlOnly = drizzle(() => Promise.reject(new Error('take-down-share.ts only writes SQL; wrangler runs it')));

/** The production steps: the picture under either prefix, then the row (one SQL statement, values inlined). */
export function remoteSteps(args: TakeDownArgs, bucket: string, now: number): { objects: string[]; sql: string } {
  const statement = sqlOnly
    .update(shares)
    .set({ deletedAt: now, deletedReason: `takedown: ${args.reason}` })
    .where(and(eq(shares.id, args.id), isNull(shares.deletedAt)))
    .toSQL();
  return {
    objects: [shareObjectKey(args.id, false), shareObjectKey(args.id, true)].map((key) => `${bucket}/${key}`),
    sql: `${inline(statement.sql, statement.params as (string | number | null)[])};\n`,
  };
}

const PURGE_WORDS = {
  purged: 'Its picture was purged from the edge cache in every data centre.',
  not_configured:
    'CACHE_PURGE_ZONE_ID and CACHE_PURGE_TOKEN are not set: the edge may serve its picture for up to 5 minutes more.',
  failed: 'The edge purge failed (see above): the edge may serve its picture for up to 5 minutes more.',
} as const;

async function local(args: TakeDownArgs): Promise<number> {
  const { getPlatformProxy } = await import('wrangler');
  // wrangler's --persist-to adds a v3 folder that the platform proxy expects to be given explicitly.
  const proxy = await getPlatformProxy<Env>({
    configPath: 'workers/api/wrangler.toml',
    persist: { path: join(PERSIST_DIR, 'v3') },
  });
  try {
    const row = await findShare(proxy.env.DB, args.id);
    if (!row) {
      console.error(`No share has the id ${args.id} in local D1 (${PERSIST_DIR}).`);
      return 1;
    }
    if (row.deletedAt !== null) {
      console.log(`Share ${args.id} was already down (${row.deletedReason}); its picture is deleted again to be sure.`);
      await proxy.env.BUCKET.delete(row.objectKey);
      return 0;
    }
    // Only the local bucket and database: a production purge secret in .dev.vars must not reach production's cache.
    await takeDown({ BUCKET: proxy.env.BUCKET, DB: proxy.env.DB }, row, `takedown: ${args.reason}`);
    console.log(
      `Share ${args.id} taken down (${args.reason}): ${row.objectKey} deleted, its page and picture now answer 410.`,
    );
    return 0;
  } finally {
    await proxy.dispose();
  }
}

async function remote(args: TakeDownArgs): Promise<number> {
  const { productionDatabase, executeRemoteSql } = await import('./importers/remote-store');
  const { spawnExec } = await import('./deploy/exec');
  const db = await productionDatabase();
  const steps = remoteSteps(args, db.bucket, Date.now());
  for (const object of steps.objects) {
    const done = await spawnExec(['npx', 'wrangler', 'r2', 'object', 'delete', object, '--remote'], {
      mode: 'inherit',
    });
    if (done.code !== 0) throw new Error(`wrangler r2 object delete ${object} exited with ${done.code}`);
  }
  await executeRemoteSql(steps.sql, 'take-down-share.sql', spawnExec, db);
  console.log(`Share ${args.id} taken down in ${db.name} (${args.reason}).`);
  const purge = await purgeTagsEverywhere(process.env as EdgePurgeConfig, [shareCacheTag(args.id)]);
  console.log(PURGE_WORDS[purge]);
  return 0;
}

if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const args = parseArgs(process.argv.slice(2));
  if (typeof args === 'string') console.error(args);
  process.exit(typeof args === 'string' ? 2 : await (args.remote ? remote(args) : local(args)));
}
