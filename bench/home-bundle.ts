/**
 * First-load JavaScript of the home page, gzipped, from the build output (run `npm run build` first):
 *   npx tsx bench/home-bundle.ts
 * Counts every module the browser fetches before the home page is interactive: the client entry, the root route and
 * the index route with all their shared chunks, each once. The route manifest is inlined into the HTML by Remix's
 * lazy route discovery, so it is part of the document, not counted here. Exits 1 above the budget.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

const BUDGET_BYTES = 100 * 1024;
const PUBLIC_DIR = join(import.meta.dirname, '..', 'public');
const BUILD_DIR = join(PUBLIC_DIR, 'build');

interface ManifestEntry {
  module: string;
  imports?: string[];
}
interface Manifest {
  entry: ManifestEntry;
  routes: Record<string, ManifestEntry>;
}

function readManifest(): Manifest {
  const file = readdirSync(BUILD_DIR).find((name) => /^manifest-.*\.js$/.test(name));
  if (!file) throw new Error(`No manifest in ${BUILD_DIR}: run npm run build first.`);
  const source = readFileSync(join(BUILD_DIR, file), 'utf8');
  return JSON.parse(source.slice(source.indexOf('{'), source.lastIndexOf('}') + 1)) as Manifest;
}

const manifest = readManifest();
const wanted = [manifest.entry, manifest.routes['root'], manifest.routes['routes/_index']];
if (wanted.some((e) => !e)) throw new Error('The manifest has no root or index route.');
const urls = [...new Set(wanted.flatMap((e) => [e!.module, ...(e!.imports ?? [])]))];

let raw = 0;
let gzipped = 0;
const rows = urls.map((url) => {
  const bytes = readFileSync(join(PUBLIC_DIR, url));
  const gz = gzipSync(bytes, { level: 9 }).length;
  raw += bytes.length;
  gzipped += gz;
  return { module: url.replace('/build/', ''), raw: bytes.length, gzip: gz };
});

rows.sort((a, b) => b.gzip - a.gzip);
const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
for (const row of rows) console.log(`${kb(row.gzip).padStart(9)} gz  ${kb(row.raw).padStart(9)} raw  ${row.module}`);
console.log(
  `home first-load JS: ${kb(gzipped)} gzipped (${kb(raw)} raw) in ${rows.length} files; budget ${kb(BUDGET_BYTES)}`,
);
if (gzipped > BUDGET_BYTES) {
  console.error(`Over budget by ${kb(gzipped - BUDGET_BYTES)}.`);
  process.exit(1);
}
