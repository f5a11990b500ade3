/**
 * `npm run bench:ai` (on demand, not part of npm test): the offline AI service's models on a photo of the size a
 * person uploads (astronaut.png from the shared corpus at 512 px, and enlarged to 1024 px), each against a peer in
 * the same run:
 * - AI upscale ×2: the tile pool (one worker thread per core, 256 px tiles) against the path it replaced (one thread,
 *   128 px tiles, in the service's own thread), and against sharp's Lanczos3 (not AI: the floor of what a resize costs);
 * - background removal: our cut-out (local-ai/background-removal/cutout.mjs: the package's IS-Net widened to float32,
 *   one output, loaded once) against the package's own removeBackground, which loads and converts per call;
 * - face and person detection, alone.
 * `npm run bench:ai -- background --sides=512` runs only the cases named so, at the sides given. Each model runs in its own child process, so its peak RSS is its own. "cold" includes loading the model, "warm" is
 * the median of three more runs in the same process; CPU is the process's CPU time (every thread) of the warm runs,
 * which is what the run would take on an idle machine of one core, and does not grow when other work shares the
 * cores, as the wall time does. The load average is printed with the table: compare rows of the same run only.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { availableParallelism, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';
import type { Tensor4D } from '@tensorflow/tfjs';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpusPhoto = path.resolve(root, '../shared/corpus/photos/astronaut.png');
const bgDir = path.join(root, 'local-ai/background-removal');

const CASES = [
  'upscale-2x pool',
  'upscale-2x one thread (before)',
  'upscale-2x sharp lanczos3 (not AI)',
  'background cut-out',
  'background package (before)',
  'faces',
  'people',
] as const;
type Case = (typeof CASES)[number];
const SIDES = [512, 1024] as const;

async function photo(side: number): Promise<Buffer> {
  return sharp(await readFile(corpusPhoto))
    .resize(side, side, { kernel: 'lanczos3' })
    .png()
    .toBuffer();
}

/** The upscale path before the tile pool: TensorFlow.js in this thread, 128 px tiles, one after the other. */
async function upscaleOneThread(bytes: Uint8Array): Promise<Buffer> {
  const { initTf, packageDir } = await import('../local-ai/tf');
  const { decodeRgb, encodePng } = await import('../local-ai/image');
  const tf = await initTf();
  const dir = path.join(packageDir('@upscalerjs/esrgan-slim'), 'models', 'x2');
  const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8'));
  const manifest = json.weightsManifest as Array<{ paths: string[]; weights: unknown[] }>;
  const buffers = await Promise.all(manifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))));
  const model = await tf.loadLayersModel(
    tf.io.fromMemory({
      modelTopology: json.modelTopology,
      weightSpecs: manifest.flatMap((g) => g.weights) as never,
      weightData: new Uint8Array(Buffer.concat(buffers)).buffer,
    }),
  );
  const src = await decodeRgb(bytes);
  const { tilesOf } = await import('../local-ai/upscale');
  const out = new Uint8Array(src.width * 2 * src.height * 2 * 3);
  for (const { tx, ty, tw, th, x0, y0, x1, y1 } of tilesOf(src.width, src.height, 128, 8)) {
    const tile = new Float32Array((x1 - x0) * (y1 - y0) * 3);
    for (let y = y0; y < y1; y++)
      tile.set(src.data.subarray((y * src.width + x0) * 3, (y * src.width + x1) * 3), (y - y0) * (x1 - x0) * 3);
    const result = tf.tidy(() =>
      (model.predict(tf.tensor4d(tile, [1, y1 - y0, x1 - x0, 3])) as Tensor4D).clipByValue(0, 255).round().toInt(),
    );
    const pixels = await result.data();
    result.dispose();
    for (let y = 0; y < th * 2; y++) {
      const s = ((y + (ty - y0) * 2) * (x1 - x0) * 2 + (tx - x0) * 2) * 3;
      out.set(pixels.subarray(s, s + tw * 2 * 3), ((ty * 2 + y) * src.width * 2 + tx * 2) * 3);
    }
  }
  return encodePng({ data: out, width: src.width * 2, height: src.height * 2, channels: 3 });
}

