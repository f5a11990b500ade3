/**
 * Target size on real photos (ADR 0210): what `POST /api/optimize` (operation=compress, targetBytes as the Compress
 * screen sends it) makes of targets a full-size file meets only at a low quality, against the alternatives, judged by
 * libjxl's `ssimulacra_main` (lower is better), a tool nobody here wrote. Per photo and target:
 * - full: the whole picture at the highest quality whose file meets the target (libvips with the local image
 *   service's settings, local-images/run-job.ts), however low that quality is;
 * - ours: the API's answer (a running stack: `npm start`, or scripts/start.ts on other ports);
 * - scaled q60–q90: the largest picture (aspect kept, libvips Lanczos3 as the service resizes) whose file at that
 *   quality meets the target, with no 1,280 px limit.
 * Each is judged twice against the original: "screen", both shown within 2000 × 1500 px (a laptop screen; a result
 * smaller than that is enlarged to it, as a browser would), and "100%", the result enlarged back to the original's
 * size (someone zooming in). Judging a smaller picture only against the original made as small would hide the detail
 * it lost, so neither view does that.
 *
 * `npx tsx bench/target-size.ts --api http://127.0.0.1:PORT [--json out.json] [--only a,b] [--at 45,35] [--scaled 70,80]`; the photos are read
 * from MEMEFORGE_CORPUS and MEMEFORGE_FIXTURES (default ../shared/corpus and ../shared/fixtures beside the project),
 * and the run is skipped, saying so, when they are absent.
 */
import { execFile } from 'node:child_process';
import { existsSync } from 'node:fs';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import sharp, { type Sharp } from 'sharp';

const run = promisify(execFile);
const root = resolve(import.meta.dirname, '..');
const corpus = process.env.MEMEFORGE_CORPUS ?? resolve(root, '../shared/corpus');
const fixtures = process.env.MEMEFORGE_FIXTURES ?? resolve(root, '../shared/fixtures');
const arg = (name: string) => {
  const i = process.argv.indexOf(`--${name}`);
  return i > 0 ? process.argv[i + 1] : undefined;
};

/** Real photos over 1,280 px on the long side (the smallest a target may make a picture), of different kinds. */
const PHOTOS: { name: string; what: string; path: string }[] = [
  { name: 'bryce', what: 'landscape: rock, trees, sky', path: `${corpus}/webp/bryce.webp` },
  {
    name: 'spiderman',
    what: 'cartoon still: flat colour',
    path: `${fixtures}/memegen-templates/spiderman/default.jpg`,
  },
  { name: 'harold', what: 'stock photo: face, white room', path: `${fixtures}/memegen-templates/harold/default.jpg` },
  { name: 'chair', what: 'TV stills: faces, grain', path: `${fixtures}/memegen-templates/chair/default.png` },
  { name: 'stonks', what: 'render: text, gradients', path: `${fixtures}/memegen-templates/stonks/default.png` },
  { name: 'cmm', what: 'outdoor photo: bricks, grass, text', path: `${fixtures}/memegen-templates/cmm/default.png` },
];
/** Targets: the bytes of the whole picture at these qualities, so that each side of the floor (35) is tried. */
const list = (name: string, fallback: number[]): number[] =>
  arg(name)?.split(',').filter(Boolean).map(Number) ?? fallback;
const TARGET_AT = list('at', [45, 35, 25, 15]);
const SCALED_QUALITIES = list('scaled', [60, 70, 80, 90]);
const SCREEN = { width: 2000, height: 1500 };

interface Raw {
  data: Buffer;
  width: number;
  height: number;
}
const fromRaw = (r: Raw) => sharp(r.data, { raw: { width: r.width, height: r.height, channels: 3 } });
/** The local image service's JPEG (local-images/run-job.ts). */
const jpeg = async (r: Raw, quality: number, width = r.width, height = r.height) => {
  const s = width === r.width && height === r.height ? fromRaw(r) : fromRaw(r).resize(width, height, { fit: 'fill' });
  const out = s.jpeg({ quality, chromaSubsampling: '4:2:0', progressive: true, mozjpeg: false });
  return new Uint8Array(await out.toBuffer());
};
const sizeAt = (r: Raw, long: number) => {
  const s = long / Math.max(r.width, r.height);
  return { width: Math.max(1, Math.round(r.width * s)), height: Math.max(1, Math.round(r.height * s)) };
};

/** The highest quality (1–95) whose full-size file meets `target`, or null. */
async function fullAtTarget(r: Raw, target: number) {
  let [lo, hi] = [0, 96];
  let best: { quality: number; bytes: Uint8Array } | null = null;
  while (hi - lo > 1) {
    const q = Math.floor((lo + hi) / 2);
    const bytes = await jpeg(r, q);
    if (bytes.length <= target) [lo, best] = [q, { quality: q, bytes }];
    else hi = q;
  }
  return best;
}

/** The largest picture (long side, to 0.5%) whose file at `quality` meets `target`. */
async function scaledAtTarget(r: Raw, quality: number, target: number) {
  const full = Math.max(r.width, r.height);
  let [lo, hi] = [16, full + 1];
  let best: { long: number; bytes: Uint8Array } | null = null;
  while (hi - lo > Math.max(1, full * 0.005)) {
    const long = Math.floor((lo + hi) / 2);
    const { width, height } = sizeAt(r, long);
    const bytes = await jpeg(r, quality, width, height);
    if (bytes.length <= target) [lo, best] = [long, { long, bytes }];
    else hi = long;
  }
  return best;
}

