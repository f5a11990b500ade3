/**
 * `npx tsx --import ./bench/register.mjs bench/slices.ts [--mp 1] [--service http://127.0.0.1:8792]`
 *
 * What a piece of pixel work costs the isolate's one thread (ADR 0122), in CPU time so that other load on the machine
 * does not inflate it: `process.cpuUsage()` around each call of the Worker's own codecs, run in Node, in ms per
 * megapixel on the worst content (noise over a photo-like picture) and on a photo-like one. These are the numbers
 * behind workers/api/src/imaging/slices.ts. Then, where the offline image service is given (`--service`, the URL of a
 * running local-images), the engine's `run()` on the heaviest inputs each path accepts, reporting the longest CPU
 * time between two turns of the event loop (the longest time the isolate would serve nothing else), against
 * SLICE_BUDGET_MS.
 */
import { crc32, deflateSync } from 'node:zlib';
import { parseArgs } from 'node:util';
import sharp, { type Sharp } from 'sharp';
import {
  oxipngOptimise,
  photonGaussianBlur,
  photonPixelate,
  pngEncode,
  resizeLanczos,
} from '../workers/api/src/imaging/codecs/codecs';
import { decode } from '../workers/api/src/imaging/codecs/decode';
import { encode } from '../workers/api/src/imaging/codecs/encode';
import { probe, run, type OperationName } from '../workers/api/src/imaging/engine';
import { judgeFor } from '../workers/api/src/imaging/ops/compress/judge/judge';
import { AUTO_SETTINGS } from '../workers/api/src/imaging/options';
import { reducePalette } from '../workers/api/src/imaging/ops/compress/palette';
import { localImageService } from '../workers/api/src/imaging/service/local';
import { SLICE_BUDGET_MS } from '../workers/api/src/imaging/slices';
import { readHeader } from '../workers/api/src/imaging/intake/sniff';

const { values } = parseArgs({ options: { mp: { type: 'string' }, service: { type: 'string' } } });

function pixels(w: number, h: number, noise: number, seed = 7): Buffer {
  const d = Buffer.alloc(w * h * 3);
  let s = seed;
  for (let y = 0; y < h; y++) {
    for (let x = 0; x < w; x++) {
      s = (Math.imul(s, 1103515245) + 12345) >>> 0;
      const n = ((s >>> 16) / 65536 - 0.5) * noise;
      const t = 12 * Math.sin(x * 0.21 + Math.sin(y * 0.037) * 3) * Math.cos(y * 0.17);
      const i = (y * w + x) * 3;
      d[i] = Math.max(0, Math.min(255, 60 + (150 * x) / w + t + n));
      d[i + 1] = Math.max(0, Math.min(255, 80 + (120 * y) / h + t + n));
      d[i + 2] = Math.max(0, Math.min(255, 160 - (100 * x * y) / (w * h) + t + n));
    }
  }
  return d;
}
const picture = (w: number, h: number, noise: number) =>
  sharp(pixels(w, h, noise), { raw: { width: w, height: h, channels: 3 } });
const bytesOf = async (s: Sharp) => new Uint8Array(await s.toBuffer());

/** The least CPU of two warm runs, in ms. */
async function cpu(f: () => unknown): Promise<number> {
  await f();
  const runs: number[] = [];
  for (let k = 0; k < 2; k++) {
    const a = process.cpuUsage();
    await f();
    const b = process.cpuUsage(a);
    runs.push((b.user + b.system) / 1000);
  }
  return Math.min(...runs);
}

const MP = Number(values.mp ?? 1);
const w = Math.round(Math.sqrt((MP * 1e6 * 4) / 3));
const h = Math.round((w * 3) / 4);
console.log(`CPU ms per megapixel, ${w}×${h}, the least of two warm runs\n`);
console.log('| step | noise 64 | photo-like (noise 14) |');
console.log('| --- | --- | --- |');
const columns: Record<string, number>[] = [];
for (const noise of [64, 14]) {
  const src = picture(w, h, noise);
  const files = {
    jpeg: await bytesOf(src.clone().jpeg({ quality: 95 })),
    png: await bytesOf(src.clone().png()),
    webp: await bytesOf(src.clone().webp({ quality: 95 })),
    tiff: await bytesOf(src.clone().tiff({ compression: 'lzw' })),
    gif: await bytesOf(src.clone().gif()),
  };
  const r = await decode(files.jpeg, readHeader(files.jpeg)!);
  const out: Record<string, number> = {};
  for (const [f, b] of Object.entries(files)) out[`decode ${f}`] = await cpu(() => decode(b, readHeader(b)!));
  out['encode jpeg q80'] = await cpu(() => encode(r, 'jpeg', { quality: 80 }));
  out['encode jpeg q97 (auto tables)'] = await cpu(() =>
    encode(r, 'jpeg', { quality: 97, tuning: AUTO_SETTINGS.jpeg.options }),
  );
  out['encode webp q80'] = await cpu(() => encode(r, 'webp', { quality: 80 }));
  out['encode webp q97 (auto)'] = await cpu(() =>
    encode(r, 'webp', { quality: 97, tuning: AUTO_SETTINGS.webp.options }),
  );
  out['encode png (no oxipng)'] = await cpu(() => pngEncode(r));
  out['encode tiff'] = await cpu(() => encode(r, 'tiff', { quality: 100 }));
  out['encode bmp'] = await cpu(() => encode(r, 'bmp', { quality: 100 }));
  if (MP <= 0.5) {
    const plain = pngEncode(r);
    out['oxipng level 2'] = await cpu(() => oxipngOptimise(plain, 2));
  }
  out['resize to half'] = await cpu(() => resizeLanczos(r, w >> 1, h >> 1));
  out['blur radius 10'] = await cpu(() => photonGaussianBlur(r, 10));
  out['pixelate 10'] = await cpu(() => photonPixelate(r, 10));
  out['palette'] = await cpu(() => reducePalette(r));
  out['judge (prepared + one)'] = await cpu(() => judgeFor(r)(r));
  columns.push(out);
}
for (const step of Object.keys(columns[0]!))
  console.log(`| ${step} | ${Math.round(columns[0]![step]! / MP)} | ${Math.round(columns[1]![step]! / MP)} |`);

