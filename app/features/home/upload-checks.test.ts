import { describe, expect, it } from 'vitest';
import { MAX_UPLOAD_BYTES } from '../../../core/limits';
import { checkImageFile, editorUrlForImage, firstFile, INVALID_TYPE, TOO_LARGE } from './upload-checks';

describe('checkImageFile', () => {
  it('accepts any image/* type up to exactly 10 MB', () => {
    expect(checkImageFile({ type: 'image/png', size: 1 })).toBeNull();
    expect(checkImageFile({ type: 'image/gif', size: MAX_UPLOAD_BYTES })).toBeNull();
  });

  it('refuses a non-image type before looking at the size', () => {
    expect(checkImageFile({ type: 'application/pdf', size: 10 })).toBe(INVALID_TYPE);
    expect(checkImageFile({ type: '', size: MAX_UPLOAD_BYTES * 2 })).toBe(INVALID_TYPE);
  });

  it('refuses one byte over 10 MB with the spec wording', () => {
    expect(checkImageFile({ type: 'image/jpeg', size: MAX_UPLOAD_BYTES + 1 })).toBe(TOO_LARGE);
    expect(TOO_LARGE.description).toBe('Please upload an image smaller than 10MB.');
  });
});

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
    expect(editorUrlForImage('/api/images/ab c?x=1&y=2')).toBe('/meme-generator?image=%2Fapi%2Fimages%2Fab%20c%3Fx%3D1%26y%3D2');
  });
});
