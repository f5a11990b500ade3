/**
 * `npm run bench:imaging` (on demand, not part of npm test): the Worker's imaging code (WASM) against sharp/libvips in
 * the same Node process, on the corpus photos plus a generated 12 MP photo. Prints Markdown tables for docs/benchmarks.md.
 */
import { existsSync } from 'node:fs';
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import sharp from 'sharp';
import { decode } from '../workers/api/src/imaging/codecs/decode';
import { encode } from '../workers/api/src/imaging/codecs/encode';
import { wasmMemory, wasmPeaks } from '../workers/api/src/imaging/codecs/wasm-memory';
import { readHeader } from '../workers/api/src/imaging/intake/sniff';
import { compressAuto } from '../workers/api/src/imaging/ops/compress/auto-whole';
import { compressPng, SearchBudget } from '../workers/api/src/imaging/ops/compress/choices';
import { AUTO_BUDGET_UNITS, PALETTE_MAX_SCORE, WEBP_OPTIONS } from '../workers/api/src/imaging/options';
import { syntheticPhoto } from '../workers/api/test/support/synthetic';
import { autoApiRows, autoBySize } from './auto-quality';
import { operations, operationsTable, type Row, vipsJpeg } from './imaging-operations';
import { kb, ms, ratio, time } from './measure';
import { outsideScores } from './outside-judges';

const corpus = resolve(import.meta.dirname, '../../shared/corpus');
const fixtures = resolve(import.meta.dirname, '../../shared/fixtures');
const PHOTOS = [
  'photos/rocket.jpg',
  'photos/hubble_deep_field.jpg',
  'photos/astronaut.png',
  'photos/chelsea.png',
  'photos/coffee.png',
  'photos/motorcycle_left.png',
];

const perCodecMb = (m: Record<string, number>) =>
  JSON.stringify(Object.fromEntries(Object.entries(m).map(([k, v]) => [k, Math.round(v / 1048576)])));

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? 0;

/**
 * `-- --api http://127.0.0.1:8811`: `POST /api/optimize` (compress, quality 80) end to end against a running local
 * stack (`npm start`), against sharp decoding and encoding the same bytes to the same format in this process. Each
 * call is made once to warm the isolate, then timed three times; medians are printed.
 */
async function apiRows(
  base: string,
  inputs: [string, Uint8Array][],
  peer: 'mozjpeg' | 'libvips' = 'mozjpeg',
): Promise<string[]> {
  const lines: string[] = [];
  for (const [name, bytes] of inputs) {
    for (const format of ['jpeg', 'webp'] as const) {
      const post = async () => {
        const form = new FormData();
        form.set('image', new Blob([new Uint8Array(bytes)]), name.replace(/ /g, '-'));
        form.set('operation', 'compress');
        form.set('quality', '80');
        form.set('format', format);
        const res = await fetch(`${base}/api/optimize`, { method: 'POST', body: form });
        if (!res.ok) throw new Error(`${name} ${format}: ${res.status} ${await res.text()}`);
        return (await res.json()) as { size: number; engine?: string };
      };
      const native = () => {
        const img = sharp(bytes).rotate().flatten({ background: '#ffffff' });
        // `libvips`: the settings the offline image service writes large pictures with (local-images/run-job.ts).
        const jpeg =
          peer === 'mozjpeg'
            ? { quality: 80, mozjpeg: true }
            : { quality: 80, chromaSubsampling: '4:2:0', progressive: true };
        return (format === 'jpeg' ? img.jpeg(jpeg) : img.webp({ quality: 80, effort: WEBP_OPTIONS.method })).toBuffer();
      };
      await post();
      await native();
      const api: number[] = [];
      const local: number[] = [];
      let answer: { size: number; engine?: string } = { size: 0 };
      let nativeSize = 0;
      for (let i = 0; i < 3; i++) {
        const [a, t] = await time(post);
        api.push(t);
        answer = a;
        const [n, tn] = await time(native);
        local.push(tn);
        nativeSize = n.length;
      }
      lines.push(
        `| ${name} | ${format} | ${answer.engine ?? ''} | ${ms(median(api))} | ${ms(median(local))} | ${ratio(median(api), median(local))} | ${kb(answer.size)} | ${kb(nativeSize)} |`,
      );
    }
  }
  return lines;
}

