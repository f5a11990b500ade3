/** The shared corpus through every tool route, in workerd with real R2: correct dimensions, clean refusals, zero 5xx. */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { blur, pixelate, resize } from '../../src/imaging/codecs/pixels';
import { protectPrivacy } from '../../src/imaging/metadata/strip';
import { crop, flip, transform } from '../../src/imaging/codecs/raster';
import { watermark } from '../../src/imaging/ops/watermark/draw';
import { corpusFile, corpusIndex, resultBytes, toolRequest, type ToolBody } from '../support/corpus';

const files = (await corpusIndex()) ?? [];
const under = (dir: string, ext: RegExp) => files.filter((f) => f.startsWith(dir) && ext.test(f)).sort();
const name = (f: string) => f.split('/').pop() ?? f;
/** npm test takes a fixed third of the long codec suites (PngSuite, libwebp's files); CORPUS_SWEEP=all takes them all. */
const swept = <T>(list: T[]) => (env.CORPUS_SWEEP === 'all' ? list : list.filter((_, i) => i % 3 === 0));

type Fields = Record<string, string | number>;

async function call(route: string, bytes: Uint8Array, fields: Fields) {
  const res = await toolRequest(route, bytes, fields);
  const body = await res.json<ToolBody & { metadata?: { technical: { width: number; height: number } } }>();
  expect(res.status, `${route} ${JSON.stringify(fields)} → ${JSON.stringify(body)}`).toBeLessThan(500);
  return { status: res.status, body };
}

/** Every operation and the dimensions it must produce from a w×h picture. */
function operations(w: number, h: number): [string, Fields, [number, number]][] {
  const cw = Math.ceil(w / 2);
  const ch = Math.ceil(h / 2);
  return [
    ['optimize', { operation: 'compress', quality: 80 }, [w, h]],
    ['modify', { operation: 'resize', width: 16, height: 16, maintainAspectRatio: 'false' }, [16, 16]],
    ['modify', { operation: 'crop', x: 0, y: 0, width: cw, height: ch }, [cw, ch]],
    ['modify', { operation: 'rotate', angle: 90 }, [h, w]],
    ['convert', { format: 'jpeg' }, [w, h]],
    ['convert', { format: 'webp' }, [w, h]],
    ['convert', { format: 'bmp' }, [w, h]],
    ['convert', { format: 'tiff' }, [w, h]],
    ['security', { operation: 'watermark', text: 'Memeforge' }, [w, h]],
    [
      'security',
      { operation: 'blur', method: 'selective', regions: JSON.stringify([{ x: 0, y: 0, width: w, height: h }]) },
      [w, h],
    ],
    [
      'security',
      {
        operation: 'blur',
        method: 'selective',
        pixelateLevel: 4,
        regions: JSON.stringify([{ x: 0, y: 0, width: cw, height: ch }]),
      },
      [w, h],
    ],
    ['security', { operation: 'privacy' }, [w, h]],
  ];
}

async function expectDimensions(body: ToolBody, [w, h]: [number, number], label: string) {
  expect([body.width, body.height], label).toEqual([w, h]);
  const stored = readHeader(await resultBytes(body.imageUrl));
  expect(stored && [stored.width, stored.height], `${label}: stored file`).toEqual([w, h]);
}

/**
 * Every operation of the engine on a decoded picture, with the dimensions it must give. The routes add only field
 * validation and storage around these, which the HTTP checks below and tools-validation.test.ts cover; running the
 * matrix in-process keeps 160 files × 12 operations within seconds.
 */
