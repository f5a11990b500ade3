/**
 * How each WASM codec is instantiated and dropped, so that its memory can be given back (wasm-memory.ts, ADR 0123):
 * the Emscripten codecs (mozjpeg, libwebp, libavif) through jSquash's init, with a hook that lets us see their memory
 * and hear their stderr; the wasm-bindgen ones (png, oxipng, resize, photon, resvg) through WasmHost, because their
 * generated glue refuses a second init. The compiled modules are kept; a dropped codec is instantiated again on its
 * next use (a millisecond or two).
 */
import photonWasm from '@cf-wasm/photon/photon.wasm';
import resvgWasm from '@cf-wasm/resvg/resvg.wasm';
import avifDecWasm from '@jsquash/avif/codec/dec/avif_dec.wasm';
import { init as initAvifDecode } from '@jsquash/avif/decode';
import jpegDecWasm from '@jsquash/jpeg/codec/dec/mozjpeg_dec.wasm';
import jpegEncWasm from '@jsquash/jpeg/codec/enc/mozjpeg_enc.wasm';
import { init as initJpegDecode } from '@jsquash/jpeg/decode';
import { init as initJpegEncode } from '@jsquash/jpeg/encode';
import * as oxipngWasmNs from '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm';
import * as pngWasmNs from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm';
import * as resizeWasmNs from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm';
import webpDecWasm from '@jsquash/webp/codec/dec/webp_dec.wasm';
import webpEncWasm from '@jsquash/webp/codec/enc/webp_enc_simd.wasm';
import { init as initWebpDecode } from '@jsquash/webp/decode';
import { init as initWebpEncode } from '@jsquash/webp/encode';
import type { Raster } from './raster';
import { RESVG_IMPORTS } from './resvg-host';
import { BINDGEN_INTRINSICS, WasmHost } from './wasm-host';

// wasm-bindgen ships typings for its .wasm files without the default export the bundler provides.
const moduleOf = (ns: unknown) => (ns as { default: WebAssembly.Module }).default;
const oxipngWasm = moduleOf(oxipngWasmNs);
const pngWasm = moduleOf(pngWasmNs);
const resizeWasm = moduleOf(resizeWasmNs);

/** jSquash's typings omit the (module, overrides) form of init that its code accepts. */
type EmscriptenInit = (module: WebAssembly.Module, overrides: object) => Promise<void>;

export type CodecName = EmscriptenCodec | BindgenCodec;
export type EmscriptenCodec = 'jpegDec' | 'jpegEnc' | 'webpDec' | 'webpEnc' | 'avifDec';
export type BindgenCodec = 'png' | 'oxipng' | 'resize' | 'photon' | 'resvg';

// --- Emscripten codecs (jSquash): instantiated through jSquash's init with a hook that lets us see the memory.

const memories = new Map<EmscriptenCodec, WebAssembly.Memory>();
const ready = new Map<EmscriptenCodec, Promise<unknown>>();

function findMemory(exports: WebAssembly.Exports): WebAssembly.Memory | undefined {
  return Object.values(exports).find((v): v is WebAssembly.Memory => v instanceof WebAssembly.Memory);
}

/** What each Emscripten codec wrote to stderr since it was last asked (libjpeg's warnings: "Corrupt JPEG data…"). */
const messages = new Map<EmscriptenCodec, string[]>();

/** The codec's messages since the last call, then forgotten. A decode runs to its end before another starts. */
export function takeMessages(name: EmscriptenCodec): string[] {
  const said = messages.get(name) ?? [];
  messages.delete(name);
  return said;
}

/** Emscripten hook: instantiate the bundled module ourselves so its memory can be observed, and hear its stderr. */
function observed(name: EmscriptenCodec, module: WebAssembly.Module) {
  return {
    printErr(message: string) {
      const said = messages.get(name) ?? [];
      if (said.length < 8) said.push(message);
      messages.set(name, said);
    },
    instantiateWasm(imports: WebAssembly.Imports, done: (instance: WebAssembly.Instance) => void) {
      const instance = new WebAssembly.Instance(module, imports);
      const memory = findMemory(instance.exports);
      if (memory) memories.set(name, memory);
      done(instance);
      return instance.exports;
    },
  };
}

const starters: Record<EmscriptenCodec, () => Promise<unknown>> = {
  jpegDec: () => (initJpegDecode as unknown as EmscriptenInit)(jpegDecWasm, observed('jpegDec', jpegDecWasm)),
  jpegEnc: () => (initJpegEncode as unknown as EmscriptenInit)(jpegEncWasm, observed('jpegEnc', jpegEncWasm)),
  webpDec: () => (initWebpDecode as unknown as EmscriptenInit)(webpDecWasm, observed('webpDec', webpDecWasm)),
  webpEnc: () => (initWebpEncode as unknown as EmscriptenInit)(webpEncWasm, observed('webpEnc', webpEncWasm)),
  // libavif with dav1d: AVIF is read only here, never by the image service (ADR 0132).
  avifDec: () => (initAvifDecode as unknown as EmscriptenInit)(avifDecWasm, observed('avifDec', avifDecWasm)),
};

/** An Emscripten codec's instance, made on its first use and again on the first use after it was dropped. */
export function ensureCodec(name: EmscriptenCodec): Promise<unknown> {
  let p = ready.get(name);
  if (!p) {
    p = starters[name]();
    ready.set(name, p);
  }
  return p;
}

// --- wasm-bindgen codecs: instantiated by WasmHost, called through the small ABI each one has.

/** The PNG decoder hands its picture to JS through this import and returns the reference we answer. */
let pngDecoded: Raster | null = null;
export const PNG_DECODED_REF = 1 << 20;

/** The picture the PNG decoder handed over since this was last asked, then forgotten. */
export function takePngDecoded(): Raster | null {
  const out = pngDecoded;
  pngDecoded = null;
  return out;
}

export const hosts: Record<BindgenCodec, WasmHost> = {
  png: new WasmHost('png', pngWasm, {
    ...BINDGEN_INTRINSICS,
    __wbg_newwithownedu8clampedarrayandsh: (host) => (ptr: number, len: number, width: number, height: number) => {
      pngDecoded = {
        data: new Uint8ClampedArray(host.take(ptr, len).buffer),
        width: width >>> 0,
        height: height >>> 0,
      };
      return PNG_DECODED_REF;
    },
  }),
  oxipng: new WasmHost('oxipng', oxipngWasm, BINDGEN_INTRINSICS),
  resize: new WasmHost('resize', resizeWasm, BINDGEN_INTRINSICS),
  photon: new WasmHost('photon', photonWasm, BINDGEN_INTRINSICS),
  resvg: new WasmHost('resvg', resvgWasm, RESVG_IMPORTS),
};

/** The linear memory of a codec's live instance, if it has one. */
export function liveMemory(name: CodecName): WebAssembly.Memory | undefined {
  return name in hosts ? hosts[name as BindgenCodec].memory : memories.get(name as EmscriptenCodec);
}

/** Forgets a codec's instance, so that its memory can be collected; its next use instantiates a fresh one. */
export function drop(name: CodecName): void {
  if (name in hosts) hosts[name as BindgenCodec].drop();
  else {
    memories.delete(name as EmscriptenCodec);
    ready.delete(name as EmscriptenCodec);
  }
}
