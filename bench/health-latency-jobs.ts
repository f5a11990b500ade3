/**
 * The load of bench/health-latency.ts: the heaviest inputs the API accepts, made here (sharp, zlib) or read from
 * ../shared/corpus (its camera JPEGs), and the jobs that send them, each a short sequence of requests whose answers
 * are timed and told apart: the API's own JSON or the dev server's 5xx (ADR 0122).
 */
import { existsSync } from 'node:fs';
import { readFile, readdir } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { deflateSync } from 'node:zlib';
import sharp from 'sharp';
import { post as postForm, REQUEST_TIMEOUT_MS } from '../scripts/lib/soak-answer';

/** A request that takes longer than this is counted as failed (and the run goes on). */
export { REQUEST_TIMEOUT_MS };
const CORPUS = resolve('../shared/corpus');

// --- inputs ------------------------------------------------------------------------------------------------------

/** A photo-like picture (gradients, discs, fine texture and noise): what cameras give encoders and judges to chew on. */
function photoPixels(width: number, height: number, seed: number): Buffer {
  const data = Buffer.alloc(width * height * 3);
  let s = seed >>> 0 || 1;
  const rand = () => ((s = (Math.imul(s, 1103515245) + 12345) >>> 0) >>> 16) / 65536;
  for (let y = 0; y < height; y++) {
    for (let x = 0; x < width; x++) {
      const t = 12 * Math.sin(x * 0.21 + Math.sin(y * 0.037) * 3) * Math.cos(y * 0.17);
      const n = (rand() - 0.5) * 14;
      const i = (y * width + x) * 3;
      data[i] = Math.max(0, Math.min(255, 60 + (150 * x) / width + t + n));
      data[i + 1] = Math.max(0, Math.min(255, 80 + (120 * y) / height + t + n));
      data[i + 2] = Math.max(0, Math.min(255, 160 - (100 * x * y) / (width * height) + t + n));
    }
  }
  return data;
}

const photo = (width: number, height: number, seed = 7) =>
  sharp(photoPixels(width, height, seed), { raw: { width, height, channels: 3 } });

/** PNG chunk with its CRC (zlib's crc32 is in node:zlib from Node 22). */
async function pngChunk(type: string, data: Uint8Array): Promise<Buffer> {
  const { crc32 } = await import('node:zlib');
  const head = Buffer.alloc(8);
  head.writeUInt32BE(data.length, 0);
  head.write(type, 4, 'latin1');
  const crc = Buffer.alloc(4);
  crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
  return Buffer.concat([head, data, crc]);
}

/**
 * A 7000 × 7000 RGBA PNG of zeros: about 190 KB that inflates to 196 MB (49 MP, under the 50 MP limit): the red
 * team's bomb. Its rows are written with filter 0 and deflated at level 9.
 */
async function zeroPngBomb(side = 7000): Promise<Buffer> {
  const raw = Buffer.alloc((side * 4 + 1) * side);
  const ihdr = Buffer.alloc(13);
  ihdr.writeUInt32BE(side, 0);
  ihdr.writeUInt32BE(side, 4);
  ihdr[8] = 8;
  ihdr[9] = 6;
  const signature = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
  return Buffer.concat([
    signature,
    await pngChunk('IHDR', ihdr),
    await pngChunk('IDAT', deflateSync(raw, { level: 9 })),
    await pngChunk('IEND', new Uint8Array()),
  ]);
}

async function cameraJpegs(): Promise<{ name: string; bytes: Buffer }[]> {
  const dir = join(CORPUS, 'exif/jpg/gps');
  if (!existsSync(dir)) return [];
  const names = (await readdir(dir)).filter((n) => /\.jpe?g$/i.test(n)).sort();
  return Promise.all(names.map(async (name) => ({ name, bytes: await readFile(join(dir, name)) })));
}

// --- requests ----------------------------------------------------------------------------------------------------

export interface Answer {
  job: string;
  route: string;
  status: number;
  ms: number;
  /**
   * The dev server's answer, not the API's: a 5xx whose body is not our JSON {error, code}, or the front door's
   * `api_unavailable` (wrangler lost the Worker mid-request; scripts/lib/front-door.ts).
   */
  foreign5xx: boolean;
  body: string;
}

/**
 * One form POST with the soak's sending and judging (scripts/lib/soak-answer.ts: a 5xx that is not our JSON error, or
 * the front door's `api_unavailable`, is the dev server's), filed under its job and plain route.
 */
