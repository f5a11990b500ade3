import { describe, expect, it } from 'vitest';
import { editorUrlForImage, firstFile } from './upload-checks';

describe('firstFile', () => {
  it('keeps only the first of several files and handles none', () => {
    const a = new File(['a'], 'a.png', { type: 'image/png' });
    const b = new File(['b'], 'b.png', { type: 'image/png' });
    expect(firstFile([a, b])).toBe(a);
    expect(firstFile([])).toBeNull();
    expect(firstFile(null)).toBeNull();
  });
});

describe('editorUrlForImage', () => {
  it('encodes the image URL as one query value', () => {
    expect(editorUrlForImage('/api/images/ab c?x=1&y=2')).toBe(
      '/meme-generator?image=%2Fapi%2Fimages%2Fab%20c%3Fx%3D1%26y%3D2',
    );
  });

  it('opens the picture by its path on this site when the upload answered its absolute address', () => {
    const url = new URL(editorUrlForImage('https://memeforge.example/api/images/k1'), 'http://x');
    expect(url.searchParams.get('image')).toBe('/api/images/k1');
  });

  it('carries the file name, so the download is named after it', () => {
    const url = new URL(editorUrlForImage('/api/images/k1', 'Holiday Photo&1.JPG'), 'http://x');
    expect(url.searchParams.get('image')).toBe('/api/images/k1');
    expect(url.searchParams.get('name')).toBe('Holiday Photo&1.JPG');
  });
});