/** A function that runs the case once on `input`; loading what it needs happens on its first call. */
async function prepare(which: Case): Promise<(input: Buffer) => Promise<unknown>> {
  switch (which) {
    case 'upscale-2x pool': {
      const { upscale } = await import('../local-ai/upscale');
      return (input) => upscale(input, 2);
    }
    case 'upscale-2x one thread (before)':
      return upscaleOneThread;
    case 'upscale-2x sharp lanczos3 (not AI)':
      return async (input) => {
        const { width = 0, height = 0 } = await sharp(input).metadata();
        return sharp(input)
          .resize(width * 2, height * 2, { kernel: 'lanczos3' })
          .png()
          .toBuffer();
      };
    case 'background cut-out': {
      // The separate AGPL program's own modules (ADR 0061), loaded as its server loads them.
      const { loadSegmenter } = (await import(path.join(bgDir, 'model.mjs'))) as {
        loadSegmenter: (side: number) => Promise<unknown>;
      };
      const { cutout } = (await import(path.join(bgDir, 'cutout.mjs'))) as {
        cutout: (b: Buffer, s: unknown) => Promise<Buffer>;
      };
      let segmenter: Promise<unknown> | null = null;
      return async (input) => cutout(input, await (segmenter ??= loadSegmenter(1024)));
    }
    case 'background package (before)': {
      const entry = path.join(bgDir, 'node_modules/@imgly/background-removal-node/dist/index.mjs');
      const { removeBackground } = (await import(entry)) as { removeBackground: (b: Blob, c: object) => Promise<Blob> };
      const publicPath = `file://${path.dirname(entry)}/`;
      return (input) =>
        removeBackground(new Blob([new Uint8Array(input)], { type: 'image/png' }), {
          publicPath,
          output: { format: 'image/png' },
        });
    }
    case 'faces': {
      const { detectFaces } = await import('../local-ai/faces');
      return detectFaces;
    }
    case 'people': {
      const { detectPeople } = await import('../local-ai/people');
      return detectPeople;
    }
  }
}

const cpuMs = () => {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
};

async function runOne(which: Case, side: number) {
  const input = await photo(side);
  const once = await prepare(which);
  let t = performance.now();
  await once(input);
  const cold = performance.now() - t;
  const walls: number[] = [];
  const cpus: number[] = [];
  for (let i = 0; i < 3; i++) {
    const c = cpuMs();
    t = performance.now();
    await once(input);
    walls.push(performance.now() - t);
    cpus.push(cpuMs() - c);
  }
  const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[1]!;
  // maxRSS is in kilobytes: the peak of this whole process (models, threads, tensors, decoded images).
  console.log(
    JSON.stringify({
      which,
      side,
      coldMs: Math.round(cold),
      warmMs: Math.round(median(walls)),
      warmCpuMs: Math.round(median(cpus)),
      peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024),
    }),
  );
}

type Row =
  | { which: Case; side: number; coldMs: number; warmMs: number; warmCpuMs: number; peakRssMb: number }
  | { which: Case; side: number; error: string };

function child(which: Case, side: number): Promise<Row> {
  return new Promise((resolve) => {
    const proc = spawn(
      process.execPath,
      ['--import', 'tsx', fileURLToPath(import.meta.url), '--case', which, '--side', String(side)],
      {
        cwd: root,
        stdio: ['ignore', 'pipe', 'inherit'],
        env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
      },
    );
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.on('exit', (code) => {
      const line = out
        .trim()
        .split('\n')
        .reverse()
        .find((l) => l.startsWith('{'));
      resolve(line ? (JSON.parse(line) as Row) : { which, side, error: `exited with ${code}` });
    });
  });
}

async function main() {
  const at = process.argv.indexOf('--case');
  if (at > 0) return runOne(process.argv[at + 1] as Case, Number(process.argv[process.argv.indexOf('--side') + 1]));
  if (!existsSync(corpusPhoto)) {
    console.log(`skipped: the shared corpus photo is missing (${corpusPhoto})`);
    return;
  }
  // `npm run bench:ai -- upscale --sides=512` runs the cases whose names start with "upscale", at 512 px only.
  const only = process.argv.slice(2).filter((a: string) => !a.startsWith('-'));
  const sidesArg = process.argv.find((a: string) => a.startsWith('--sides='));
  const sides = sidesArg ? sidesArg.slice(8).split(',').map(Number) : SIDES;
  const before = loadavg();
  const rows: Row[] = [];
  for (const side of sides) {
    for (const which of CASES) {
      if (only.length > 0 && !only.some((o: string) => which.startsWith(o))) continue;
      if (which.startsWith('background') && !existsSync(path.join(bgDir, 'node_modules'))) {
        rows.push({ which, side, error: 'not installed (npm start installs it)' });
        continue;
      }
      console.error(`running ${which} on ${side} px…`);
      rows.push(await child(which, side));
    }
  }
  // Timings scale with how busy the machine is: print the context with the table.
  const fmt = (l: number[]) => l.map((x) => x.toFixed(1)).join(' ');
  console.log(
    `\n${availableParallelism()} CPUs; load average (1, 5, 15 min) ${fmt(before)} before, ${fmt(loadavg())} after`,
  );
  console.log(
    '\n| astronaut.png | at | cold (load + run) | warm (median of 3) | warm CPU time | peak RSS |\n|---|---|---|---|---|---|',
  );
  const s = (ms: number) => `${(ms / 1000).toFixed(2)} s`;
  for (const r of rows) {
    if ('error' in r) console.log(`| ${r.which} | ${r.side} px | ${r.error} | | | |`);
    else
      console.log(
        `| ${r.which} | ${r.side} px | ${s(r.coldMs)} | ${s(r.warmMs)} | ${s(r.warmCpuMs)} | ${r.peakRssMb} MB |`,
      );
  }
}

await main();
