import { describe, expect, it } from 'vitest';
import { memeFileName, slug } from './file-name';

describe('download names', () => {
  it('names a template meme after the template', () => {
    expect(memeFileName({ kind: 'template', name: 'Drake' }, 'jpg')).toBe('drake-meme.jpg');
    expect(memeFileName({ kind: 'template', name: 'Distracted Boyfriend' }, 'png')).toBe(
      'distracted-boyfriend-meme.png',
    );
  });

  it('names an upload after its file, without the extension', () => {
    expect(memeFileName({ kind: 'upload', name: 'Holiday Photo.JPG' }, 'jpg')).toBe('holiday-photo-meme.jpg');
    expect(memeFileName({ kind: 'upload', name: 'IMG_2041.heic.png' }, 'webp')).toBe('img-2041-heic-meme.webp');
  });

  it('falls back to ai-meme and meme, and never says meme twice', () => {
    expect(memeFileName({ kind: 'ai' }, 'png')).toBe('ai-meme.png');
    expect(memeFileName({ kind: 'none' }, 'webp')).toBe('meme.webp');
    expect(memeFileName({ kind: 'template', name: 'Surprised Meme' }, 'jpg')).toBe('surprised-meme.jpg');
    expect(memeFileName({ kind: 'upload', name: '....png' }, 'jpg')).toBe('meme.jpg');
  });

  it('keeps no path, dot, quote, control or bidirectional character', () => {
    const name = memeFileName({ kind: 'upload', name: '../../etc/"pass"\u202Egpj.exe\u0000.png' }, 'jpg');
    expect(name).toBe('etc-pass-gpj-exe-meme.jpg');
    expect(name).toMatch(/^[a-z0-9-]+\.jpg$/);
  });

  it('drops accents, keeps other scripts and stops at 60 characters on a word boundary', () => {
    expect(slug('Café Déjà Vu')).toBe('cafe-deja-vu');
    expect(slug('Кот в сапогах')).toBe('кот-в-сапогах');
    const long = slug('word '.repeat(40));
    expect(long.length).toBeLessThanOrEqual(60);
    expect(long.endsWith('-')).toBe(false);
    expect(slug('x'.repeat(100))).toHaveLength(60);
  });
});
