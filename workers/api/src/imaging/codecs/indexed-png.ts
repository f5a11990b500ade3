import { concatBytes } from '../../../../../core/bytes';
import { pngChunk } from './plain-png';

/**
 * An indexed PNG (colour type 3, 8 bits): the palette (PLTE, and tRNS where a colour is see-through) and one byte a
 * pixel, rows unfiltered (filters rarely help a palette picture: on the screenshots measured for ADR 0164 the `up`
 * filter made files 12–20% larger). Deflated by the runtime's own CompressionStream (zlib, native in workerd and Node:
 * a 2 MP screenshot in tens of milliseconds, where a JavaScript deflate held the thread for a slice and more).
 * https://developers.cloudflare.com/workers/runtime-apis/web-standards/#compression-streams
 */
export async function indexedPng(index: Uint8Array, palette: Uint32Array, width: number, height: number): Promise<Uint8Array> {
  if (index.length !== width * height || palette.length === 0 || palette.length > 256) throw new Error('an indexed PNG needs one index a pixel and 1–256 colours');
  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header[8] = 8;
  header[9] = 3;
  const plte = new Uint8Array(palette.length * 3);
  const alpha = new Uint8Array(palette.length);
  let lastSeeThrough = -1;
  palette.forEach((p, i) => {
    plte.set([p & 0xff, (p >>> 8) & 0xff, (p >>> 16) & 0xff], i * 3);
    alpha[i] = p >>> 24;
    if (alpha[i]! < 255) lastSeeThrough = i;
  });
  const raw = new Uint8Array((width + 1) * height);
  for (let y = 0; y < height; y++) raw.set(index.subarray(y * width, (y + 1) * width), y * (width + 1) + 1);
  const deflated = new Uint8Array(await new Response(new Blob([raw]).stream().pipeThrough(new CompressionStream('deflate'))).arrayBuffer());
  return concatBytes([
    new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]),
    pngChunk('IHDR', header),
    pngChunk('PLTE', plte),
    ...(lastSeeThrough >= 0 ? [pngChunk('tRNS', alpha.subarray(0, lastSeeThrough + 1))] : []),
    pngChunk('IDAT', deflated),
    pngChunk('IEND', new Uint8Array()),
  ]);
}
