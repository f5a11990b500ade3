/**
 * Node-side services for the workerd tests, bound as service bindings in vitest.config.ts:
 * CORPUS serves files from ../shared/corpus (never copied into the repository), and EXIFTOOL runs the real exiftool
 * on posted bytes so that privacy results are checked by a reader that is not ours.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, normalize, relative, resolve } from 'node:path';
import { promisify } from 'node:util';
import { Response, type Request } from 'miniflare';

const run = promisify(execFile);

export const corpusDir = resolve(import.meta.dirname, '../../../../../shared/corpus');

async function listFiles(dir: string): Promise<string[]> {
  const out: string[] = [];
  for (const entry of await readdir(dir, { withFileTypes: true })) {
    const full = join(dir, entry.name);
    if (entry.isDirectory()) out.push(...(await listFiles(full)));
    else out.push(relative(corpusDir, full));
  }
  return out;
}

/** GET /index → JSON list of files (404 when the corpus folder is absent); GET /<path> → the file's bytes. */
export async function corpusService(request: Request): Promise<Response> {
  if (!existsSync(corpusDir)) return new Response(`corpus folder absent: ${corpusDir}`, { status: 404 });
  const path = decodeURIComponent(new URL(request.url).pathname).slice(1);
  if (path === 'index') return Response.json(await listFiles(corpusDir));
  const full = normalize(join(corpusDir, path));
  if (!full.startsWith(corpusDir) || !existsSync(full)) return new Response('no such file', { status: 404 });
  return new Response(await readFile(full));
}

/** POST bytes → exiftool's JSON (-G1 groups, numeric values) for them. */
export async function exiftoolService(request: Request): Promise<Response> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-exiftool-'));
  try {
    const file = join(dir, 'input');
    await writeFile(file, new Uint8Array(await request.arrayBuffer()));
    const { stdout } = await run('exiftool', ['-json', '-G1', '-n', file]);
    return new Response(stdout, { headers: { 'content-type': 'application/json' } });
  } catch (err) {
    return new Response(String(err), { status: 500 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
