/**
 * A meme URL's query, read once (core/memes/url-query.ts, ADR 0147): unknown parameters are ignored (a link clicked on
 * Facebook or tagged for analytics still answers the picture), an option given twice is a 400, memegen's `width` and
 * `height` are both taken, and the cache key the answer names is built from exactly what was drawn.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { seedTemplates } from '../../src/db/template-rows';
import { decode } from '../../src/imaging/codecs/decode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { api } from '../helpers';

const TEMPLATE = 'nope-yep';
const URL_OF = (query = '', ext = 'png') => `/api/memes/${TEMPLATE}/a_query/read_once.${ext}${query}`;
const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());

beforeAll(async () => {
  await seedTemplates(env.DB, catalogRows());
});

describe('the meme URL’s query', () => {
  it('ignores parameters it does not read: ?fbclid=…&utm_source=… answers the picture, keyed without them', async () => {
    const plain = await api(URL_OF('?width=200'));
    const tagged = await api(URL_OF('?fbclid=IwAR0abc&width=200&utm_source=facebook&utm_medium=social'));
    expect(tagged.status).toBe(200);
    expect(tagged.headers.get('content-type')).toBe('image/png');
    expect(tagged.headers.get('x-edge-cache-key')).toBe(URL_OF('?width=200'));
    expect(await bytesOf(tagged)).toEqual(await bytesOf(plain));
  });

  it.each([
    ['a width given twice', '?width=300&width=1500', /width option was given 2 times \(300, 1500\); give it once/],
    ['a font given twice, even the same', '?font=sans&font=sans', /font option was given 2 times/],
    ['a height given twice', '?height=200&height=300', /height option was given 2 times/],
    ['a height too small', '?height=99', /Height must be between 100 and 1600/],
    ['a height that is no number', '?height=tall', /Height must be a number/],
    ['a width out of range beside a height', '?width=1601&height=200', /Width must be between 100 and 1600/],
    ['a height out of range beside a width', '?width=400&height=5000', /Height must be between 100 and 1600/],
  ])('%s is a 400 that names it, drawn for no key', async (_what, query, message) => {
    const res = await api(URL_OF(query));
    expect(res.status).toBe(400);
    expect(res.headers.get('x-edge-cache-key')).toBeNull();
    expect(await res.json()).toMatchObject({ code: 'validation_failed', error: expect.stringMatching(message) });
  });

  it('a height alone scales the meme to it, the width following the template’s shape', async () => {
    const res = await api(URL_OF('?height=250', 'webp'));
    expect(res.status).toBe(200);
    expect(readHeader(await bytesOf(res))).toMatchObject({ format: 'webp', width: 250, height: 250 });
    expect(res.headers.get('x-edge-cache-key')).toBe(URL_OF('?height=250', 'webp'));
  });

  it('a width and a height give exactly that size: the meme fitted inside, centred on white (memegen’s padding)', async () => {
    const framed = await api(URL_OF('?height=200&width=400'));
    expect(framed.status).toBe(200);
    expect(framed.headers.get('x-edge-cache-key')).toBe(URL_OF('?width=400&height=200'));
    const bytes = await bytesOf(framed);
    const frame = await decode(bytes, readHeader(bytes)!);
    expect([frame.width, frame.height]).toEqual([400, 200]);
    // The square template at 200 × 200 sits at x 100–299, the same pixels as the meme drawn at that width.
    const alone = await bytesOf(await api(URL_OF('?width=200')));
    const meme = await decode(alone, readHeader(alone)!);
    for (const y of [0, 57, 199]) {
      for (const x of [0, 99, 300, 399])
        expect([...frame.data.subarray((y * 400 + x) * 4, (y * 400 + x) * 4 + 4)]).toEqual([255, 255, 255, 255]);
      const row = frame.data.subarray((y * 400 + 100) * 4, (y * 400 + 300) * 4);
      expect([...row]).toEqual([...meme.data.subarray(y * 200 * 4, (y + 1) * 200 * 4)]);
    }
  });

  it('a framed JPEG too large for the isolate is padded by the image service the same way', async () => {
    const res = await api(URL_OF('?width=1200&height=600', 'jpg'));
    expect(res.status).toBe(200);
    const bytes = await bytesOf(res);
    const frame = await decode(bytes, readHeader(bytes)!);
    expect([frame.width, frame.height]).toEqual([1200, 600]);
    const at = (x: number, y: number) => [...frame.data.subarray((y * 1200 + x) * 4, (y * 1200 + x) * 4 + 3)];
    // White bands either side of the 600 × 600 meme at x 300–899 …
    for (const [x, y] of [
      [0, 0],
      [299, 300],
      [900, 300],
      [1199, 599],
    ] as const)
      for (const c of at(x, y)) expect(c).toBeGreaterThan(245);
    // … which is the meme drawn at 600 px (both JPEG at quality 90: the same within the encoder's noise).
    const alone = await bytesOf(await api(URL_OF('?width=600', 'jpg')));
    const meme = await decode(alone, readHeader(alone)!);
    let diff = 0;
    for (let y = 0; y < 600; y++)
      for (let x = 0; x < 600; x++)
        for (let c = 0; c < 3; c++)
          diff += Math.abs(frame.data[(y * 1200 + 300 + x) * 4 + c]! - meme.data[(y * 600 + x) * 4 + c]!);
    expect(diff / (600 * 600 * 3)).toBeLessThan(3);
  });
});
