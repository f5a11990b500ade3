/**
 * Every WASM codec, initialised lazily, with a handle on its linear memory so that budgets can be measured
 * (WebAssembly memory grows and never shrinks, so its byteLength after an operation is that operation's peak).
 *
 * Because memory never shrinks, an instance that once handled a large picture would keep that memory for the
 * isolate's life. The Emscripten codecs (mozjpeg and libwebp, encode and decode) are therefore dropped after an
 * operation that grew them past RETAIN_LIMIT_BYTES and instantiated again on their next use (the compiled module is
 * kept, so that costs milliseconds). The wasm-bindgen codecs (png, oxipng, resize, photon) cannot be: their glue
 * keeps its instance in a module variable and refuses a second init, so they keep their peak (bounded per codec by
 * the pixel budgets in options.ts). See ADR 0050.
 */
import { initPhoton } from '@cf-wasm/photon';
import jpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import jpegEncWasm from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm';
import { init as initJpegDecode } from '@jsquash/jpeg/decode';
import { init as initJpegEncode } from '@jsquash/jpeg/encode';
import * as oxipng from '@jsquash/oxipng/codec/pkg/squoosh_oxipng.js';
import * as oxipngWasmNs from '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm';
import * as png from '@jsquash/png/codec/pkg/squoosh_png.js';
import * as pngWasmNs from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm';
import * as resize from '@jsquash/resize/lib/resize/pkg/squoosh_resize.js';
import * as resizeWasmNs from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm';
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm';
import { init as initWebpDecode } from '@jsquash/webp/decode';
import { init as initWebpEncode } from '@jsquash/webp/encode';

// wasm-bindgen ships typings for its .wasm files without the default export the bundler provides.
const moduleOf = (ns: unknown) => (ns as { default: WebAssembly.Module }).default;
const oxipngWasm = moduleOf(oxipngWasmNs);
const pngWasm = moduleOf(pngWasmNs);
const resizeWasm = moduleOf(resizeWasmNs);

/** jSquash's typings omit the (module, overrides) form of init that its code accepts. */
type EmscriptenInit = (module: WebAssembly.Module, overrides: object) => Promise<void>;

export type CodecName = 'photon' | 'jpegDec' | 'jpegEnc' | 'webpDec' | 'webpEnc' | 'png' | 'oxipng' | 'resize';

const memories = new Map<CodecName, WebAssembly.Memory>();
const ready = new Map<CodecName, Promise<unknown>>();
/** The largest memory each codec has had, including instances already dropped. */
const peaks = new Map<CodecName, number>();

/** Above this, a re-creatable codec's instance is dropped after the operation (a ~1.5 MP JPEG stays warm). */
export const RETAIN_LIMIT_BYTES = 32 * 1024 * 1024;
const RECREATABLE: ReadonlySet<CodecName> = new Set(['jpegDec', 'jpegEnc', 'webpDec', 'webpEnc']);

function findMemory(exports: WebAssembly.Exports): WebAssembly.Memory | undefined {
  return Object.values(exports).find((v): v is WebAssembly.Memory => v instanceof WebAssembly.Memory);
}

/** Emscripten hook: instantiate the bundled module ourselves so its memory can be observed. */
function observed(name: CodecName, module: WebAssembly.Module) {
  return {
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(module, imports);
      const memory = findMemory(instance.exports);
      if (memory) memories.set(name, memory);
      done(instance);
      return instance.exports;
    },
  };
}

function once(name: CodecName, start: () => Promise<unknown>): Promise<unknown> {
  let p = ready.get(name);
  if (!p) {
    p = start();
    ready.set(name, p);
  }
  return p;
}

async function bindgen(name: CodecName, init: (m: WebAssembly.Module) => Promise<{ memory: WebAssembly.Memory }>, m: WebAssembly.Module) {
  const out = await init(m);
  memories.set(name, out.memory);
}

const starters: Record<CodecName, () => Promise<unknown>> = {
  photon: async () => {
    const out = (await initPhoton.ensure()) as { memory: WebAssembly.Memory };
    memories.set('photon', out.memory);
  },
  jpegDec: () => (initJpegDecode as unknown as EmscriptenInit)(jpegDecWasm, observed('jpegDec', jpegDecWasm)),
  jpegEnc: () => (initJpegEncode as unknown as EmscriptenInit)(jpegEncWasm, observed('jpegEnc', jpegEncWasm)),
  webpDec: () => (initWebpDecode as unknown as EmscriptenInit)(webpDecWasm, observed('webpDec', webpDecWasm)),
  webpEnc: () => (initWebpEncode as unknown as EmscriptenInit)(webpEncWasm, observed('webpEnc', webpEncWasm)),
  png: () => bindgen('png', (m) => png.default(m), pngWasm),
  oxipng: () => bindgen('oxipng', (m) => oxipng.default(m), oxipngWasm),
  resize: () => bindgen('resize', (m) => resize.default(m), resizeWasm),
};

/** Makes sure a codec is instantiated; cheap after the first call. */
export function ensureCodec(name: CodecName): Promise<unknown> {
  return once(name, starters[name]);
}

export { oxipng, png, resize };

/**
 * Call after an operation of `name` finished (in `finally`): records its peak and, if the codec is re-creatable
 * and grew past RETAIN_LIMIT_BYTES, drops the instance so that its memory can be collected. A call still running
 * on the old instance keeps it alive until it returns; the next call instantiates a fresh one.
 */
export function releaseCodec(name: CodecName): void {
  const memory = memories.get(name);
  if (!memory) return;
  const bytes = memory.buffer.byteLength;
  peaks.set(name, Math.max(peaks.get(name) ?? 0, bytes));
  if (!RECREATABLE.has(name) || bytes <= RETAIN_LIMIT_BYTES) return;
  memories.delete(name);
  ready.delete(name);
}

/** WASM memory retained now by every live codec instance, in bytes. */
export function wasmMemory(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, memory] of memories) out[name] = memory.buffer.byteLength;
  return out;
}

/** The peak WASM memory of every codec so far (dropped instances included), in bytes. */
export function wasmPeaks(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, bytes] of peaks) out[name] = bytes;
  for (const [name, memory] of memories) out[name] = Math.max(out[name] ?? 0, memory.buffer.byteLength);
  return out;
}