async function engineMatrix(bytes: Uint8Array): Promise<string[]> {
  const header = readHeader(bytes);
  if (!header) return ['no header'];
  const { width: w, height: h } = header;
  const src = await decode(bytes, header);
  const wrong: string[] = [];
  const check = (label: string, r: { width: number; height: number }, dims: [number, number]) => {
    if (r.width !== dims[0] || r.height !== dims[1])
      wrong.push(`${label}: ${r.width}×${r.height}, expected ${dims.join('×')}`);
  };
  check('decode', src, [w, h]);
  check('resize', await resize(src, 16, 16), [16, 16]);
  check('crop', crop(src, 0, 0, Math.ceil(w / 2), Math.ceil(h / 2)), [Math.ceil(w / 2), Math.ceil(h / 2)]);
  check('rotate 90', transform(src, 1, false), [h, w]);
  check('flip', flip(src, 'vertical'), [w, h]);
  check('blur', await blur(src, 4), [w, h]);
  check('pixelate', await pixelate(src, 4), [w, h]);
  check(
    'watermark',
    await watermark(src, { text: 'Memeforge', position: 'bottom-right', opacity: 0.7, size: 20, color: '#ffffff' }),
    [w, h],
  );
  for (const format of ['jpeg', 'webp', 'png', 'bmp', 'tiff'] as const) {
    const out = await encode(src, format, { quality: 80, optimise: false });
    const back = readHeader(out);
    if (!back) wrong.push(`${format}: unreadable output`);
    else check(`encode ${format}`, back, [w, h]);
  }
  const privacy = await protectPrivacy(bytes, header, {
    removeExif: true,
    removeLocation: true,
    removeTimestamp: true,
  });
  check('privacy', await decode(privacy.bytes, readHeader(privacy.bytes)!), [w, h]);
  return wrong;
}

describe.skipIf(files.length === 0)('PngSuite', () => {
  const valid = under('pngsuite/png/', /\/[^x][^/]*\.png$/);
  const corrupt = under('pngsuite/png/', /\/x[^/]*\.png$/);

  it('has the files this test expects', () => {
    expect(valid.length).toBeGreaterThan(150);
    expect(corrupt.length).toBe(14);
  });

  it('every valid file decodes and survives every engine operation with correct dimensions', {
    timeout: 120_000,
  }, async () => {
    const failures: string[] = [];
    for (const file of swept(valid)) {
      const wrong = await engineMatrix(await corpusFile(file)).catch((err: unknown) => [String(err)]);
      failures.push(...wrong.map((w) => `${name(file)} ${w}`));
    }
    expect(failures).toEqual([]);
  });

  it('every valid file converts through the API with correct dimensions', { timeout: 120_000 }, async () => {
    for (const file of swept(valid)) {
      const bytes = await corpusFile(file);
      const header = readHeader(bytes);
      const { status, body } = await call('convert', bytes, { format: 'webp' });
      expect(status, `${name(file)}: ${JSON.stringify(body)}`).toBe(200);
      expect([body.width, body.height], name(file)).toEqual([header?.width, header?.height]);
    }
  });

  it('every operation of every route answers 200 with the right size on a few representative files', {
    timeout: 120_000,
  }, async () => {
    for (const file of [
      'basn0g01.png',
      'basn3p04.png',
      'basn6a16.png',
      'basi2c08.png',
      'tbbn3p08.png',
      'exif2c08.png',
    ]) {
      const bytes = await corpusFile(`pngsuite/png/${file}`);
      const header = readHeader(bytes);
      if (!header) throw new Error('no header');
      for (const [route, fields, dims] of operations(header.width, header.height)) {
        const { status, body } = await call(route, bytes, fields);
        expect(status, `${file} ${route} ${JSON.stringify(fields)}: ${JSON.stringify(body)}`).toBe(200);
        await expectDimensions(body, dims, `${file} ${route} ${JSON.stringify(fields)}`);
      }
    }
  });

  it.each(corrupt.map((f) => [name(f), f]))('corrupt %s is refused with a 4xx, never a 5xx', async (_n, file) => {
    const { status, body } = await call('convert', await corpusFile(file), { format: 'png' });
    expect(status, JSON.stringify(body)).toBeGreaterThanOrEqual(400);
    expect(body.error).toBeTruthy();
  });
});

