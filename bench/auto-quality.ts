/**
 * `quality=auto`, `format=auto` against libvips, judged by libjxl's `ssimulacra_main` (and Debian's `butteraugli`),
 * tools nobody here wrote (part of `npm run bench:imaging`; run alone, the held-out camera photos:
 * `npx tsx --import ./bench/register.mjs bench/auto-quality.ts`). Per photo: auto's file (the engine in this process,
 * the same code as the Worker, AVIF made by the offline image service) against libvips' JPEG q75 and the smallest
 * libvips JPEG at its default settings whose SSIMULACRA is at least as good; the time of auto against a fixed-quality
 * compress of the same photo: the same format at the quality auto chose (the call a person who knew the answer would
 * make), and a quality-80 JPEG. ADR 0135, 0140.
 */
import { readFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import sharp from 'sharp';
import { handle } from '../local-images/server';
import { decode } from '../workers/api/src/imaging/codecs/decode';
import { encode } from '../workers/api/src/imaging/codecs/encode';
import { intake, run as runEngine, type EngineServices } from '../workers/api/src/imaging/engine';
import { readHeader } from '../workers/api/src/imaging/intake/sniff';
import { REFERENCE_JPEG } from '../workers/api/src/imaging/ops/compress/anchor';
import { judgeFor } from '../workers/api/src/imaging/ops/compress/judge/judge';
import { localImageService } from '../workers/api/src/imaging/service/local';
import { HELD_OUT, STILLS, TUNED_ON } from './auto-quality-photos';
import { outsideScores, smallestVipsJpegAtMost, vipsJpeg } from './outside-judges';

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, performance.now() - t];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

const geomean = (xs: number[]) => Math.exp(xs.reduce((a, b) => a + Math.log(b), 0) / xs.length);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

/**
 * The engine as the Worker runs it (engine.ts `run`, the same paths and budgets), with the offline image service
 * (local-images/, libvips) called in this process: AVIF is made there, as the binding makes it in production.
 */
const services = {
  images: localImageService({
    fetcher: { fetch: (input, init) => handle(new Request(input, init)) },
    url: 'http://local-images',
  }),
  ai: undefined as never,
} satisfies EngineServices;

async function compressCall(file: Uint8Array, fields: Record<string, string | number | undefined>) {
  const result = await runEngine(
    'compress',
    await intake(file),
    { operation: 'compress', format: 'original', quality: 80, ...fields } as never,
    services,
  );
  if ('stream' in result) throw new Error('compress answered a stream');
  return result;
}

/** A photo, and where it is made web-ready in the same call, the `maxSide` asked (ADR 0168). */
type Input = [string, Uint8Array, { maxSide: number }?];

/**
 * Per photo: `quality=auto`, `format=auto` (every format accepted, as a browser that shows AVIF sends) through the
 * engine, its file judged by libjxl's `ssimulacra_main` against libvips' default JPEG q75 of the photo (the anchor,
 * ADR 0135) and against the smallest libvips JPEG (default settings, quality searched) that is as faithful; the time
 * of auto against two fixed-quality calls of the same photo through the same engine: the format and quality auto
 * chose (AVIF is the image service's encode either way), and a quality-80 JPEG (the ratios, not the times, are what
 * hold on a loaded machine).
 */
