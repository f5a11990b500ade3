/**
 * EXIFTOOL, a Node-side service for the workerd tests (bound in vitest.config.ts): runs the real exiftool on posted
 * bytes, so privacy results are checked by a reader that is not ours.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import { Response, type Request } from 'miniflare';
import sharp, { type Sharp } from 'sharp';
import { z } from 'zod';
import { compare, managed, type Region } from './colour-judge';
import { exiftoolRun } from './exiftool-process';
import { photoPixels } from './photo-pixels';

const run = promisify(execFile);

/**
 * POST bytes → exiftool's JSON (-G1 groups, numeric values) for them. `?all` takes a multipart form of files instead
 * and answers, for each in order, every tag exiftool finds as `[Group] Tag : value` lines (`-a -G1 -s -U -ee`):
 * duplicates, unknown tags and the tags of embedded pictures (MPF previews) too, which JSON would merge or leave out.
 * One exiftool, started once for the whole run, reads every request (exiftool-process.ts, ADR 0198).
 */
export async function exiftoolService(request: Request): Promise<Response> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-exiftool-'));
  try {
    if (new URL(request.url).searchParams.has('all'))
      return Response.json(await exiftoolLines(dir, await request.formData()));
    const file = join(dir, 'input');
    await writeFile(file, new Uint8Array(await request.arrayBuffer()));
    const { stdout, stderr, status } = await exiftoolRun(['-json', '-G1', '-n', file]);
    if (status !== 0) throw new Error(`exiftool exited with ${status}: ${stderr}`);
    return new Response(stdout, { headers: { 'content-type': 'application/json' } });
  } catch (err) {
    return new Response(String(err), { status: 500 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

async function exiftoolLines(dir: string, form: Awaited<ReturnType<Request['formData']>>): Promise<string[]> {
  const files: string[] = [];
  for (const part of form.values()) {
    const file = join(dir, String(files.length));
    await writeFile(file, new Uint8Array(await (part as unknown as Blob).arrayBuffer()));
    files.push(file);
  }
  // exiftool's status is 1 when one file of the batch cannot be read; the others' output is still on stdout.
  const { stdout, stderr } = await exiftoolRun(['-a', '-G1', '-s', '-U', '-ee', ...files]);
  const sections = new Map<string, string>();
  let current = files.length === 1 ? files[0]! : '';
  for (const line of stdout.split('\n')) {
    const head = /^======== (.*)$/.exec(line);
    if (head) current = head[1]!;
    else sections.set(current, (sections.get(current) ?? '') + line + '\n');
  }
  // Every file exiftool read starts with its version: a file without it was not read, which must not pass as "no tags".
  const unread = files.findIndex((f) => !sections.get(f)?.includes('ExifToolVersion'));
  if (unread >= 0) throw new Error(`exiftool did not read file ${unread}: ${stderr}`);
  return files.map((f) => sections.get(f)!);
}

/**
 * A JPEG as a real HEIC (x265), its EXIF and ICC profile carried over (`colr` `prof`, as an iPhone writes Display P3):
 * Debian's heif-enc (libheif-examples, .ci/run). A PNG as an AVIF (`avif`), whose `nclx` then names Display P3
 * (primaries 12, the sRGB transfer 13), as AVIF encoders tag it: heif-enc writes the code points it is given as 2/2.
 */
async function heifOf(image: Buffer, quality: number, as: 'heic' | 'avif' = 'heic'): Promise<Buffer> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-heic-'));
  try {
    const input = join(dir, as === 'heic' ? 'in.jpg' : 'in.png');
    await writeFile(input, image);
    await run('heif-enc', [
      '-q',
      String(quality),
      ...(as === 'avif' ? ['-A'] : []),
      '-o',
      join(dir, `out.${as}`),
      input,
    ]);
    const out = await readFile(join(dir, `out.${as}`));
    if (as === 'avif') {
      const nclx = out.indexOf('colrnclx') + 8;
      if (nclx < 8) throw new Error('heif-enc wrote no nclx box');
      out.writeUInt16BE(12, nclx);
      out.writeUInt16BE(13, nclx + 2);
    }
    return out;
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/**
 * libaom's fastest effort for the AVIF photos made here: test inputs, read by the code under test, whose size and
 * container matter, not how well they are compressed. At sharp's default (4) a 1,200² AVIF at quality 95 took 21 s of
 * CPU to make; at 0 under 1 s, for a file of about the same size.
 */
const AVIF_INPUT_EFFORT = 0;

const photoSchema = z.object({
  // Wider than the Images binding reads (12,000 px a side), so the tests can show what happens to such a picture.
  width: z.number().int().min(1).max(20_000),
  height: z.number().int().min(1).max(12_000),
  seed: z.number().int().default(1),
  orientation: z.number().int().min(1).max(8).default(1),
  gps: z.boolean().default(false),
  // TIFF is LZW-compressed, as cameras and scanners write it (the engine writes TIFF uncompressed). HEIC is the JPEG
  // (its EXIF, GPS included) through heif-enc, as an iPhone holds it (ADR 0132); AVIF is sharp's (no EXIF).
  format: z.enum(['jpeg', 'png', 'webp', 'tiff', 'gif', 'heic', 'avif']).default('jpeg'),
  quality: z.number().int().min(1).max(100).default(85),
  // Display P3, as phones tag their photos: the pixels converted into it and its profile embedded (libvips' sP3C).
  // 'p3-nclx' (AVIF only): the same pixels tagged by code points alone, as AVIF encoders write it (heifOf).
  profile: z.enum(['p3', 'p3-nclx']).optional(),
});

const referenceOpSchema = z.object({
  crop: z
    .object({ left: z.number().int(), top: z.number().int(), width: z.number().int(), height: z.number().int() })
    .optional(),
  resize: z
    .object({
      width: z.number().int(),
      height: z.number().int(),
      fit: z.enum(['cover', 'contain', 'stretch', 'inside']),
      background: z.string().optional(),
    })
    .optional(),
  rotate: z.object({ angle: z.number().int() }).optional(),
  flip: z.object({ axis: z.enum(['h', 'v']) }).optional(),
  blur: z.object({ sigma: z.number() }).optional(),
});

const SHARP_FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', inside: 'inside' } as const;

/**
 * PHOTOS, a test-only Node service for the workerd tests: `POST /photo` (JSON) makes a phone-size photo with real
 * EXIF (orientation, GPS, dates, camera), `POST /meta` (bytes) answers what libvips reads them as, and `POST /reference?op=<json>` (body: image bytes) answers sharp's own
 * result of one operation (crop, resize, rotate, flip, blur, applied in that order on the upright picture) as a
 * PNG: the independent oracle the engine's results are compared against. Written on sharp directly, not on
 * local-images/, so the oracle shares no code with what it checks.
 */
export async function photoService(request: Request): Promise<Response> {
  try {
    const url = new URL(request.url);
    if (url.pathname === '/photo') {
      const o = photoSchema.parse(await request.json());
      let img = sharp(photoPixels(o.width, o.height, o.seed), {
        raw: { width: o.width, height: o.height, channels: 3 },
      });
      if (o.profile) img = img.withIccProfile('p3');
      if (o.profile === 'p3-nclx') {
        if (o.format !== 'avif') throw new Error('p3-nclx is for AVIF');
        const values = await img.raw().toBuffer({ resolveWithObject: true });
        const png = await sharp(values.data, {
          raw: { width: o.width, height: o.height, channels: values.info.channels },
        })
          .png()
          .toBuffer();
        return new Response(new Uint8Array(await heifOf(png, o.quality, 'avif')));
      }
      if (o.format === 'jpeg' || o.format === 'heic') {
        img = img.jpeg({ quality: o.format === 'heic' ? 95 : o.quality, chromaSubsampling: '4:2:0' });
        const exif: Record<string, Record<string, string>> = { IFD0: { Make: 'Memeforge', Model: 'Test Phone' } };
        if (o.gps) {
          exif.IFD0!.DateTime = '2026:05:04 10:11:12';
          exif.IFD2 = { DateTimeOriginal: '2026:05:04 10:11:12' };
          exif.IFD3 = {
            GPSLatitudeRef: 'N',
            GPSLatitude: '51/1 30/1 1234/100',
            GPSLongitudeRef: 'W',
            GPSLongitude: '0/1 7/1 3900/100',
          };
        }
        img = img.withExif(exif);
        if (o.orientation !== 1) img = img.withMetadata({ orientation: o.orientation });
      } else if (o.format === 'avif') img = img.avif({ quality: o.quality, effort: AVIF_INPUT_EFFORT });
      else if (o.format === 'tiff') img = img.tiff({ compression: 'lzw' });
      else if (o.format === 'gif') img = img.gif();
      else img = o.format === 'png' ? img.png() : img.webp({ quality: o.quality });
      const bytes = await img.toBuffer();
      return new Response(new Uint8Array(o.format === 'heic' ? await heifOf(bytes, o.quality) : bytes));
    }
    if (url.pathname === '/meta') {
      // What libvips says the bytes are (an AVIF is `heif` with `av1` compression).
      const m = await sharp(Buffer.from(await request.arrayBuffer())).metadata();
      return Response.json({ format: m.format, compression: m.compression, width: m.width, height: m.height });
    }
    if (url.pathname === '/reference') {
      const op = referenceOpSchema.parse(JSON.parse(url.searchParams.get('op') ?? '{}'));
      const raw = async (s: Sharp) => {
        const { data, info } = await s.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
        return sharp(data, { raw: { width: info.width, height: info.height, channels: 4 } });
      };
      let img = await raw(sharp(Buffer.from(await request.arrayBuffer()), { limitInputPixels: false }).autoOrient());
      if (op.crop) img = await raw(img.extract(op.crop));
      if (op.resize)
        img = await raw(
          img.resize(op.resize.width, op.resize.height, {
            fit: SHARP_FIT[op.resize.fit],
            background: op.resize.background ?? '#ffffff',
          }),
        );
      if (op.rotate) img = await raw(img.rotate(op.rotate.angle));
      if (op.flip) img = await raw(op.flip.axis === 'h' ? img.flop() : img.flip());
      if (op.blur) img = await raw(img.blur(op.blur.sigma));
      return new Response(new Uint8Array(await img.png({ compressionLevel: 1 }).toBuffer()));
    }
    return new Response('no such route', { status: 404 });
  } catch (err) {
    return new Response(String(err), { status: 500 });
  }
}

/**
 * ORACLE, the outside judges: of colour, `POST /managed` (a picture, a HEIC too, colour-managed to an sRGB PNG) and
 * `POST /colour` (multipart `expected`, `candidate`, optional `region` JSON: mean ΔE and saturation, colour-judge.ts);
 * of `quality=auto` (libjxl's `ssimulacra_main`, Debian's `butteraugli`): `POST /score`
 * with a multipart `original` and `candidate` (any format sharp reads; EXIF orientation applied, colour profiles
 * converted to sRGB as a viewer would) answers `{ ssimulacra, butteraugli? }`; `POST /vips-jpeg?quality=75` answers
 * libvips' own JPEG of the upright original at that quality (its defaults), the peer the scores are held against.
 */
export async function oracleService(request: Request): Promise<Response> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-oracle-'));
  try {
    const url = new URL(request.url);
    if (url.pathname === '/managed')
      return new Response(new Uint8Array(await managed(new Uint8Array(await request.arrayBuffer()))));
    if (url.pathname === '/colour') {
      const form = await request.formData();
      const part = async (name: string) => new Uint8Array(await (form.get(name) as unknown as Blob).arrayBuffer());
      const region = form.get('region');
      return Response.json(
        await compare(
          await part('expected'),
          await part('candidate'),
          region ? (JSON.parse(String(region)) as Region) : undefined,
        ),
      );
    }
    if (url.pathname === '/vips-jpeg') {
      const quality = Number(url.searchParams.get('quality') ?? 75);
      const out = await sharp(new Uint8Array(await request.arrayBuffer()))
        .rotate()
        .jpeg({ quality })
        .toBuffer();
      return new Response(new Uint8Array(out));
    }
    const form = await request.formData();
    const png = async (name: string) => {
      const file = join(dir, `${name}.png`);
      const part = form.get(name) as unknown as Blob;
      await sharp(new Uint8Array(await part.arrayBuffer()))
        .rotate()
        .png({ compressionLevel: 1 })
        .toFile(file);
      return file;
    };
    const [a, b] = [await png('original'), await png('candidate')];
    const ssimulacra = Number((await run('ssimulacra_main', [a, b])).stdout.trim());
    let butteraugli: number | undefined;
    if (url.searchParams.has('butteraugli')) butteraugli = Number((await run('butteraugli', [a, b])).stdout.trim());
    return Response.json({ ssimulacra, butteraugli });
  } catch (err) {
    return new Response(String(err), { status: 500 });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
