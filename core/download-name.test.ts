import { describe, expect, it } from 'vitest';
import { contentDisposition, sanitizeDownloadName } from './download-name';

describe('sanitizeDownloadName', () => {
  it('keeps ordinary download names as they are', () => {
    expect(sanitizeDownloadName('optimized-1700000000000.webp', 'webp')).toBe('optimized-1700000000000.webp');
    expect(sanitizeDownloadName('converted-holiday photo.png', 'png')).toBe('converted-holiday photo.png');
  });

  it('drops any path and leading dots', () => {
    expect(sanitizeDownloadName('../../etc/passwd', 'png')).toBe('passwd.png');
    expect(sanitizeDownloadName('C:\\Users\\x\\..\\.hidden.jpg', 'jpg')).toBe('hidden.jpg');
  });

  it('removes header-breaking and control characters', () => {
    const name = sanitizeDownloadName('a"b\r\nContent-Type: text/html;.png', 'png');
    expect(name).not.toMatch(/["\r\n;:]/);
    expect(name.endsWith('.png')).toBe(true);
  });

  it('strips bidirectional controls, so a right-to-left override cannot disguise the extension', () => {
    const name = sanitizeDownloadName('invoice\u202Egpj.exe', 'png');
    expect(name).toBe('invoicegpj.png');
    for (const c of [
      '\u200E',
      '\u200F',
      '\u061C',
      '\u202A',
      '\u202B',
      '\u202C',
      '\u202D',
      '\u2066',
      '\u2067',
      '\u2068',
      '\u2069',
    ]) {
      expect(sanitizeDownloadName(`a${c}b`, 'png')).toBe('ab.png');
    }
    expect(contentDisposition(sanitizeDownloadName('x\u202Ey', 'png'))).not.toContain('%E2%80%AE');
  });

  it('replaces a wrong extension with the one of the bytes served', () => {
    expect(sanitizeDownloadName('meme-1.png', 'jpg')).toBe('meme-1.jpg');
    expect(sanitizeDownloadName('meme', 'webp')).toBe('meme.webp');
  });

  it('falls back to a stem when nothing usable is left, and bounds the length', () => {
    expect(sanitizeDownloadName('...', 'png')).toBe('image.png');
    expect(sanitizeDownloadName('"""', 'png', 'meme')).toBe('meme.png');
    expect(sanitizeDownloadName('x'.repeat(500), 'png').length).toBe(124);
  });
});

describe('contentDisposition', () => {
  it('gives an ASCII fallback and the exact UTF-8 name', () => {
    expect(contentDisposition('café meme.png')).toBe(
      `attachment; filename="caf_ meme.png"; filename*=UTF-8''caf%C3%A9%20meme.png`,
    );
  });
});
