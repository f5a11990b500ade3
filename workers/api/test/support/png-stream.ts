import { pngChunk } from '../../src/imaging/codecs/plain-png';
import { concatBytes } from '../../../../core/bytes';

/**
 * A valid RGBA PNG of any size, made chunk by chunk as it is read: the worst case an AI result can be (no
 * compression: every IDAT carries one stored deflate block of raw rows). Nothing but the chunk being read exists at
 * a time, so whatever holds more than that is the reader. `onChunk` is told the size of each chunk handed over.
 */
export function pngStream(
  width: number,
  height: number,
  onChunk: (bytes: number) => void = () => undefined,
): { stream: ReadableStream<Uint8Array>; size: number } {
  const stride = width * 4 + 1;
  const rawLength = stride * height;
  const BLOCK = 65_535;
  const blocks = Math.ceil(rawLength / BLOCK);
  let rawAt = 0;
  let adlerA = 1;
  let adlerB = 0;
  let stage: 'head' | 'data' | 'end' | 'done' = 'head';

  const header = new Uint8Array(13);
  const view = new DataView(header.buffer);
  view.setUint32(0, width);
  view.setUint32(4, height);
  header.set([8, 6, 0, 0, 0], 8);
  const head = concat([new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]), pngChunk('IHDR', header)]);

  /** The next stored block of raw rows (filter byte 0, then a pattern), with the zlib header or Adler-32 around it. */
  function nextIdat(): Uint8Array {
    const first = rawAt === 0;
    const length = Math.min(BLOCK, rawLength - rawAt);
    const last = rawAt + length === rawLength;
    const data = new Uint8Array((first ? 2 : 0) + 5 + length + (last ? 4 : 0));
    let at = 0;
    if (first) {
      data[at++] = 0x78;
      data[at++] = 0x01;
    }
    data[at++] = last ? 1 : 0;
    data[at++] = length & 0xff;
    data[at++] = length >>> 8;
    data[at++] = ~length & 0xff;
    data[at++] = (~length >>> 8) & 0xff;
    for (let i = 0; i < length; i++, rawAt++) {
      const x = rawAt % stride;
      const value = x === 0 ? 0 : (x * 7 + Math.floor(rawAt / stride) * 13) & 0xff;
      data[at++] = value;
      adlerA = (adlerA + value) % 65_521;
      adlerB = (adlerB + adlerA) % 65_521;
    }
    if (last) new DataView(data.buffer).setUint32(at, ((adlerB << 16) | adlerA) >>> 0);
    return pngChunk('IDAT', data);
  }

  const size = head.length + blocks * 17 + rawLength + 6 + 12;
  const stream = new ReadableStream<Uint8Array>(
    {
      pull(controller) {
        let chunk: Uint8Array;
        if (stage === 'head') {
          chunk = head;
          stage = 'data';
        } else if (stage === 'data') {
          chunk = nextIdat();
          if (rawAt === rawLength) stage = 'end';
        } else if (stage === 'end') {
          chunk = pngChunk('IEND', new Uint8Array());
          stage = 'done';
        } else {
          controller.close();
          return;
        }
        onChunk(chunk.byteLength);
        controller.enqueue(chunk);
      },
    },
    // Nothing is made ahead of the reader.
    { highWaterMark: 0 },
  );
  return { stream, size };
}

const concat = concatBytes;
