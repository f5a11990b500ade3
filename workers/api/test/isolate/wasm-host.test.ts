import { initPhoton, PhotonImage, gaussian_blur } from '@cf-wasm/photon';
import { initResvg, Resvg } from '@cf-wasm/resvg';
import oxipngGlue, * as oxipng from '@jsquash/oxipng/codec/pkg/squoosh_oxipng.js';
import * as oxipngWasm from '@jsquash/oxipng/codec/pkg/squoosh_oxipng_bg.wasm';
import pngGlue, * as png from '@jsquash/png/codec/pkg/squoosh_png.js';
import * as pngWasm from '@jsquash/png/codec/pkg/squoosh_png_bg.wasm';
import resizeGlue, * as resize from '@jsquash/resize/lib/resize/pkg/squoosh_resize.js';
import * as resizeWasm from '@jsquash/resize/lib/resize/pkg/squoosh_resize_bg.wasm';
import { beforeAll, describe, expect, it } from 'vitest';
import {
  oxipngOptimise,
  photonDecode,
  photonGaussianBlur,
  pngDecode,
  pngEncode,
  resizeLanczos,
  svgRender,
} from '../../src/imaging/codecs/codecs';
import { IDLE_WASM_LIMIT_BYTES, wasmMemory } from '../../src/imaging/codecs/wasm-memory';
import { notoSansBold } from '../../src/imaging/text/fonts';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { corpusFile, corpusIndex } from '../support/corpus';
import { syntheticPhoto } from '../support/synthetic';

const moduleOf = (ns: unknown) => (ns as { default: WebAssembly.Module }).default;
const src = syntheticPhoto(300, 200);
const rgba = new Uint8Array(src.data.buffer, src.data.byteOffset, src.data.byteLength);

// Our calls into the wasm-bindgen modules (WasmHost) against the glue the packages ship, on the same input: the
// answers must be byte for byte the same, or our reading of the ABI is wrong.
describe('WasmHost calls answer what the packages’ own glue answers', () => {
  beforeAll(async () => {
    await pngGlue(moduleOf(pngWasm));
    await oxipngGlue(moduleOf(oxipngWasm));
    await resizeGlue(moduleOf(resizeWasm));
    await initPhoton.ensure();
    await initResvg.ensure();
  });

  it('png encode and decode', () => {
    const ours = pngEncode(src);
    expect(ours).toEqual(png.encode(rgba, src.width, src.height, 8));
    const back = pngDecode(ours);
    expect([back.width, back.height]).toEqual([300, 200]);
    expect(back.data).toEqual(src.data);
  });

  it('oxipng', () => {
    const plain = pngEncode(src);
    expect(oxipngOptimise(plain, 2)).toEqual(oxipng.optimise(plain, 2, false, true));
  });

  it('resize', () => {
    const ours = resizeLanczos(src, 120, 80);
    expect(new Uint8Array(ours.data.buffer)).toEqual(
      new Uint8Array(resize.resize(rgba, 300, 200, 120, 80, 3, true, false).buffer),
    );
  });

  it('photon blur', () => {
    const img = new PhotonImage(rgba.slice(), 300, 200);
    try {
      gaussian_blur(img, 5);
      expect(new Uint8Array(photonGaussianBlur(src, 5).data.buffer)).toEqual(img.get_raw_pixels());
    } finally {
      img.free();
    }
  });

  it('resvg: outlined, rotated text over both Noto Sans files (Latin and Latin Extended), and a character neither has', () => {
    const svg =
      '<svg xmlns="http://www.w3.org/2000/svg" width="320" height="120"><g font-family="Noto Sans" font-weight="700" fill="#fff" ' +
      'stroke="#000" stroke-width="3" paint-order="stroke" font-size="28" text-anchor="middle" transform="rotate(-4 160 60)">' +
      '<text x="160" y="45">ONE DOES NOT</text><text x="160" y="90">Ŝimply · ő ж &amp; 😀</text></g></svg>';
    const glue = new Resvg(svg, { font: { fontBuffers: notoSansBold(), defaultFontFamily: 'Noto Sans' } });
    try {
      const rendered = glue.render();
      const ours = svgRender(svg, notoSansBold(), 'Noto Sans');
      expect([ours.width, ours.height]).toEqual([rendered.width, rendered.height]);
      expect(new Uint8Array(ours.data.buffer, ours.data.byteOffset, ours.data.byteLength)).toEqual(rendered.pixels);
      // Drawn, not blank.
      expect(ours.data.some((v, i) => i % 4 === 3 && v === 255)).toBe(true);
      rendered.free();
    } finally {
      glue.free();
    }
  });
});

describe('a codec that fails is dropped and works again on its next call', () => {
  it('resvg: an SVG it cannot read is an error in words; the next SVG draws', () => {
    expect(() =>
      svgRender('<svg xmlns="http://www.w3.org/2000/svg" width="10"', notoSansBold(), 'Noto Sans'),
    ).toThrow();
    expect(wasmMemory().resvg).toBeUndefined();
    expect(
      svgRender('<svg xmlns="http://www.w3.org/2000/svg" width="10" height="8"/>', notoSansBold(), 'Noto Sans'),
    ).toMatchObject({ width: 10, height: 8 });
  });

  it('photon: a damaged GIF panics inside the module; the next GIF decodes', async () => {
    if (!(await corpusIndex())) return;
    const gif = await corpusFile('formats/palette.gif');
    const damaged = gif.slice(0, 40);
    expect(() => photonDecode(damaged)).toThrow();
    expect(wasmMemory().photon).toBeUndefined();
    const ok = photonDecode(gif);
    expect([ok.width, ok.height]).toEqual([readHeader(gif)!.width, readHeader(gif)!.height]);
  });

  it('mozjpeg: a damaged JPEG fails and drops the decoder; the next JPEG decodes', async () => {
    const good = await encode(src, 'jpeg', { quality: 80 });
    const bad = good.slice(0, 200);
    for (let i = 20; i < bad.length; i++) bad[i] = (i * 37) & 0xff;
    await expect(decode(bad, readHeader(good)!)).rejects.toThrow(/could not read this image/);
    expect(wasmMemory().jpegDec).toBeUndefined();
    expect((await decode(good, readHeader(good)!)).width).toBe(300);
  });

  it('png: a stream with damaged image data throws; the next PNG decodes', () => {
    const good = pngEncode(src);
    const bad = good.slice();
    // Scramble the compressed data of the first IDAT chunk (8-byte signature, 25-byte IHDR, then IDAT).
    for (let i = 33 + 8 + 2; i < Math.min(bad.length - 16, 33 + 8 + 400); i++) bad[i] = (bad[i]! * 31 + 7) & 0xff;
    expect(() => pngDecode(bad)).toThrow();
    expect(pngDecode(good).width).toBe(300);
  });
});

it('keeps idle codec instances within the idle limit, the most recently used first', async () => {
  for (const format of ['png', 'webp', 'jpeg'] as const) {
    const bytes = await encode(src, format, { quality: 80 });
    await decode(bytes, readHeader(bytes)!);
  }
  const idle = wasmMemory();
  const total = Object.values(idle).reduce((a, b) => a + b, 0);
  expect(total).toBeLessThanOrEqual(IDLE_WASM_LIMIT_BYTES);
  expect(idle.jpegDec, 'the last codec used stays warm').toBeGreaterThan(0);
  expect(idle.webpEnc, 'an older 16 MB instance is dropped to make room').toBeUndefined();
});
