/**
 * IMAGEMAGICK, a Node-side service for the workerd tests (bound in vitest.config.ts): ImageMagick, a decoder that
 * shares no code with ours, reads posted bytes in full, so every picture the API stores or returns is checked by an
 * outside reader. It also makes the edge files of test/routes/intake-routes.test.ts (ImageMagick writes most variants;
 * sharp the tall JPEG that ImageMagick's resource policy will not hold).
 *
 * `POST /check` (bytes) or `POST /check?batch` (a multipart form of files) answers, per file,
 * `{ ok, format, width, height, frames, problem? }`: ok when `convert` decoded every frame with no error and no
 * warning from the format's own decoder (a JPEG's "Premature end of data", a PNG's bad CRC); warnings about
 * metadata (malformed XMP) do not count. `POST /make` ({ args, out } | { sharp }) answers the bytes of one file.
 * `POST /frames` (bytes) answers what libvips reads of an animation: `{ format, width, pageHeight, pages, delay, loop }`
 * (sharp's metadata with `animated: true`), so an animated result is checked by a reader that is not ours.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { Response, type Request } from 'miniflare';
import sharp from 'sharp';
import { z } from 'zod';

export interface MagickVerdict {
  ok: boolean;
  format?: string;
  width?: number;
  height?: number;
  frames?: number;
  problem?: string;
}

/** Any error, and the warnings of the formats' own decoders (about the picture data, not its metadata). */
const PIXEL_CODERS = /@ error\/|@ warning\/(jpeg|png|webp|gif|bmp|tiff)\.c/;

/** Debian's ImageMagick (`.ci/run` installs it); a `convert` elsewhere on PATH may be another program. */
const CONVERT = existsSync('/usr/bin/convert') ? '/usr/bin/convert' : 'convert';

/**
 * glibc's malloc gives ImageMagick's large buffers (its colour quantizer's, when it writes a GIF) to mmap and back for
 * every frame, and the kernel zero-fills each again: a 12-frame 240 × 160 GIF took 1.1 CPU s, most of it system time.
 * Kept in the heap, the same bytes take about half (same output, checked with cmp).
 */
const MAGICK_ENV = { ...process.env, MALLOC_MMAP_THRESHOLD_: '1073741824', MALLOC_TRIM_THRESHOLD_: '2147483647' };

function convert(args: string[]): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve) => {
    const options = { maxBuffer: 64 * 1024 * 1024, timeout: 60_000, env: MAGICK_ENV };
    execFile(CONVERT, args, options, (err, stdout, stderr) => {
      const code = err ? (typeof err.code === 'number' ? err.code : 1) : 0;
      resolve({ code, stdout: String(stdout), stderr: String(stderr) });
    });
  });
}

async function check(dir: string, name: string, bytes: Uint8Array): Promise<MagickVerdict> {
  const file = join(dir, name);
  await writeFile(file, bytes);
  const { code, stdout, stderr } = await convert([file, '-format', '%m %w %h\\n', 'info:']);
  const frames = stdout.trim().split('\n').filter(Boolean);
  const problems = stderr.split('\n').filter((line) => PIXEL_CODERS.test(line));
  const [format, width, height] = (frames[0] ?? '').split(' ');
  if (code !== 0 || problems.length > 0 || frames.length === 0) {
    return { ok: false, problem: (problems.join(' ') || stderr || `exit ${code}`).replaceAll(file, 'input').trim() };
  }
  return { ok: true, format, width: Number(width), height: Number(height), frames: frames.length };
}

const makeSchema = z.union([
  // convert's arguments with the output written to OUT (e.g. ["-size", "8x8", "xc:red", "bmp3:OUT"]).
  z.object({ args: z.array(z.string()).min(1) }),
  // A picture too tall for ImageMagick's policy: a smooth gradient from sharp.
  z.object({
    sharp: z.object({
      width: z.number().int().positive(),
      height: z.number().int().positive(),
      format: z.enum(['jpeg', 'png', 'webp']),
    }),
  }),
]);

async function make(dir: string, job: z.infer<typeof makeSchema>): Promise<Uint8Array> {
  if ('sharp' in job) {
    const { width, height, format } = job.sharp;
    const img = sharp({
      create: { width, height, channels: 3, background: { r: 40, g: 120, b: 200 } },
      limitInputPixels: false,
    });
    return new Uint8Array(await img.toFormat(format).toBuffer());
  }
  const out = join(dir, 'out');
  const { code, stderr } = await convert(job.args.map((a) => a.replace('OUT', out)));
  if (code !== 0) throw new Error(`convert ${job.args.join(' ')}: ${stderr}`);
  return new Uint8Array(await readFile(out));
}

export async function imagemagickService(request: Request): Promise<Response> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-magick-'));
  try {
    const url = new URL(request.url);
    if (url.pathname === '/make') return new Response(await make(dir, makeSchema.parse(await request.json())));
    if (url.pathname === '/frames') {
      const meta = await sharp(new Uint8Array(await request.arrayBuffer()), { animated: true }).metadata();
      return Response.json({
        format: meta.format,
        width: meta.width,
        pageHeight: meta.pageHeight ?? meta.height,
        pages: meta.pages ?? 1,
        delay: meta.delay ?? [],
        loop: meta.loop ?? null,
      });
    }
    if (url.pathname !== '/check') return new Response('no such route', { status: 404 });
    if (!url.searchParams.has('batch'))
      return Response.json(await check(dir, 'input', new Uint8Array(await request.arrayBuffer())));
    const parts = [...(await request.formData()).values()] as unknown as Blob[];
    const verdicts: MagickVerdict[] = new Array(parts.length);
    // Two convert processes at a time: the machines have two cores.
    let next = 0;
    const worker = async () => {
      for (let i = next++; i < parts.length; i = next++)
        verdicts[i] = await check(dir, String(i), new Uint8Array(await parts[i]!.arrayBuffer()));
    };
    await Promise.all([worker(), worker()]);
    return Response.json(verdicts);
  } catch (err) {
    return new Response(String(err), { status: 500 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