describe.skipIf(files.length === 0)('libwebp conformance files', () => {
  const webps = under('webp/', /\.webp$/);
  it.each(swept(webps).map((f) => [name(f), f]))(
    '%s decodes with its declared size, or is refused cleanly',
    async (_n, file) => {
      const bytes = await corpusFile(file);
      const { status, body } = await call('convert', bytes, { format: 'jpeg' });
      if (status === 200) {
        const header = readHeader(bytes);
        await expectDimensions(body, [header?.width ?? 0, header?.height ?? 0], 'convert jpeg');
      } else {
        expect(status).toBeGreaterThanOrEqual(400);
        expect(body.error).toMatch(/image/i);
      }
    },
  );
});

describe.skipIf(files.length === 0)('formats/: every output format both ways', () => {
  const decodable = [
    'sample.jpg',
    'sample.png',
    'sample.webp',
    'sample.bmp',
    'sample.tif',
    'palette.bmp',
    'palette.gif',
    'sample.avif',
  ];
  const refused = [
    'sample.jxl',
    'sample.qoi',
    'sample.tga',
    'sample.ico',
    'sample.cur',
    'sample.pcx',
    'sample.pnm',
    'sample.xcf',
    'sample.xpm',
    'svg.svg',
  ];

  it.each(decodable)(
    '%s converts to jpeg, png, webp, avif, bmp and tiff, and each result converts back',
    async (file) => {
      const bytes = await corpusFile(`formats/${file}`);
      const header = readHeader(bytes);
      if (!header) throw new Error('no header');
      for (const format of ['jpeg', 'png', 'webp', 'avif', 'bmp', 'tiff']) {
        const { status, body } = await call('convert', bytes, { format, quality: 85 });
        expect(status, `${file} → ${format}: ${JSON.stringify(body)}`).toBe(200);
        expect(body.format).toBe(format);
        await expectDimensions(body, [header.width, header.height], `${file} → ${format}`);
        const back = await call('convert', await resultBytes(body.imageUrl), {
          format: header.format === 'gif' ? 'png' : header.format,
        });
        expect(back.status, `${format} → back: ${JSON.stringify(back.body)}`).toBe(200);
        await expectDimensions(back.body, [header.width, header.height], `${file} → ${format} → back`);
      }
    },
  );

  it.each(refused)(
    '%s is refused with 415, named by what it is (core/images/foreign.ts) and saying what to do',
    async (file) => {
      const { status, body } = await call('convert', await corpusFile(`formats/${file}`), { format: 'png' });
      expect(status).toBe(415);
      expect(body.error).toMatch(
        /^(JPEG XL|QOI|TGA|PCX|Netpbm \(PBM, PGM, PPM, PAM\)|XPM) pictures are not accepted yet\. Please upload|^(Windows icons|Windows cursors|GIMP \(XCF\) files|SVG drawings).* are not accepted yet\. Please upload/,
      );
    },
  );
});

describe.skipIf(files.length === 0)('photos, libjpeg-turbo test images and hostile EXIF', () => {
  const others = [
    ...under('photos/', /./),
    ...under('jpeg/testimages/', /\.(jpg|png|bmp)$/),
    ...under('exif/jpg/invalid/', /\.jpg$/),
  ];
  it.each(others.map((f) => [f]))('%s: compress, resize, privacy and analysis answer without a 5xx', async (file) => {
    const bytes = await corpusFile(file);
    const results = [
      await call('optimize', bytes, { operation: 'compress', quality: 75 }),
      await call('modify', bytes, { operation: 'resize', width: 320, height: 240 }),
      await call('security', bytes, { operation: 'privacy' }),
      await call('analyze-metadata', bytes, {}),
    ];
    for (const r of results) if (r.status !== 200) expect(r.body.error).toBeTruthy();
  });

  it('keeps only the first frame of an animated GIF and says so', async () => {
    const { status, body } = await call('convert', await corpusFile('photos/no_time_for_that_tiny.gif'), {
      format: 'png',
    });
    expect(status).toBe(200);
    expect(body.notes.join(' ')).toMatch(/first frame/);
  });
});