/**
 * `-- --auto-budget` (this section alone, about 15 s; `--unbounded` adds the search without its budget, ~30 s more):
 * the worst `quality=auto` case we could build (faint noise at 4400 × 380, where no setting is ever faithful; see
 * imaging-auto-budget.test.ts) against a fixed quality-80 WebP encode of the same picture.
 */
async function autoBudgetRows(): Promise<string[]> {
  const src = syntheticPhoto(4400, 380, 1, 3);
  await encode(syntheticPhoto(64, 48), 'webp', { quality: 80 });
  await encode(syntheticPhoto(64, 48), 'jpeg', { quality: 80 });
  const [, fixed] = await time(() => encode(src, 'webp', { quality: 80 }));
  const lines = [`| fixed WebP q80 | ${ms(fixed)} | 1.00× | 1 | |`];
  const budgets: [string, () => SearchBudget][] = [[`budget ${AUTO_BUDGET_UNITS} units`, () => SearchBudget.for(src)]];
  if (process.argv.includes('--unbounded')) budgets.push(['unbounded', () => new SearchBudget(Infinity, Infinity)]);
  for (const format of ['webp', 'original'] as const) {
    for (const [label, budget] of budgets) {
      const [r, t] = await time(() => compressAuto(src, format === 'webp' ? ['webp'] : ['jpeg', 'webp'], budget()));
      lines.push(
        `| auto, ${format}, ${label} | ${ms(t)} | ${ratio(t, fixed)} | ${r.search?.encodes} | ${r.format} q${r.quality}, score ${r.score?.toFixed(4)}${r.search?.budgetSpent ? ', stopped at its budget' : ''} |`,
      );
    }
  }
  return lines;
}

