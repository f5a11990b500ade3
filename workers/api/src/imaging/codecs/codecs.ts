/**
 * Every WASM codec, initialised lazily, with a handle on its linear memory so that budgets can be measured
 * (WebAssembly memory grows and never shrinks, so its byteLength after an operation is that operation's peak).
 *
 * Because memory never shrinks, an instance that once handled a large picture would keep that memory for the
 * isolate's life, and eight warm codecs would keep their sum. So every codec can be dropped and instantiated again
 * on its next use (the compiled module is kept; that costs a millisecond or two): the Emscripten codecs (mozjpeg,
 * libwebp) through jSquash's init, the wasm-bindgen ones (png, oxipng, resize, photon, resvg) through WasmHost, because
 * their generated glue refuses a second init. After each operation the idle instances are kept, most recently used
 * first, only while together they hold at most IDLE_WASM_LIMIT_BYTES; the rest are dropped. With every operation's
 * own peak under WASM_OPERATION_LIMIT_BYTES (the pixel budgets in options.ts, asserted by imaging-memory.test.ts),
 * the isolate's WASM memory stays under 100 MB. See ADR 0123. */
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
import { RESVG_IMPORTS, resvgRender } from './resvg-host';
import { BINDGEN_INTRINSICS, WasmHost } from './wasm-host';

// wasm-bindgen ships typings for its .wasm files without the default export the bundler provides.
const moduleOf = (ns: unknown) => (ns as { default: WebAssembly.Module }).default;
const oxipngWasm = moduleOf(oxipngWasmNs);
const pngWasm = moduleOf(pngWasmNs);
const resizeWasm = moduleOf(resizeWasmNs);

/** jSquash's typings omit the (module, overrides) form of init that its code accepts. */
type EmscriptenInit = (module: WebAssembly.Module, overrides: object) => Promise<void>;

export type CodecName = EmscriptenCodec | BindgenCodec;
type EmscriptenCodec = 'jpegDec' | 'jpegEnc' | 'webpDec' | 'webpEnc' | 'avifDec';
type BindgenCodec = 'png' | 'oxipng' | 'resize' | 'photon' | 'resvg';

/** Idle codec instances kept warm between operations hold at most this much together (one mozjpeg is 16 MB). */
export const IDLE_WASM_LIMIT_BYTES = 20 * 1024 * 1024;
/** What one operation may grow its codec to, so that it and the idle instances stay under 100 MB. */
export const WASM_OPERATION_LIMIT_BYTES = 100 * 1024 * 1024 - IDLE_WASM_LIMIT_BYTES;

/** The largest memory each codec has had, including instances already dropped. */
const peaks = new Map<CodecName, number>();

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

function ensureCodec(name: EmscriptenCodec): Promise<unknown> {
  let p = ready.get(name);
  if (!p) {
    p = starters[name]();
    ready.set(name, p);
  }
  return p;
}

/**
 * Runs a jSquash encode or decode on its codec: instantiated first, released after (see releaseCodec), and dropped
 * if the call failed, since an Emscripten module that aborted cannot be trusted with the next picture.
 */
export async function withEmscripten<T>(name: EmscriptenCodec, call: () => Promise<T>): Promise<T> {
  await ensureCodec(name);
  try {
    return await call();
  } catch (err) {
    drop(name);
    throw err;
  } finally {
    releaseCodec(name);
  }
}

// --- wasm-bindgen codecs: instantiated by WasmHost, called through the small ABI each one has.

/** The PNG decoder hands its picture to JS through this import and returns the reference we answer. */
let pngDecoded: Raster | null = null;
const PNG_DECODED_REF = 1 << 20;