export async function autoQualityRows(inputs: Input[], accept = 'avif,webp,jpeg,png'): Promise<string[]> {
  const lines: string[] = [];
  const ratios: number[] = [];
  const times: number[] = [];
  const sameTimes: number[] = [];
  const byFormat = new Map<string, number[]>();
  let faithful = 0;
  await compressCall(inputs[0]![1], { quality: 80, format: 'jpeg' }); // warm the codecs
  for (const [name, input, fit] of inputs) {
    // Made web-ready (`maxSide`): judged against the photo scaled down losslessly by libvips, as the service does.
    const maxSide = fit?.maxSide;
    const file = fit
      ? new Uint8Array(
          await sharp(input)
            .rotate()
            .resize(maxSide, maxSide, { fit: 'inside' })
            .png({ compressionLevel: 1 })
            .toBuffer(),
        )
      : input;
    const [, fixed] = await time(() => compressCall(input, { quality: 80, format: 'jpeg', maxSide }));
    const [auto, tAuto] = await time(() => compressCall(input, { quality: 'auto', format: 'auto', accept, maxSide }));
    const [, same] = await time(() =>
      compressCall(input, { quality: auto.quality ?? 80, format: auto.format, maxSide }),
    );
    const ours = await outsideScores(file, auto.bytes, true);
    const q75 = await vipsJpeg(file, 75);
    const peerQ75 = await outsideScores(file, q75, true);
    const peer = await smallestVipsJpegAtMost(file, ours.ssimulacra);
    const r = peer ? auto.bytes.length / peer.bytes : NaN;
    if (peer) {
      ratios.push(r);
      byFormat.set(auto.format, [...(byFormat.get(auto.format) ?? []), r]);
    }
    if (ours.ssimulacra <= peerQ75.ssimulacra) faithful++;
    times.push(tAuto / fixed);
    sameTimes.push(tAuto / same);
    lines.push(
      `| ${name} | ${kb(input.length)} | ${auto.format} q${auto.quality ?? '–'} ${kb(auto.bytes.length)} (${auto.engine}) | ${auto.score?.toFixed(4)} | **${ours.ssimulacra.toFixed(4)}** / ${ours.butteraugli?.toFixed(2)} | ${kb(q75.length)}: **${peerQ75.ssimulacra.toFixed(4)}** / ${peerQ75.butteraugli?.toFixed(2)} | ${peer ? `q${peer.quality} ${kb(peer.bytes)} (${peer.ssimulacra.toFixed(4)})` : 'none'} | **${r.toFixed(3)}×** | **${(tAuto / same).toFixed(1)}×** | ${(tAuto / fixed).toFixed(1)}× | ${auto.formatReason ?? ''} |`,
    );
  }
  const formats = [...byFormat].map(([f, rs]) => `${f} ${rs.length}× (${geomean(rs).toFixed(3)}×)`).join(', ');
  return [
    `| photo | input | auto (format=auto, accept ${accept}) | our judge | SSIMULACRA / butteraugli of auto | libvips q75: SSIMULACRA / butteraugli | smallest libvips JPEG at least as good | auto ÷ that | auto time ÷ the same format and quality in one call | auto time ÷ fixed q80 JPEG | why |`,
    '|---|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    `| **all ${inputs.length}** | | ${formats} | | at least as faithful as libvips q75: **${faithful} of ${inputs.length}** | | | geometric mean **${geomean(ratios).toFixed(3)}×**, worst ${Math.max(...ratios).toFixed(3)}× | median **${median(sameTimes).toFixed(1)}×**, worst ${Math.max(...sameTimes).toFixed(1)}× | median ${median(times).toFixed(1)}×, worst ${Math.max(...times).toFixed(1)}× | |`,
  ];
}

/**
 * The anchor's reference against the real thing: libvips' own JPEG q75 of each photo and ours (mozjpeg set as libvips
 * is, anchor.ts), both scored by `ssimulacra_main` and by our judge.
 */
export async function anchorRows(inputs: [string, Uint8Array][]): Promise<string[]> {
  const lines = [
    '| photo | libvips q75: ssimulacra_main | ours as libvips: ssimulacra_main | our judge on each |',
    '|---|---|---|---|',
  ];
  for (const [name, file] of inputs) {
    const source = await decode(file, readHeader(file)!);
    const original = await encode(source, 'png', { quality: 100, optimise: false });
    const theirs = await vipsJpeg(original, 75);
    const ours = await encode(source, 'jpeg', REFERENCE_JPEG);
    const judge = judgeFor(source);
    const score = async (b: Uint8Array) => judge(await decode(b, readHeader(b)!));
    lines.push(
      `| ${name} | ${(await outsideScores(original, theirs)).ssimulacra.toFixed(4)} | ${(await outsideScores(original, ours)).ssimulacra.toFixed(4)} | ${(await score(theirs)).toFixed(4)} / ${(await score(ours)).toFixed(4)} |`,
    );
  }
  return lines;
}

/**
 * Auto's figures by photo size, printed apart (issue 40): 0.3 MP (the held-out camera photos, AVIF possible and judged
 * whole), over 0.4 MP but within 1,200 px a side (where production could make AVIF; phone photos made web-ready are
 * this size), and 3–12 MP (phone photos as taken). Each against libvips in the same run (autoQualityRows).
 */
export async function autoBySize(corpus: string, fixtures: string, phone: Uint8Array): Promise<string[]> {
  const read = async (path: string) => new Uint8Array(await readFile(path));
  const fit1200 = async (bytes: Uint8Array) =>
    new Uint8Array(await sharp(bytes).resize(1200, 1200, { fit: 'inside' }).jpeg({ quality: 92 }).toBuffer());
  const still = (n: string) => read(resolve(fixtures, `memegen-templates/${n}/default.jpg`));
  const groups: [string, Input[]][] = [
    [
      '0.3 MP (640 × 480 camera photos, held out)',
      await Promise.all(
        HELD_OUT.slice(0, 3).map(
          async (p) => [p.split('/').pop()!, await read(resolve(corpus, p))] as [string, Uint8Array],
        ),
      ),
    ],
    [
      'over 0.4 MP, within 1,200 px a side',
      [
        ['hubble_deep_field.jpg (1000 × 872)', await read(resolve(corpus, 'photos/hubble_deep_field.jpg'))],
        ['harold 1200 × 800 (from 3.6 MP)', await fit1200(await still('harold'))],
        ['generated phone photo 1200 × 801 (from 12 MP)', await fit1200(phone)],
        // Held out: stock photos of this size the tuning never saw (memegen fixtures).
        ['db (1200 × 800, a quality-80 JPEG)', await still('db')],
        ['handshake (900 × 645, a quality-75 JPEG)', await still('handshake')],
      ],
    ],
    [
      'made web-ready in the same call (maxSide=1200, ADR 0168), from 3–12 MP',
      [
        ['harold (3.6 MP → 1200 × 800)', await still('harold'), { maxSide: 1200 }],
        ['spiderman (11.7 MP → 1200 × 859)', await still('spiderman'), { maxSide: 1200 }],
        ['generated phone photo (12 MP → 1200 × 801)', phone, { maxSide: 1200 }],
      ],
    ],
    [
      '3–12 MP',
      [
        ['harold (2319 × 1546, 3.6 MP)', await still('harold')],
        ['spiderman (4044 × 2894, 11.7 MP)', await still('spiderman')],
        ['generated phone photo (12 MP)', phone],
      ],
    ],
  ];
  const lines: string[] = [];
  for (const [title, inputs] of groups)
    lines.push(`\n#### quality=auto, format=auto: ${title}\n`, ...(await autoQualityRows(inputs)));
  return lines;
}