async function main() {
  if (process.argv.includes('--auto-budget')) {
    console.log('\n### quality=auto, worst case (4400×380 faint noise, 1.67 MP) against a fixed-quality encode\n');
    console.log('| run | time | × fixed encode | encodes | answer |\n|---|---|---|---|---|');
    for (const line of await autoBudgetRows()) console.log(line);
    return;
  }
  if (process.argv.includes('--auto-sizes')) {
    // Auto's figures by photo size alone (the section the full run prints too), a few minutes on two cores.
    for (const line of await autoBySize(
      corpus,
      fixtures,
      new Uint8Array(await vipsJpeg(syntheticPhoto(4240, 2832), 92)),
    ))
      console.log(line);
    return;
  }
  const largeAt = process.argv.indexOf('--api-large');
  if (largeAt > 0) {
    // The goal for phone photos: a 12 MP phone photo compressed at q80 through the whole stack (upload, engine, image
    // service, R2) against sharp doing the same encode in this process; goal ≤ 3×.
    const base = process.argv[largeAt + 1] ?? 'http://127.0.0.1:8788';
    const photo = new Uint8Array(await vipsJpeg(syntheticPhoto(4000, 3000, 11), 92));
    console.log(
      `\n### 12 MP photo (${kb(photo.length)}): compress q80 through ${base}/api/optimize vs sharp in-process, same format and quality\n`,
    );
    console.log(
      '| image | format | engine | API time (median of 3) | sharp time | ratio | API bytes | sharp bytes |\n|---|---|---|---|---|---|---|---|',
    );
    for (const line of await apiRows(base, [['12 MP photo', photo]], 'libvips')) console.log(line);
    console.log(
      `\n### 12 MP photo: quality=auto, format=auto against quality 80 JPEG, both through ${base}/api/optimize\n`,
    );
    for (const line of await autoApiRows(base, [['12 MP photo', photo]])) console.log(line);
    return;
  }
  if (!existsSync(corpus)) throw new Error(`The corpus folder is absent: ${corpus}`);
  const rows: Row[] = [];
  const inputs: [string, Uint8Array][] = [];
  for (const p of PHOTOS) inputs.push([p.split('/')[1] ?? p, new Uint8Array(await readFile(resolve(corpus, p)))]);
  const big = syntheticPhoto(4240, 2832);
  inputs.push(['generated 12 MP', new Uint8Array(await vipsJpeg(big, 92))]);

  // Warm both sides (WASM instantiation and JIT, libvips' first-use set-up) on a small picture, so that the first
  // row measures the codec and not its start-up; these rows are not printed.
  const warm = syntheticPhoto(64, 48);
  await operations('warm-up', new Uint8Array(await vipsJpeg(warm, 90)), []);
  for (const [name, bytes] of inputs) await operations(name, bytes, rows);
  // quality=auto by photo size: 0.3 MP, within 1,200 px, 3–12 MP (the large ones through the offline image service).
  const autoRows = await autoBySize(corpus, fixtures, inputs.find(([name]) => name.includes('12 MP'))![1]);

  // A UI screenshot: flat colours and text, the case lossless PNG optimisation is for.
  const svg = `<svg xmlns="http://www.w3.org/2000/svg" width="1280" height="800"><rect width="1280" height="800" fill="#f4f4f5"/><rect width="1280" height="64" fill="#4f46e5"/>${Array.from({ length: 14 }, (_, i) => `<rect x="40" y="${100 + i * 48}" width="${600 + (i % 5) * 90}" height="32" rx="6" fill="${i % 2 ? '#ffffff' : '#e4e4e7'}"/><text x="56" y="${122 + i * 48}" font-family="sans-serif" font-size="16" fill="#18181b">Row ${i + 1}: settings, labels and buttons</text>`).join('')}</svg>`;
  const shot = new Uint8Array(await sharp(Buffer.from(svg)).png().toBuffer());
  const shotRaster = await decode(shot, readHeader(shot)!);
  const [shotResult, tShot] = await time(() => compressPng(shotRaster, 80));
  const shotOurs = shotResult.bytes;
  const shotScore = (await outsideScores(shot, shotOurs)).ssimulacra;

  console.log('\n### Operations: WASM (this Worker) vs sharp/libvips, same process\n');
  for (const line of operationsTable(rows)) console.log(line);
  console.log(
    '\n### quality=auto judged by libjxl ssimulacra_main and butteraugli (lower is better for both), by photo size (`-- --auto-sizes`: this alone)',
  );
  for (const line of autoRows) console.log(line);
  console.log(
    `\n### PNG screenshot (1280×800): lossless png + oxipng, palette reduction kept only if our judge scores it ≤ ${PALETTE_MAX_SCORE}\n`,
  );
  console.log(
    `| input (libvips PNG) | ours (compress quality 80, format png) | saved | SSIMULACRA (libjxl) | time |\n|---|---|---|---|---|\n| ${kb(shot.length)} | ${kb(shotOurs.length)} | ${((1 - shotOurs.length / shot.length) * 100).toFixed(0)}% | ${shotScore.toFixed(4)} | ${ms(tShot)} |`,
  );
  const apiAt = process.argv.indexOf('--api');
  if (apiAt > 0) {
    const base = process.argv[apiAt + 1] ?? 'http://127.0.0.1:8788';
    console.log(`\n### API compress end to end (${base}/api/optimize, quality 80) vs sharp in-process, same format\n`);
    console.log(
      '| image | format | engine | API time (median of 3) | sharp time | ratio | API bytes | sharp bytes |\n|---|---|---|---|---|---|---|---|',
    );
    for (const line of await apiRows(base, inputs)) console.log(line);
    console.log(`\n### quality=auto, format=auto against quality 80 JPEG, both through ${base}/api/optimize\n`);
    for (const line of await autoApiRows(
      base,
      inputs.filter(([name]) => !name.includes('12 MP')),
    ))
      console.log(line);
  }
  console.log(
    '\nPeak WASM memory per codec (MB; the 12 MP rows are the bench calling codecs beyond the budgets the API enforces):',
    perCodecMb(wasmPeaks()),
  );
  console.log('WASM memory retained by live codec instances at the end (MB):', perCodecMb(wasmMemory()));
}

await main();