async function post(
  base: string,
  job: string,
  route: string,
  image: Uint8Array,
  fields: Record<string, string>,
  name = 'input.bin',
): Promise<Answer> {
  const a = await postForm(base, route, name, image, fields);
  return { job, route, status: a.status, ms: a.ms, foreign5xx: a.foreign, body: a.body };
}

export type Job = { name: string; run: () => Promise<Answer[]> };

/** The heavy jobs against `base`, those named in `only` where it is given. */
export async function buildJobs(base: string, only?: string[]): Promise<Job[]> {
  const [photo12, bomb, webp12, tiff5, png5, cameras] = await Promise.all([
    photo(4000, 3000).jpeg({ quality: 92, chromaSubsampling: '4:2:0' }).toBuffer(),
    zeroPngBomb(),
    photo(4000, 3000, 11).webp({ quality: 90 }).toBuffer(),
    // Within the isolate's 5 MP budget: decoded in JS by utif2 (TIFF) or in WASM (PNG), not by the image service.
    photo(2500, 2000, 13).tiff({ compression: 'lzw' }).toBuffer(),
    // Under the 10 MB upload limit: little noise, so the file stays small while the decode is as large.
    sharp(
      photoPixels(2500, 2000, 17).map((v) => v & 0xf8),
      { raw: { width: 2500, height: 2000, channels: 3 } },
    )
      .png({ compressionLevel: 9 })
      .toBuffer(),
    cameraJpegs(),
  ]);
  console.log(
    `inputs: 12 MP JPEG ${kb(photo12)}, zero PNG bomb 7000×7000 ${kb(bomb)}, 12 MP WebP ${kb(webp12)}, 5 MP TIFF ${kb(tiff5)}, 5 MP PNG ${kb(png5)}, ${cameras.length} camera JPEGs`,
  );
  const jobs: Job[] = [
    {
      name: 'auto-12mp',
      run: async () => [
        await post(
          base,
          'auto-12mp',
          'optimize',
          photo12,
          { operation: 'compress', quality: 'auto', format: 'auto' },
          'photo.jpg',
        ),
      ],
    },
    {
      name: 'png-bomb',
      run: async () => [
        await post(base, 'png-bomb', 'upload', bomb, {}, 'bomb.png'),
        await post(base, 'png-bomb', 'optimize', bomb, { operation: 'compress', quality: '80' }, 'bomb.png'),
        await post(
          base,
          'png-bomb',
          'security',
          bomb,
          {
            operation: 'blur',
            method: 'selective',
            regions: '[{"x":0,"y":0,"width":3000,"height":3000}]',
            pixelateLevel: '10',
          },
          'bomb.png',
        ),
      ],
    },
    {
      name: 'webp-12mp',
      run: async () => [
        await post(base, 'webp-12mp', 'convert', webp12, { format: 'jpeg', quality: '80' }, 'photo.webp'),
      ],
    },
    {
      name: 'tiff-5mp',
      run: async () => [
        await post(
          base,
          'tiff-5mp',
          'optimize',
          tiff5,
          { operation: 'compress', quality: '80', format: 'jpeg' },
          'photo.tif',
        ),
      ],
    },
    {
      name: 'png-5mp',
      run: async () => [await post(base, 'png-5mp', 'convert', png5, { format: 'webp', quality: '80' }, 'photo.png')],
    },
  ];
  if (cameras.length) {
    let next = 0;
    jobs.push({
      name: 'camera-crop',
      // The red team's sequence on one camera photo: upload, analyze, privacy, then crop.
      run: async () => {
        const { name, bytes } = cameras[next++ % cameras.length]!;
        const out = [await post(base, 'camera-crop', 'upload', bytes, {}, name)];
        out.push(await post(base, 'camera-crop', 'analyze-metadata', bytes, {}, name));
        out.push(
          await post(
            base,
            'camera-crop',
            'security',
            bytes,
            { operation: 'privacy', removeExif: 'true', removeLocation: 'true', removeTimestamp: 'true' },
            name,
          ),
        );
        out.push(
          await post(
            base,
            'camera-crop',
            'modify',
            bytes,
            { operation: 'crop', x: '10', y: '10', width: '400', height: '300' },
            name,
          ),
        );
        return out;
      },
    });
  } else console.log(`SKIPPING camera-crop: the corpus folder ${CORPUS} is absent`);
  return only ? jobs.filter((j) => only.includes(j.name)) : jobs;
}

const kb = (b: Uint8Array) => `${Math.round(b.length / 1024)} KB`;