/**
 * `-- --api URL` / `--api-large URL`: `POST /api/optimize` with quality=auto, format=auto against the same call at
 * quality 80, format jpeg, on the same photo through a running stack (upload, engine, R2): the time a person waits.
 * Each call once to warm the isolate, then the median of three.
 */
export async function autoApiRows(base: string, inputs: [string, Uint8Array][]): Promise<string[]> {
  const post = async (name: string, bytes: Uint8Array, fields: Record<string, string>) => {
    const form = new FormData();
    form.set('image', new Blob([new Uint8Array(bytes)]), name.replace(/ /g, '-'));
    form.set('operation', 'compress');
    for (const [k, v] of Object.entries(fields)) form.set(k, v);
    const res = await fetch(`${base}/api/optimize`, { method: 'POST', body: form });
    if (!res.ok) throw new Error(`${name}: ${res.status} ${await res.text()}`);
    return (await res.json()) as {
      size: number;
      format: string;
      quality?: number;
      score?: number;
      engine?: string;
      notes: string[];
    };
  };
  const median3 = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    await fn();
    const runs: [T, number][] = [];
    for (let i = 0; i < 3; i++) runs.push(await time(fn));
    runs.sort((a, b) => a[1] - b[1]);
    return runs[1]!;
  };
  const lines = [
    '| photo | engine | auto: answer, score | auto time | quality 80 JPEG time | ratio |',
    '|---|---|---|---|---|---|',
  ];
  const ratios: number[] = [];
  for (const [name, bytes] of inputs) {
    const [auto, tAuto] = await median3(() => post(name, bytes, { quality: 'auto', format: 'auto' }));
    const [, tFixed] = await median3(() => post(name, bytes, { quality: '80', format: 'jpeg' }));
    ratios.push(tAuto / tFixed);
    lines.push(
      `| ${name} | ${auto.engine} | ${auto.format} q${auto.quality} ${kb(auto.size)}, ${auto.score?.toFixed(4)} | ${tAuto.toFixed(0)} ms | ${tFixed.toFixed(0)} ms | **${(tAuto / tFixed).toFixed(1)}×** |`,
    );
  }
  lines.push(
    `| **median** | | | | | **${[...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!.toFixed(1)}×** |`,
  );
  return lines;
}

/** Run alone: the held-out photos, every format accepted and without AVIF, the anchor's check, the stills, and the tuning photos. */
if (process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const corpus = resolve(import.meta.dirname, '../../shared/corpus');
  const read = async (paths: string[], root = corpus) =>
    Promise.all(
      paths.map(
        async (p) => [p.split('/').pop()!, new Uint8Array(await readFile(resolve(root, p)))] as [string, Uint8Array],
      ),
    );
  const inputs = await read(HELD_OUT);
  console.log('\n### The anchor: libvips JPEG q75 against ours set as libvips (anchor.ts)\n');
  for (const line of await anchorRows(inputs)) console.log(line);
  console.log('\n### format=auto, quality=auto on held-out camera photos, every format accepted\n');
  for (const line of await autoQualityRows(inputs)) console.log(line);
  console.log('\n### The same without AVIF (accept=webp,jpeg,png)\n');
  for (const line of await autoQualityRows(inputs, 'webp,jpeg,png')) console.log(line);
  console.log('\n### Film stills and stock photos (memegen template fixtures, held out), every format accepted\n');
  const stills = await read(STILLS, resolve(import.meta.dirname, '../../shared/fixtures'));
  for (const line of await autoQualityRows(stills.map(([, bytes], i) => [STILLS[i]!.split('/')[1]!, bytes])))
    console.log(line);
  console.log('\n### The corpus photos the settings were tuned on, every format accepted (not held out)\n');
  for (const line of await autoQualityRows(await read(TUNED_ON))) console.log(line);
}
