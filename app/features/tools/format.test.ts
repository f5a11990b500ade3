import { describe, expect, it } from 'vitest';
import {
  buttonCount,
  countOf,
  downloadUrl,
  formatBytes,
  keepRatio,
  middleEllipsis,
  parseDimension,
  resultName,
  uniqueNames,
  zipName,
} from './format';

describe('formatBytes', () => {
  it("is the product's one formatter: decimal KB and MB (core/file-size.test.ts has the cases)", () => {
    expect(formatBytes(0)).toBe('0 bytes');
    expect(formatBytes(1536)).toBe('1.54 KB');
    expect(formatBytes(1_234_567)).toBe('1.23 MB');
    expect(formatBytes(5_000_000_000)).toBe('5 GB');
  });
});

describe('download names', () => {
  it('are named after the original file and what was done', () => {
    expect(resultName('holiday.jpg', 'compress', 'webp')).toBe('holiday-compressed.webp');
    expect(resultName('holiday.photo.JPG', 'resize', 'jpeg')).toBe('holiday.photo-resized.jpg');
    expect(resultName('C:\\Users\\me\\cat.png', 'remove-background', 'png')).toBe('cat-no-background.png');
    expect(resultName('.hidden', 'privacy', 'png')).toBe('.hidden-private.png');
    expect(resultName('', 'blur', 'png')).toBe('image-blurred.png');
    expect(resultName('cat.png', 'flip', 'png')).toBe('cat-flipped.png');
    // A conversion keeps the stem, unless the format did not change.
    expect(resultName('holiday.photo.JPG', 'convert', 'tiff')).toBe('holiday.photo.tif');
    expect(resultName('holiday.jpeg', 'convert', 'jpeg')).toBe('holiday-converted.jpg');
  });
  it('are unique inside a ZIP, which is named after its first file', () => {
    expect(uniqueNames(['a.png', 'b.png', 'a.png', 'a.png'])).toEqual(['a.png', 'b.png', 'a-2.png', 'a-3.png']);
    expect(zipName(['holiday.jpg', 'b.png', 'c.png'], 'resize')).toBe('holiday-and-2-more-resized.zip');
    expect(zipName(['holiday.jpg'], 'convert')).toBe('holiday-converted.zip');
  });
  it('are cut in the middle when long, so two phone photos stay apart', () => {
    expect(middleEllipsis('cat.jpg', 14)).toBe('cat.jpg');
    expect(middleEllipsis('iphone-irot.heic', 14)).toBe('iphone…ot.heic');
    expect(middleEllipsis('iphone-o6.jpg', 14)).toBe('iphone-o6.jpg');
    expect(middleEllipsis('PXL_20261128_142233517.jpg', 14)).toHaveLength(14);
    expect(middleEllipsis('PXL_20261128_142233517.jpg', 14)).toBe('PXL_20…517.jpg');
  });

  it('adds the download query safely', () => {
    expect(downloadUrl('/api/images/k-1', 'a b.png')).toBe('/api/images/k-1?download=a%20b.png');
    expect(downloadUrl('/x?y=1', 'n.png')).toBe('/x?y=1&download=n.png');
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

describe('counts in words', () => {
  it('says "1 image" and "3 images", and a button with none chosen names no count', () => {
    expect(countOf(1, 'image')).toBe('1 image');
    expect(countOf(3, 'image')).toBe('3 images');
    expect(countOf(0, 'file')).toBe('0 files');
    expect(buttonCount(0, 'Image')).toBe('Images');
    expect(buttonCount(1, 'Image')).toBe('1 Image');
    expect(buttonCount(2, 'Image')).toBe('2 Images');
  });
});
