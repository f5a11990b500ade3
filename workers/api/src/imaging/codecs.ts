/**
 * Every WASM codec, initialised once and lazily, with a handle on its linear memory so that budgets can be measured
 * (WebAssembly memory grows and never shrinks, so its byteLength after an operation is that operation's peak).
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

/** Current WASM memory of every instantiated codec, in bytes. */
export function wasmMemory(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const [name, memory] of memories) out[name] = memory.buffer.byteLength;
  return out;
}
