/**
 * Local state (wrangler's --persist-to folder) with every D1 migration applied, for tests that need a database to work
 * on rather than a check that migrating works (ADR 0201). `wrangler d1 migrations apply --local` costs about 8 CPU s
 * on a fresh folder (wrangler, then workerd running the SQL) and gives the same files every time for the same
 * migrations: it runs once into .tmp/d1-migrated-<hash>, and each test gets a copy. The hash covers what decides those
 * files: the migrations, the API Worker's config (which names D1's file) and wrangler's version (miniflare's layout).
 *
 * Applying the migrations to a fresh folder is still tested where it is the operator's step: the imgflip importer's
 * test opens a fresh folder through openLocalStore, which applies them with wrangler; the e2e stack starts fresh.
 */
import { createHash } from 'node:crypto';
import { cpSync, existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { localBin, migrationsApplyArgs, run } from './run';

const CONFIG = 'workers/api/wrangler.toml';
const MIGRATIONS = 'migrations';
const CACHE = '.tmp';
const PREFIX = 'd1-migrated-';

function stateKey(): string {
  const hash = createHash('sha256');
  hash.update(JSON.parse(readFileSync('node_modules/wrangler/package.json', 'utf8')).version);
  hash.update(readFileSync(CONFIG));
  for (const name of readdirSync(MIGRATIONS)
    .filter((n) => n.endsWith('.sql'))
    .sort()) {
    hash.update(name);
    hash.update(readFileSync(join(MIGRATIONS, name)));
  }
  return hash.digest('hex').slice(0, 16);
}

/** The migrated folder for today's migrations, made by wrangler if it is not there yet. */
async function template(): Promise<string> {
  const key = stateKey();
  const done = join(CACHE, PREFIX + key);
  if (existsSync(done)) return done;
  mkdirSync(CACHE, { recursive: true });
  // Made aside and renamed into place, so a run stopped half-way leaves no folder that looks finished.
  const building = mkdtempSync(join(CACHE, `${PREFIX}building-`));
  try {
    await run(...localBin('wrangler', migrationsApplyArgs(building)));
    // Folders made for earlier migrations are of no more use.
    for (const old of readdirSync(CACHE).filter(
      (n) => n.startsWith(PREFIX) && n !== PREFIX + key && !n.includes('building-'),
    ))
      rmSync(join(CACHE, old), { recursive: true, force: true });
    renameSync(building, done);
  } catch (err) {
    rmSync(building, { recursive: true, force: true });
    // Another process finished the same folder first: theirs is as good.
    if (!existsSync(done)) throw err;
  }
  return done;
}

/**
 * Fills `persistDir` (new or empty) with local state whose D1 has every migration applied and nothing else, as
 * `wrangler d1 migrations apply DB --local --persist-to <persistDir>` leaves it; the platform proxy reads it at
 * `<persistDir>/v3`, wrangler's commands at `--persist-to <persistDir>`.
 */
export async function copyMigratedState(persistDir: string): Promise<void> {
  cpSync(await template(), persistDir, { recursive: true });
}
