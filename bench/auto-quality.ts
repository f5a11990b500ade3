/**
 * `quality=auto` against libvips, judged by libjxl's `ssimulacra_main` (and Debian's `butteraugli`), tools nobody
 * here wrote (part of `npm run bench:imaging`). Per photo: auto's file (format=auto, in this process, the same code
 * as the Worker) against the smallest libvips JPEG, at its default settings, whose SSIMULACRA is at least as good;
 * the time of auto against a fixed-quality compress of the same photo.
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import sharp from 'sharp';
import { compressAuto } from '../workers/api/src/imaging/ops/compress/auto';
import { decode } from '../workers/api/src/imaging/codecs/decode';
import { encode } from '../workers/api/src/imaging/codecs/encode';
import { embedProfile, readProfile } from '../workers/api/src/imaging/metadata/icc';
import { AUTO_TARGET_SCORE } from '../workers/api/src/imaging/options';
import { readHeader } from '../workers/api/src/imaging/intake/sniff';

const run = promisify(execFile);

/** The outside judges on two files (any format sharp reads), both turned into plain PNGs first. */
export async function outsideScores(original: Uint8Array, candidate: Uint8Array, butteraugli = false): Promise<{ ssimulacra: number; butteraugli?: number }> {
  const dir = await mkdtemp(join(tmpdir(), 'memeforge-bench-'));
  try {
    const a = join(dir, 'a.png');
    const b = join(dir, 'b.png');
    await writeFile(a, await sharp(original).rotate().png({ compressionLevel: 1 }).toBuffer());
    await writeFile(b, await sharp(candidate).rotate().png({ compressionLevel: 1 }).toBuffer());
    const ssimulacra = Number((await run('ssimulacra_main', [a, b])).stdout.trim());
    return butteraugli ? { ssimulacra, butteraugli: Number((await run('butteraugli', [a, b])).stdout.trim()) } : { ssimulacra };
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const vipsJpeg = async (original: Uint8Array, quality: number) => new Uint8Array(await sharp(original).rotate().flatten({ background: '#ffffff' }).jpeg({ quality }).toBuffer());

/**
 * The smallest libvips JPEG (default settings) whose SSIMULACRA is at most `score`: bisection over quality, then the
 * qualities just below the one found (the score is not strictly monotone in quality).
 */
async function smallestVipsJpegAtMost(original: Uint8Array, score: number): Promise<{ bytes: number; quality: number; ssimulacra: number } | null> {
  let lo = 10;
  let hi = 100;
  let best: { bytes: number; quality: number; ssimulacra: number } | null = null;
  while (lo <= hi) {
    const q = Math.floor((lo + hi) / 2);
    const out = await vipsJpeg(original, q);
    const s = (await outsideScores(original, out)).ssimulacra;
    if (s <= score) {
      best = { bytes: out.length, quality: q, ssimulacra: s };
      hi = q - 1;
    } else lo = q + 1;
  }
  for (let q = (best?.quality ?? 101) - 1; best && q >= best.quality - 3; q--) {
    const out = await vipsJpeg(original, q);
    const s = (await outsideScores(original, out)).ssimulacra;
    if (s <= score && out.length < best.bytes) best = { bytes: out.length, quality: q, ssimulacra: s };
  }
  return best;
}

async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, performance.now() - t];
}

const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;

export async function autoQualityRows(inputs: [string, Uint8Array][]): Promise<string[]> {
  const lines: string[] = [];
  const ratios: number[] = [];
  const times: number[] = [];
  for (const [name, file] of inputs) {
    const header = readHeader(file)!;
    // The fixed-quality peer: decode and one JPEG q80 encode, what a compress call at quality 80 does.
    const [, fixed] = await time(async () => encode(await decode(file, header), 'jpeg', { quality: 80 }));
    const [auto, tAuto] = await time(async () => compressAuto(await decode(file, header), ['jpeg', 'webp']));
    // As the engine does: the photo's own colour profile goes with the pixels (icc.ts).
    const profile = readProfile(file, header.format);
    const bytes = profile ? embedProfile(auto.bytes, auto.format, profile, (await decode(auto.bytes, readHeader(auto.bytes)!))) : auto.bytes;
    const ours = await outsideScores(file, bytes, true);
    const q75 = await vipsJpeg(file, 75);
    const peerQ75 = await outsideScores(file, q75, true);
    const peer = await smallestVipsJpegAtMost(file, ours.ssimulacra);
    const r = peer ? bytes.length / peer.bytes : NaN;
    if (peer) ratios.push(r);
    times.push(tAuto / fixed);
    lines.push(
      `| ${name} | ${kb(file.length)} | ${auto.format} q${auto.quality} ${kb(bytes.length)} | ${auto.score?.toFixed(4)} | ${ours.ssimulacra.toFixed(4)} / ${ours.butteraugli?.toFixed(2)} | ${kb(q75.length)}: ${peerQ75.ssimulacra.toFixed(4)} / ${peerQ75.butteraugli?.toFixed(2)} | ${peer ? `q${peer.quality} ${kb(peer.bytes)} (${peer.ssimulacra.toFixed(4)})` : 'none'} | **${r.toFixed(3)}×** | ${tAuto.toFixed(0)} ms / ${fixed.toFixed(0)} ms = ${(tAuto / fixed).toFixed(1)}× | ${auto.search?.encodes} |`,
    );
  }
  const geomean = Math.exp(ratios.reduce((a, b) => a + Math.log(b), 0) / ratios.length);
  return [
    `| photo | input | auto (format=auto, target ${AUTO_TARGET_SCORE}) | our judge | SSIMULACRA / butteraugli of auto | libvips q75: SSIMULACRA / butteraugli | smallest libvips JPEG at least as good | auto ÷ that | auto time / fixed q80 time | probes |`,
    '|---|---|---|---|---|---|---|---|---|---|',
    ...lines,
    `| **all** | | | | | | | geometric mean **${geomean.toFixed(3)}×**, worst ${Math.max(...ratios).toFixed(3)}× | median ${[...times].sort((a, b) => a - b)[Math.floor(times.length / 2)]!.toFixed(1)}× | |`,
  ];
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
    return (await res.json()) as { size: number; format: string; quality?: number; score?: number; engine?: string; notes: string[] };
  };
  const median3 = async <T>(fn: () => Promise<T>): Promise<[T, number]> => {
    await fn();
    const runs: [T, number][] = [];
    for (let i = 0; i < 3; i++) runs.push(await time(fn));
    runs.sort((a, b) => a[1] - b[1]);
    return runs[1]!;
  };
  const lines = ['| photo | engine | auto: answer, score | auto time | quality 80 JPEG time | ratio |', '|---|---|---|---|---|---|'];
  const ratios: number[] = [];
  for (const [name, bytes] of inputs) {
    const [auto, tAuto] = await median3(() => post(name, bytes, { quality: 'auto', format: 'auto' }));
    const [, tFixed] = await median3(() => post(name, bytes, { quality: '80', format: 'jpeg' }));
    ratios.push(tAuto / tFixed);
    lines.push(`| ${name} | ${auto.engine} | ${auto.format} q${auto.quality} ${kb(auto.size)}, ${auto.score?.toFixed(4)} | ${tAuto.toFixed(0)} ms | ${tFixed.toFixed(0)} ms | **${(tAuto / tFixed).toFixed(1)}×** |`);
  }
  lines.push(`| **median** | | | | | **${[...ratios].sort((a, b) => a - b)[Math.floor(ratios.length / 2)]!.toFixed(1)}×** |`);
  return lines;
}
