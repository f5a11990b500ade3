import { describe, expect, it } from 'vitest';
import { batchName, convertedName, downloadUrl, formatBytes, keepRatio, nextFakeProgress, optimizedName, parseDimension, shareDone } from './format';

describe('formatBytes', () => {
  it('uses base 1024 and two decimals at most', () => {
    expect(formatBytes(0)).toBe('0 Bytes');
    expect(formatBytes(1023)).toBe('1023 Bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1_234_567)).toBe('1.18 MB');
    expect(formatBytes(5 * 1024 ** 3)).toBe('5 GB');
    expect(formatBytes(5 * 1024 ** 4)).toBe('5120 GB');
  });
});

describe('download names', () => {
  it('follow the spec patterns', () => {
    expect(optimizedName('webp', 1700000000000)).toBe('optimized-1700000000000.webp');
    expect(batchName(3, 'png', 42)).toBe('modified-3-42.png');
    expect(optimizedName('jpeg', 7)).toBe('optimized-7.jpg');
    expect(convertedName('holiday.photo.JPG', 'tiff')).toBe('converted-holiday.photo.tif');
    expect(convertedName('.hidden', 'png')).toBe('converted-.hidden.png');
  });
  it('adds the download query safely', () => {
    expect(downloadUrl('/api/images/k-1', 'a b.png')).toBe('/api/images/k-1?download=a%20b.png');
    expect(downloadUrl('/x?y=1', 'n.png')).toBe('/x?y=1&download=n.png');
  });
});

describe('progress', () => {
  it('climbs by the step and stops at 90', () => {
    expect(nextFakeProgress(0, 10)).toBe(10);
    expect(nextFakeProgress(85, 10)).toBe(90);
    expect(nextFakeProgress(90, 8)).toBe(90);
  });
  it('reports the share of files done', () => {
    expect(shareDone(0, 0)).toBe(0);
    expect(shareDone(1, 3)).toBe(33);
    expect(shareDone(3, 3)).toBe(100);
  });
});

describe('dimensions', () => {
  it('parse to integers with 0 for junk', () => {
    expect(parseDimension('640')).toBe(640);
    expect(parseDimension('12.9')).toBe(12);
    expect(parseDimension('abc')).toBe(0);
    expect(parseDimension('-5')).toBe(0);
  });
  it('keep the ratio', () => {
    expect(keepRatio(800, { width: 1600, height: 900 }, 'width')).toBe(450);
    expect(keepRatio(450, { width: 1600, height: 900 }, 'height')).toBe(800);
  });
});
