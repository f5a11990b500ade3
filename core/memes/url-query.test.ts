import { describe, expect, it } from 'vitest';
import { edgeCacheKey } from '../api/edge-cache';
import { memeOutputSize } from '../tools/meme';
import { memeUrlCacheKey, readMemeUrlQuery } from './url-query';

const PATH = '/api/memes/nope-yep/a/b.png';

describe('readMemeUrlQuery and the cache key built from it', () => {
  it('reads only its options, each once, and spells the key from what it read', () => {
    const read = readMemeUrlQuery(new URLSearchParams('utm_source=x&height=0250&fbclid=y&font=sans'));
    expect(read).toEqual({ ok: true, query: { font: 'sans', height: 250 } });
    if (read.ok) expect(memeUrlCacheKey(PATH, read.query)).toBe(`${PATH}?font=sans&height=250`);
    expect(memeUrlCacheKey(PATH, {})).toBe(PATH);
  });

  it('refuses an option given twice instead of keying by one value and drawing by another', () => {
    expect(readMemeUrlQuery(new URLSearchParams('width=300&width=1500'))).toEqual({
      ok: false,
      problem: 'The width option was given 2 times (300, 1500); give it once.',
    });
    expect(edgeCacheKey(new URL(`http://site${PATH}?width=300&width=1500`))).toBeNull();
  });

  it('a poisoned key is impossible: whatever the query, the key names exactly what the drawing reads, or there is none', () => {
    const values = ['300', '1500', '0300', 'x', '', 'sans', 'impact'];
    const names = ['width', 'height', 'font', 'fbclid', 'utm_source'];
    let seed = 7;
    const pick = <T>(list: T[]) => list[(seed = (seed * 1103515245 + 12345) % 2 ** 31) % list.length]!;
    for (let i = 0; i < 2000; i++) {
      const params = new URLSearchParams();
      for (let n = pick([0, 1, 2, 3, 4, 5]); n > 0; n--) params.append(pick(names), pick(values));
      const read = readMemeUrlQuery(params);
      const key = edgeCacheKey(new URL(`http://site${PATH}?${params}`));
      if (!read.ok) {
        expect(key).toBeNull();
        continue;
      }
      expect(key).toBe(memeUrlCacheKey(PATH, read.query));
      // The key, read as a URL again, is the same drawing.
      expect(readMemeUrlQuery(new URL(`http://site${key}`).searchParams)).toEqual(read);
    }
  });
});

describe('memeOutputSize', () => {
  const square = { width: 800, height: 800 };
  it('a width or a height alone scales to it, the other side following the picture', () => {
    expect(memeOutputSize({ width: 1000, height: 500 }, { width: 400 })).toEqual({ width: 400, height: 200 });
    expect(memeOutputSize({ width: 1000, height: 500 }, { height: 300 })).toEqual({ width: 600, height: 300 });
    expect(memeOutputSize(square)).toEqual({ width: 800, height: 800 });
  });
  it('both give exactly that frame, the meme fitted and centred in it', () => {
    expect(memeOutputSize(square, { width: 400, height: 200 })).toEqual({
      width: 200,
      height: 200,
      frame: { width: 400, height: 200, left: 100, top: 0 },
    });
    expect(memeOutputSize({ width: 1000, height: 500 }, { width: 301, height: 301 })).toEqual({
      width: 301,
      height: 151,
      frame: { width: 301, height: 301, left: 0, top: 75 },
    });
    expect(memeOutputSize(square, { width: 300, height: 300 })).toEqual({ width: 300, height: 300 });
  });
  it('a shape that would pass the pixel limit names the side that works', () => {
    expect(memeOutputSize({ width: 100, height: 1000 }, { height: 1600 })).toEqual({ width: 160, height: 1600 });
    expect(memeOutputSize({ width: 1000, height: 100 }, { height: 1600 })).toMatch(/allows a height up to 632/);
  });
});
