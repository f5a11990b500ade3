/**
 * Where the operator importers write: the same local D1 and R2 that `npm start` serves (.wrangler/state, or
 * PERSIST_DIR), reached through wrangler's platform proxy so rows and images go through the real bindings.
 * Migrations are applied first, so an import into a fresh folder works too.
 */
import { join } from 'node:path';
import { getPlatformProxy } from 'wrangler';
import { drizzle } from 'drizzle-orm/d1';
import { templates } from '../../workers/api/src/db/schema';
import { upsertTemplates, type TemplateRow } from '../../workers/api/src/db/template-rows';
import { migrationsApplyArgs, run } from '../lib/run';

export interface ImportItem {
  row: TemplateRow;
  image: { bytes: Uint8Array; contentType: string };
}

export interface TemplateStore {
  /** Image first, then the row: a failed row never points at a missing image. */
  save(items: ImportItem[]): Promise<void>;
  rows(): Promise<TemplateRow[]>;
  image(key: string): Promise<{ bytes: Uint8Array; contentType: string } | null>;
  close(): Promise<void>;
}

const CONFIG = 'workers/api/wrangler.toml';

/**
 * `migrated`: the caller made `persistDir` with every migration applied (a test's copy of scripts/lib/migrated-state.ts's
 * folder), so wrangler is not started to find nothing to apply (about 4 CPU s; ADR 0201). The importers leave it off.
 */
export async function openLocalStore(persistDir: string, { migrated = false } = {}): Promise<TemplateStore> {
  if (!migrated) await run('npx', ['wrangler', ...migrationsApplyArgs(persistDir)]);
  // wrangler's --persist-to adds a v3 folder that the platform proxy expects to be given explicitly.
  const proxy = await getPlatformProxy<Env>({ configPath: CONFIG, persist: { path: join(persistDir, 'v3') } });
  const { DB, BUCKET } = proxy.env;
  return {
    async save(items) {
      for (const { row, image } of items) {
        // A plain ArrayBuffer: the proxy's serializer refuses Node Buffers that are views into a shared pool.
        const body = new Uint8Array(image.bytes).buffer;
        await BUCKET.put(row.imageKey, body, { httpMetadata: { contentType: image.contentType } });
      }
      await upsertTemplates(
        DB,
        items.map(({ row }) => row),
      );
    },
    async rows() {
      return drizzle(DB).select().from(templates).orderBy(templates.popularityRank, templates.id);
    },
    async image(key) {
      const object = await BUCKET.get(key);
      if (!object) return null;
      return { bytes: new Uint8Array(await object.arrayBuffer()), contentType: object.httpMetadata?.contentType ?? '' };
    },
    close: () => proxy.dispose(),
  };
}