/** SSIMULACRA of `file` against the original, on screen and at 100% (see the top of this file). */
async function judge(dir: string, original: Raw, file: Uint8Array) {
  const fit = Math.min(1, SCREEN.width / original.width, SCREEN.height / original.height);
  const screen = { width: Math.round(original.width * fit), height: Math.round(original.height * fit) };
  const png = (s: Sharp, name: string) => s.png({ compressionLevel: 1 }).toFile(join(dir, name));
  const ref = (name: string) => join(dir, name);
  if (!existsSync(ref('full.png'))) {
    await png(fromRaw(original), 'full.png');
    await png(fromRaw(original).resize(screen.width, screen.height, { fit: 'fill' }), 'screen.png');
  }
  const decoded = () => sharp(file).removeAlpha();
  await png(decoded().resize(screen.width, screen.height, { fit: 'fill' }), 'b-screen.png');
  await png(decoded().resize(original.width, original.height, { fit: 'fill' }), 'b-full.png');
  const score = async (a: string, b: string) =>
    Number((await run('ssimulacra_main', [ref(a), ref(b)], { maxBuffer: 1 << 20 })).stdout.trim());
  return { screen: await score('screen.png', 'b-screen.png'), full: await score('full.png', 'b-full.png') };
}

interface Answer {
  size: number;
  width: number;
  height: number;
  quality?: number;
  format: string;
  notes: string[];
  imageUrl: string;
  engine?: string;
}
async function compress(
  api: string,
  name: string,
  bytes: Buffer,
  target: number,
): Promise<Answer & { file: Uint8Array }> {
  const form = new FormData();
  form.set('image', new Blob([new Uint8Array(bytes)]), name);
  // As the Compress screen sends a target (app/features/tools/optimize-tool.tsx): a whole number of KB × 1000.
  for (const [k, v] of Object.entries({
    operation: 'compress',
    format: 'jpeg',
    quality: '75',
    targetBytes: `${target}`,
  }))
    form.set(k, v);
  const res = await fetch(`${api}/api/optimize`, { method: 'POST', body: form });
  if (!res.ok) throw new Error(`${name} at ${target} B: ${res.status} ${await res.text()}`);
  const answer = (await res.json()) as Answer;
  const file = new Uint8Array(await (await fetch(answer.imageUrl)).arrayBuffer());
  return { ...answer, file };
}

const kb = (n: number) => `${(n / 1000).toFixed(n < 100_000 ? 1 : 0)} KB`;
const px = (w: number, h: number) => `${w}×${h}`;
const s3 = (n: number) => n.toFixed(3);

async function main() {
  const api = arg('api');
  const only = arg('only')?.split(',');
  if (!api) throw new Error('Usage: npx tsx bench/target-size.ts --api http://127.0.0.1:PORT [--json out.json]');
  const photos = PHOTOS.filter((p) => (!only || only.includes(p.name)) && existsSync(p.path));
  if (photos.length === 0) {
    console.log(`skipped: none of the photos is present (MEMEFORGE_CORPUS=${corpus}, MEMEFORGE_FIXTURES=${fixtures})`);
    return;
  }
  const rows: unknown[] = [];
  console.log(
    `| photo | original | target | full size at the target: q, screen / 100% | ours: size, q, bytes, screen / 100% | scaled ${SCALED_QUALITIES.map((q) => `q${q}`).join(' / ')}: long side, screen / 100% |`,
  );
  console.log('|---|---|---|---|---|---|');
  for (const photo of photos) {
    const input = await readFile(photo.path);
    const { data, info } = await sharp(input).rotate().flatten({ background: '#ffffff' }).removeAlpha().raw().toBuffer({
      resolveWithObject: true,
    });
    const original: Raw = { data, width: info.width, height: info.height };
    const dir = await mkdtemp(join(tmpdir(), 'memeforge-target-'));
    try {
      for (const q of TARGET_AT) {
        const target = Math.floor((await jpeg(original, q)).length / 1000) * 1000;
        const full = await fullAtTarget(original, target);
        const fullScore = full ? await judge(dir, original, full.bytes) : null;
        const ours = await compress(api, photo.path.split('/').pop()!, input, target);
        const oursScore = await judge(dir, original, ours.file);
        const scaled = [];
        for (const sq of SCALED_QUALITIES) {
          const s = await scaledAtTarget(original, sq, target);
          scaled.push(
            s ? { quality: sq, long: s.long, bytes: s.bytes.length, ...(await judge(dir, original, s.bytes)) } : null,
          );
        }
        const met = ours.file.length <= target ? '' : ' **miss**';
        rows.push({
          photo: photo.name,
          original: [info.width, info.height, input.length],
          target,
          q,
          full: full && { quality: full.quality, bytes: full.bytes.length, ...fullScore },
          ours: {
            width: ours.width,
            height: ours.height,
            quality: ours.quality,
            bytes: ours.file.length,
            engine: ours.engine,
            notes: ours.notes,
            ...oursScore,
          },
          scaled,
        });
        console.log(
          `| ${photo.name} (${photo.what}) | ${px(info.width, info.height)}, ${kb(input.length)} | ${kb(target)} (${((100 * target) / input.length).toFixed(1)}%; q${q} at full size) | ${full ? `q${full.quality}, ${s3(fullScore!.screen)} / ${s3(fullScore!.full)}` : 'none fits'} | ${px(ours.width, ours.height)}, q${ours.quality}, ${ours.file.length.toLocaleString('en-US')} B${met}, ${s3(oursScore.screen)} / ${s3(oursScore.full)} | ${scaled.map((s) => (s ? `${s.long}: ${s3(s.screen)} / ${s3(s.full)}` : '—')).join('; ')} |`,
        );
      }
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  }
  const out = arg('json');
  if (out) await writeFile(out, JSON.stringify(rows, null, 1));
}

await main();
