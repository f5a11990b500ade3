/**
 * `npm run bench:ai`: time and peak memory of each offline model on a 1024×1024 photo (astronaut.png from the
 * shared corpus, enlarged). Each model runs in its own child process so its peak RSS is its own; "cold" includes
 * loading the model, "warm" is a second run in the same process.
 */
import { spawn } from 'node:child_process';
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { cpus, loadavg } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import sharp from 'sharp';

const here = path.dirname(fileURLToPath(import.meta.url));
const root = path.resolve(here, '..');
const corpusPhoto = path.resolve(root, '../shared/corpus/photos/astronaut.png');
const MODELS = ['faces', 'people', 'upscale-2x', 'background'] as const;
type Model = (typeof MODELS)[number];

async function photo1024(): Promise<Buffer> {
  return sharp(await readFile(corpusPhoto)).resize(1024, 1024, { kernel: 'lanczos3' }).png().toBuffer();
}

async function runOne(model: Model) {
  const input = await photo1024();
  let once: () => Promise<unknown>;
  if (model === 'faces') {
    const { detectFaces } = await import('../local-ai/faces');
    once = () => detectFaces(input);
  } else if (model === 'people') {
    const { detectPeople } = await import('../local-ai/people');
    once = () => detectPeople(input);
  } else if (model === 'upscale-2x') {
    const { upscale } = await import('../local-ai/upscale');
    once = () => upscale(input, 2);
  } else {
    const entry = path.join(root, 'local-ai/background-removal/node_modules/@imgly/background-removal-node/dist/index.mjs');
    const { removeBackground } = (await import(entry)) as { removeBackground: (b: Blob, c: object) => Promise<Blob> };
    const publicPath = `file://${path.dirname(entry)}/`;
    once = () => removeBackground(new Blob([new Uint8Array(input)], { type: 'image/png' }), { publicPath, output: { format: 'image/png' } });
  }
  let t = performance.now();
  await once();
  const cold = performance.now() - t;
  t = performance.now();
  await once();
  const warm = performance.now() - t;
  // maxRSS is in kilobytes: the peak of this whole process (model, tensors, decoded images).
  console.log(JSON.stringify({ model, coldMs: Math.round(cold), warmMs: Math.round(warm), peakRssMb: Math.round(process.resourceUsage().maxRSS / 1024) }));
}

function child(model: Model): Promise<Record<string, unknown> | { model: Model; error: string }> {
  return new Promise((resolve) => {
    const proc = spawn(process.execPath, ['--import', 'tsx', fileURLToPath(import.meta.url), '--model', model], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip' },
    });
    let out = '';
    proc.stdout.on('data', (c: Buffer) => (out += c.toString()));
    proc.on('exit', (code) => {
      const line = out.trim().split('\n').reverse().find((l) => l.startsWith('{'));
      resolve(line ? JSON.parse(line) : { model, error: `exited with ${code}` });
    });
  });
}

async function main() {
  const at = process.argv.indexOf('--model');
  if (at > 0) return runOne(process.argv[at + 1] as Model);
  if (!existsSync(corpusPhoto)) {
    console.log(`skipped: the shared corpus photo is missing (${corpusPhoto})`);
    return;
  }
  const rows = [];
  for (const model of MODELS) {
    if (model === 'background' && !existsSync(path.join(root, 'local-ai/background-removal/node_modules'))) {
      rows.push({ model, error: 'not installed (npm start installs it)' });
      continue;
    }
    console.error(`running ${model}…`);
    rows.push(await child(model));
  }
  // Timings scale with how busy the machine is: print the context with the table.
  console.log(`\n${cpus().length} CPUs, load average ${loadavg().map((l) => l.toFixed(1)).join(' ')} (1, 5, 15 min)`);
  console.log('\n| model (1024×1024 photo) | cold (load + run) | warm | peak RSS |\n|---|---|---|---|');
  for (const r of rows) {
    if ('error' in r) console.log(`| ${r.model} | ${r.error} | | |`);
    else console.log(`| ${r.model} | ${((r.coldMs as number) / 1000).toFixed(2)} s | ${((r.warmMs as number) / 1000).toFixed(2)} s | ${r.peakRssMb} MB |`);
  }
}

await main();
