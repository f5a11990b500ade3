/**
 * Node side of the corpus tests. workerd cannot read the host's files, so the vitest config binds this function as
 * the CORPUS service: `GET /manifest` lists every file of ../shared/corpus with what an independent reader (sharp,
 * i.e. libvips) says about it, and `GET /file?path=` answers its bytes. Nothing is copied into the repository.
 */
import { existsSync } from 'node:fs';
import { readdir, readFile, stat } from 'node:fs/promises';
import { basename, dirname, extname, join, relative, resolve } from 'node:path';
import sharp from 'sharp';
import { AVIF_MAX_SIDE } from '../../../core/image-service';
import { ACCEPTED_FORMATS } from '../../../core/images/kinds';

export type Expectation =
  | { kind: 'accept'; format: string; width: number; height: number }
  /** A BMP with no sibling file in a format sharp reads: accepted, but its size has no independent oracle. */
  | { kind: 'accept-format-only'; format: string }
  | { kind: 'refuse' };

export interface CorpusManifest {
  root: string;
  present: boolean;
  files: { path: string; size: number; expect: Expectation }[];
}

const SHARP_FORMATS: Record<string, string> = { jpeg: 'jpeg', png: 'png', webp: 'webp', gif: 'gif', tiff: 'tiff' };

async function walk(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true });
  const nested = await Promise.all(
    entries.map((e) => (e.isDirectory() ? walk(join(dir, e.name)) : Promise.resolve([join(dir, e.name)]))),
  );
  return nested.flat().sort();
}

/** What sharp reads when it can fully decode the file; null when it cannot. */
async function oracle(bytes: Buffer): Promise<{ format: string; width: number; height: number } | null> {
  try {
    const meta = await sharp(bytes).metadata();
    await sharp(bytes, { failOn: 'error' }).raw().toBuffer();
    const format = meta.format === 'heif' && meta.compression === 'av1' ? 'avif' : SHARP_FORMATS[meta.format ?? ''];
    if (!format || !meta.width || !meta.height) return null;
    const turned = (meta.orientation ?? 1) >= 5;
    return { format, width: turned ? meta.height : meta.width, height: turned ? meta.width : meta.height };
  } catch {
    return null;
  }
}

async function expectationFor(file: string, all: Set<string>): Promise<Expectation> {
  if (extname(file).toLowerCase() === '.svg') return { kind: 'refuse' };
  const bytes = await readFile(file);
  const seen = await oracle(bytes);
  // sharp reads AVIF of any size; we take it up to AVIF_MAX_SIDE, which the isolate decodes (ADR 0132).
  if (seen?.format === 'avif' && Math.max(seen.width, seen.height) > AVIF_MAX_SIDE) return { kind: 'refuse' };
  if (seen)
    return (ACCEPTED_FORMATS as readonly string[]).includes(seen.format)
      ? { kind: 'accept', ...seen }
      : { kind: 'refuse' };
  if (bytes.subarray(0, 2).toString('latin1') !== 'BM') return { kind: 'refuse' };
  // sharp has no BMP reader: the same picture saved in another format next to it is the oracle.
  const stem = join(dirname(file), basename(file, extname(file)));
  for (const sibling of ['.png', '.gif', '.tiff', '.webp']) {
    if (!all.has(stem + sibling)) continue;
    const other = await oracle(await readFile(stem + sibling));
    if (other) return { kind: 'accept', format: 'bmp', width: other.width, height: other.height };
  }
  return { kind: 'accept-format-only', format: 'bmp' };
}

export function corpusService(root: string) {
  const absoluteRoot = resolve(root);
  let manifest: Promise<CorpusManifest> | undefined;
  const build = async (): Promise<CorpusManifest> => {
    if (!existsSync(absoluteRoot)) return { root: absoluteRoot, present: false, files: [] };
    const files = await walk(absoluteRoot);
    const all = new Set(files);
    return {
      root: absoluteRoot,
      present: true,
      files: await Promise.all(
        files.map(async (f) => ({
          path: relative(absoluteRoot, f),
          size: (await stat(f)).size,
          expect: await expectationFor(f, all),
        })),
      ),
    };
  };
  return async (request: Request): Promise<Response> => {
    const url = new URL(request.url);
    if (url.pathname === '/manifest') return Response.json(await (manifest ??= build()));
    // The file list alone, without the oracle (cheap); 404 when the corpus folder is absent.
    if (url.pathname === '/index') {
      if (!existsSync(absoluteRoot)) return new Response(`corpus folder absent: ${absoluteRoot}`, { status: 404 });
      return Response.json((await walk(absoluteRoot)).map((f) => relative(absoluteRoot, f)));
    }
    if (url.pathname === '/file') {
      const path = resolve(absoluteRoot, url.searchParams.get('path') ?? '');
      if (!path.startsWith(absoluteRoot + '/')) return new Response('outside the corpus', { status: 403 });
      return new Response(await readFile(path));
    }
    return new Response('not found', { status: 404 });
  };
}