if (values.service) {
  /** A 7000 × 7000 RGBA PNG of zeros: about 190 KB, 49 MP. */
  const bomb = () => {
    const chunk = (type: string, data: Uint8Array) => {
      const head = Buffer.alloc(8);
      head.writeUInt32BE(data.length, 0);
      head.write(type, 4, 'latin1');
      const crc = Buffer.alloc(4);
      crc.writeUInt32BE(crc32(Buffer.concat([Buffer.from(type, 'latin1'), data])) >>> 0, 0);
      return Buffer.concat([head, data, crc]);
    };
    const ihdr = Buffer.alloc(13);
    ihdr.writeUInt32BE(7000, 0);
    ihdr.writeUInt32BE(7000, 4);
    ihdr[8] = 8;
    ihdr[9] = 6;
    const idat = deflateSync(Buffer.alloc((7000 * 4 + 1) * 7000), { level: 9 });
    return new Uint8Array(
      Buffer.concat([
        Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
        chunk('IHDR', ihdr),
        chunk('IDAT', idat),
        chunk('IEND', new Uint8Array()),
      ]),
    );
  };
  const services = { images: localImageService({ fetcher: undefined, url: values.service }), ai: {} as never };
  const cases: [string, () => Promise<Uint8Array>, OperationName, Record<string, unknown>][] = [
    ['compress 49 MP zero PNG, q80', async () => bomb(), 'compress', { format: 'original', quality: 80 }],
    [
      'compress 2.3 MP JPEG, q80',
      () => bytesOf(picture(1750, 1310, 14).jpeg({ quality: 92 })),
      'compress',
      { format: 'original', quality: 80 },
    ],
    [
      'compress 2 MP PNG, q80',
      () => bytesOf(picture(1632, 1224, 4).png()),
      'compress',
      { format: 'original', quality: 80 },
    ],
    [
      'quality=auto, 1 MP photo',
      () => bytesOf(picture(1154, 866, 14).jpeg({ quality: 92 })),
      'compress',
      { format: 'auto', quality: 'auto' },
    ],
    [
      'quality=auto, 12 MP photo',
      () => bytesOf(picture(4000, 3000, 14).jpeg({ quality: 92 })),
      'compress',
      { format: 'auto', quality: 'auto' },
    ],
    [
      'convert 1.7 MP WebP to WebP',
      () => bytesOf(picture(1500, 1130, 14).webp({ quality: 90 })),
      'convert',
      { format: 'webp', quality: 80 },
    ],
    [
      'convert 2.4 MP TIFF to JPEG',
      () => bytesOf(picture(1780, 1336, 4).tiff({ compression: 'lzw' })),
      'convert',
      { format: 'jpeg', quality: 80 },
    ],
    [
      'watermark 2.3 MP JPEG',
      () => bytesOf(picture(1750, 1310, 14).jpeg({ quality: 92 })),
      'watermark',
      { text: 'Memeforge', position: 'center', opacity: 0.5, fontSize: 48, color: '#ffffff' },
    ],
    [
      'pixelate 3.8 MP PNG',
      () => bytesOf(picture(2250, 1680, 4).png()),
      'blur',
      { method: 'selective', regions: [{ x: 0, y: 0, width: 2000, height: 1500 }], pixelateLevel: 10, strength: 10 },
    ],
  ];
  console.log(`\nLongest CPU time between two turns of the event loop, engine run() (budget ${SLICE_BUDGET_MS} ms)\n`);
  console.log('| input | longest turn ms | total CPU ms | engine |');
  console.log('| --- | --- | --- | --- |');
  for (const [name, make, op, options] of cases) {
    const bytes = await make();
    let last = process.cpuUsage();
    let longest = 0;
    let on = true;
    const sample = () => {
      const now = process.cpuUsage();
      longest = Math.max(longest, (now.user - last.user + now.system - last.system) / 1000);
      last = now;
    };
    // A timer, not setImmediate: a busy wait on I/O would count as CPU of its own.
    const tick = () => {
      sample();
      if (on) setTimeout(tick, 5);
    };
    setTimeout(tick, 5);
    const start = process.cpuUsage();
    let outcome: string;
    try {
      const result = await run(op, probe(bytes), options as never, services);
      outcome = 'engine' in result ? result.engine : 'stream';
    } catch (err) {
      outcome = `refused: ${(err as Error).message.slice(0, 60)}`;
    }
    on = false;
    sample();
    const total = process.cpuUsage(start);
    console.log(
      `| ${name} | ${Math.round(longest)} | ${Math.round((total.user + total.system) / 1000)} | ${outcome} |`,
    );
  }
}
