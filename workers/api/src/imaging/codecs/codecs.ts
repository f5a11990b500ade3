/**
 * The WASM codecs' calls: each runs on its codec's instance, made on first use (codec-instances.ts), and releases it
 * after, so that idle instances stay within their limit (wasm-memory.ts, ADR 0123).
 */
import {
  type BindgenCodec,
  drop,
  type EmscriptenCodec,
  ensureCodec,
  hosts,
  PNG_DECODED_REF,
  takePngDecoded,
} from './codec-instances';
import type { Raster } from './raster';
import { resvgRender } from './resvg-host';
import { releaseCodec } from './wasm-memory';
import type { WasmHost } from './wasm-host';

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
      takePngDecoded(); // none is left over from a decode that threw
      const [ptr, len] = h.pass(bytes);
      const ref = wasm.decode!(ptr, len);
      const out = takePngDecoded();
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