const hosts: Record<BindgenCodec, WasmHost> = {
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

/** Runs `body` on a codec's host and then releases the codec (see releaseCodec). */
function using<T>(name: BindgenCodec, body: (host: WasmHost) => T): T {
  try {
    return body(hosts[name]);
  } finally {
    releaseCodec(name);
  }
}

const bytesOf = (r: Raster) => new Uint8Array(r.data.buffer, r.data.byteOffset, r.data.byteLength);

/** Lossless PNG of RGBA at 8 bits per channel. */
export function pngEncode(raster: Raster): Uint8Array {
  return using('png', (h) => h.bytesThroughReturnPointer('encode', bytesOf(raster), raster.width, raster.height, 8));
}

/** RGBA of a PNG at 8 bits per channel. Skips CRC checks: callers have read the file with sniff.ts first. */
export function pngDecode(bytes: Uint8Array): Raster {
  return using('png', (h) =>
    h.run((wasm) => {
      pngDecoded = null;
      const [ptr, len] = h.pass(bytes);
      const ref = wasm.decode!(ptr, len);
      const out = pngDecoded;
      pngDecoded = null;
      if (ref !== PNG_DECODED_REF || !out) throw new Error('png: the decoder answered no picture');
      return out;
    }),
  );
}

/** oxipng's lossless recompression of PNG bytes (interlacing off, alpha optimised). */
export function oxipngOptimise(bytes: Uint8Array, level: number): Uint8Array {
  return using('oxipng', (h) => h.bytesThroughReturnPointer('optimise', bytes, level, 0, 1));
}

const LANCZOS3 = 3;

/** Squoosh's Lanczos3 resize of RGBA, premultiplied, without colour-space conversion. */
export function resizeLanczos(src: Raster, width: number, height: number): Raster {
  return using('resize', (h) => {
    const data = h.bytesThroughReturnPointer(
      'resize',
      bytesOf(src),
      src.width,
      src.height,
      width,
      height,
      LANCZOS3,
      1,
      0,
    );
    return { data: new Uint8ClampedArray(data.buffer), width, height };
  });
}

/**
 * Runs photon functions on a PhotonImage made from `make` and answers its pixels. The image is freed on success; if
 * anything throws, WasmHost drops the whole instance instead (freeing into a module that just panicked is unsafe).
 */
function withPhotonImage(make: (host: WasmHost) => number, op: (image: number) => void): Raster {
  return using('photon', (h) =>
    h.run((wasm) => {
      const image = make(h);
      op(image);
      const [ptr, len] = wasm.photonimage_get_raw_pixels!(image) as [number, number];
      const data = new Uint8ClampedArray(h.take(ptr, len).buffer);
      const out = {
        data,
        width: (wasm.photonimage_get_width!(image) as number) >>> 0,
        height: (wasm.photonimage_get_height!(image) as number) >>> 0,
      };
      wasm.__wbg_photonimage_free!(image, 0);
      return out;
    }),
  );
}

const photonImageOf = (src: Raster) => (h: WasmHost) =>
  h.exports.photonimage_new!(...h.pass(bytesOf(src)), src.width, src.height) as number;

/** The first frame of a GIF, or a BMP of any common variant, as RGBA (photon's decoders). */
export function photonDecode(bytes: Uint8Array): Raster {
  return withPhotonImage(
    (h) => h.exports.photonimage_new_from_byteslice!(...h.pass(bytes)) as number,
    () => {},
  );
}

export function photonGaussianBlur(src: Raster, radius: number): Raster {
  return withPhotonImage(photonImageOf(src), (image) => hosts.photon.exports.gaussian_blur!(image, radius));
}

export function photonPixelate(src: Raster, cell: number): Raster {
  return withPhotonImage(photonImageOf(src), (image) => hosts.photon.exports.pixelize!(image, cell));
}

/** An SVG drawn by resvg with the fonts given (OpenType), as RGBA: watermark text and meme captions. */
export function svgRender(svg: string, fonts: Uint8Array[], defaultFontFamily: string): Raster {
  return using('resvg', (h) => resvgRender(h, svg, fonts, defaultFontFamily));
}

// --- Memory accounting, for every codec.

function liveMemory(name: CodecName): WebAssembly.Memory | undefined {
  return name in hosts ? hosts[name as BindgenCodec].memory : memories.get(name as EmscriptenCodec);
}

function drop(name: CodecName): void {
  if (name in hosts) hosts[name as BindgenCodec].drop();
  else {
    memories.delete(name as EmscriptenCodec);
    ready.delete(name as EmscriptenCodec);
  }
}

/** When each codec last finished an operation (a counter, not a clock). */
const lastUse = new Map<CodecName, number>();
let uses = 0;

/**
 * Call after an operation of `name` finished (in `finally`): records its peak, then keeps idle instances, most
 * recently used first, while together they fit IDLE_WASM_LIMIT_BYTES, and drops the others so that their memory can
 * be collected. A jSquash call still running on a dropped instance keeps it alive until it returns; the next call
 * instantiates a fresh one. (wasm-bindgen calls are synchronous, so none can be running.)
 */
export function releaseCodec(name: CodecName): void {
  const memory = liveMemory(name);
  if (memory) peaks.set(name, Math.max(peaks.get(name) ?? 0, memory.buffer.byteLength));
  lastUse.set(name, ++uses);
  const idle = Object.entries(wasmMemory()) as [CodecName, number][];
  idle.sort(([a], [b]) => (lastUse.get(b) ?? 0) - (lastUse.get(a) ?? 0));
  let kept = 0;
  for (const [codec, bytes] of idle) {
    if (kept + bytes <= IDLE_WASM_LIMIT_BYTES) kept += bytes;
    else drop(codec);
  }
}

const ALL_CODECS: CodecName[] = [
  'jpegDec',
  'jpegEnc',
  'webpDec',
  'webpEnc',
  'avifDec',
  'png',
  'oxipng',
  'resize',
  'photon',
  'resvg',
];

/** WASM memory retained now by every live codec instance, in bytes. */
export function wasmMemory(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of ALL_CODECS) {
    const memory = liveMemory(name);
    if (memory) out[name] = memory.buffer.byteLength;
  }
  return out;
}

/** Forgets the recorded peaks (for measurements that start over, such as a test after a deliberately large step). */
export function resetWasmPeaks(): void {
  peaks.clear();
}

/** The peak WASM memory of every codec so far (dropped instances included), in bytes. */
export function wasmPeaks(): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(peaks);
  for (const [name, bytes] of Object.entries(wasmMemory())) out[name] = Math.max(out[name] ?? 0, bytes);
  return out;
}
