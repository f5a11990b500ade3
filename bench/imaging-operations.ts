/**
 * The imaging bench's operations table: decode, resize, the JPEG, WebP and PNG encodes and blur, each timed in the
 * Worker's own WASM codecs and in sharp/libvips on the same picture in this process, with bytes and WASM memory.
 */
import sharp from 'sharp';
import { decode } from '../workers/api/src/imaging/codecs/decode';
import { encode, encodePng } from '../workers/api/src/imaging/codecs/encode';
import { blur, resize } from '../workers/api/src/imaging/codecs/pixels';
import type { Raster } from '../workers/api/src/imaging/codecs/raster';
import { wasmPeaks } from '../workers/api/src/imaging/codecs/wasm-memory';
import { readHeader } from '../workers/api/src/imaging/intake/sniff';
import { WEBP_OPTIONS } from '../workers/api/src/imaging/options';
import { kb, ms, ratio, time } from './measure';

const peakMb = () => Math.max(...Object.values(wasmPeaks())) / 1048576;

const raw = (r: Raster) =>
  sharp(Buffer.from(r.data.buffer, r.data.byteOffset, r.data.byteLength), {
    raw: { width: r.width, height: r.height, channels: 4 },
  });
async function sharpDecode(bytes: Uint8Array): Promise<Raster> {
  const { data, info } = await sharp(bytes).ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  return {
    data: new Uint8ClampedArray(data.buffer, data.byteOffset, data.byteLength),
    width: info.width,
    height: info.height,
  };
}
type VipsJpegOptions = NonNullable<Parameters<ReturnType<typeof sharp>['jpeg']>[0]>;
const vipsJpegWith = async (r: Raster, q: number, options: VipsJpegOptions) =>
  new Uint8Array(
    await raw(r)
      .flatten({ background: '#ffffff' })
      .jpeg({ ...options, quality: q })
      .toBuffer(),
  );
export const vipsJpeg = (r: Raster, q: number) => vipsJpegWith(r, q, {});
const vipsMozjpeg = (r: Raster, q: number) => vipsJpegWith(r, q, { mozjpeg: true });
/** One operation on one picture: the Worker's time and bytes against sharp's, and the WASM memory peak so far. */
export interface Row {
  image: string;
  op: string;
  wasm: number;
  native: number;
  wasmBytes?: number;
  nativeBytes?: number;
  peak: number;
}

/** Times each operation in WASM and in sharp on `bytes`, a row in `rows` for each; returns the decoded picture. */
export async function operations(name: string, bytes: Uint8Array, rows: Row[]) {
  const header = readHeader(bytes)!;
  const [src, tDec] = await time(() => decode(bytes, header));
  const [, tDecN] = await time(() => sharpDecode(bytes));
  rows.push({ image: name, op: `decode ${header.format}`, wasm: tDec, native: tDecN, peak: peakMb() });
  const w = Math.round(src.width / 2);
  const h = Math.round(src.height / 2);
  const [, tRes] = await time(() => resize(src, w, h));
  const [, tResN] = await time(() => raw(src).resize(w, h, { kernel: 'lanczos3', fit: 'fill' }).raw().toBuffer());
  rows.push({ image: name, op: 'resize 50% (Lanczos3)', wasm: tRes, native: tResN, peak: peakMb() });
  const [jpg, tJ] = await time(() => encode(src, 'jpeg', { quality: 75 }));
  // The same algorithm natively: sharp's prebuilt libvips links mozjpeg, and `mozjpeg: true` turns on what jSquash's
  // defaults use (trellis quantisation, optimised scans and Huffman tables, progressive, table 3, 4:2:0).
  const [jpgM, tJM] = await time(() => vipsMozjpeg(src, 75));
  rows.push({
    image: name,
    op: 'encode JPEG q75 (mozjpeg WASM vs mozjpeg native)',
    wasm: tJ,
    native: tJM,
    wasmBytes: jpg.length,
    nativeBytes: jpgM.length,
    peak: peakMb(),
  });
  const [jpgN, tJN] = await time(() => vipsJpeg(src, 75));
  rows.push({
    image: name,
    op: 'encode JPEG q75 (mozjpeg WASM vs libjpeg-turbo)',
    wasm: tJ,
    native: tJN,
    wasmBytes: jpg.length,
    nativeBytes: jpgN.length,
    peak: peakMb(),
  });
  const [webp, tW] = await time(() => encode(src, 'webp', { quality: 75 }));
  const [webpN, tWN] = await time(() => raw(src).webp({ quality: 75, effort: WEBP_OPTIONS.method }).toBuffer());
  rows.push({
    image: name,
    op: `encode WebP q75 method ${WEBP_OPTIONS.method} (libwebp both)`,
    wasm: tW,
    native: tWN,
    wasmBytes: webp.length,
    nativeBytes: webpN.length,
    peak: peakMb(),
  });
  const [png, tP] = await time(() => encodePng(src, true));
  const [pngN, tPN] = await time(() => raw(src).png().toBuffer());
  rows.push({
    image: name,
    op: 'encode PNG (+oxipng ≤ 1 MP)',
    wasm: tP,
    native: tPN,
    wasmBytes: png.length,
    nativeBytes: pngN.length,
    peak: peakMb(),
  });
  const [, tB] = await time(() => blur(src, 10));
  const [, tBN] = await time(() => raw(src).blur(10).raw().toBuffer());
  rows.push({ image: name, op: 'blur 10', wasm: tB, native: tBN, peak: peakMb() });
  return src;
}

/** The table of `operations`' rows, as Markdown lines. */
export function operationsTable(rows: Row[]): string[] {
  const lines = [
    '| image | operation | WASM time | sharp time | time ratio | WASM bytes | sharp bytes | bytes ratio | peak WASM memory (MB, any codec) |',
    '|---|---|---|---|---|---|---|---|---|',
  ];
  for (const r of rows) {
    const bytes =
      r.wasmBytes && r.nativeBytes
        ? `| ${kb(r.wasmBytes)} | ${kb(r.nativeBytes)} | ${ratio(r.wasmBytes, r.nativeBytes)}`
        : '| | |';
    lines.push(
      `| ${r.image} | ${r.op} | ${ms(r.wasm)} | ${ms(r.native)} | ${ratio(r.wasm, r.native)} ${bytes} | ${r.peak.toFixed(0)} |`,
    );
  }
  return lines;
}
