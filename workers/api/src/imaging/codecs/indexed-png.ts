import { concatBytes } from '../../../../../core/bytes';
import { ihdr, PNG_SIGNATURE, pngChunk, unfilteredRows } from './plain-png';

/**
 * An indexed PNG (colour type 3, 8 bits): the palette (PLTE, and tRNS where a colour is see-through) and one byte a
 * pixel, rows unfiltered (PNG's filters predict sample values; neighbouring palette indices are not near in value,
 * and the PNG specification advises no filter for palette images). Deflated by the runtime's own CompressionStream (zlib, native in workerd and Node:
 * a 2 MP screenshot in tens of milliseconds, where a JavaScript deflate held the thread for a slice and more).
 * https://developers.cloudflare.com/workers/runtime-apis/web-standards/#compression-streams
 */
export async function indexedPng(
  index: Uint8Array,
  palette: Uint32Array,
  width: number,
  height: number,
): Promise<Uint8Array> {
  if (index.length !== width * height || palette.length === 0 || palette.length > 256)
    throw new Error('an indexed PNG needs one index a pixel and 1–256 colours');
  const plte = new Uint8Array(palette.length * 3);
  const alpha = new Uint8Array(palette.length);
  let lastSeeThrough = -1;
  palette.forEach((p, i) => {
    plte.set([p & 0xff, (p >>> 8) & 0xff, (p >>> 16) & 0xff], i * 3);
    alpha[i] = p >>> 24;
    if (alpha[i]! < 255) lastSeeThrough = i;
  });
  const raw = unfilteredRows(index, width, height);
  const deflated = new Uint8Array(
    await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer(),
  );
  return concatBytes([
    new Uint8Array(PNG_SIGNATURE),
    pngChunk('IHDR', ihdr(width, height, 3)),
    pngChunk('PLTE', plte),
    ...(lastSeeThrough >= 0 ? [pngChunk('tRNS', alpha.subarray(0, lastSeeThrough + 1))] : []),
    pngChunk('IDAT', deflated),
    pngChunk('IEND', new Uint8Array()),
  ]);
}
