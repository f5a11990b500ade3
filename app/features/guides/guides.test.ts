import { describe, expect, it } from 'vitest';
import { SHARE_FREE_DAYS } from '../../../core/api/shares';
import { mentionsUploadAdvice, UPLOAD_ADVICE } from './article';
import { ARTICLES } from './articles';
import { findGuide, GUIDES } from './guides';

describe('how-to guides', () => {
  it('has exactly the six guide slugs (docs/product.md §2), each with an article of real content', () => {
    expect(GUIDES.map((g) => g.slug)).toEqual([
      'meme-generator-guide',
      'create-custom-meme',
      'upload-image-meme',
      'meme-text-editing',
      'download-memes',
      'share-memes-online',
    ]);
    for (const guide of GUIDES) {
      const article = ARTICLES[guide.slug];
      expect(article, guide.slug).toBeDefined();
      const words = JSON.stringify(article).split(/\s+/).length;
      expect(words, guide.slug).toBeGreaterThan(150);
    }
  });

  it('states the 10MB guidance and the supported formats', () => {
    expect(UPLOAD_ADVICE).toContain('10MB');
    for (const format of [
      'JPG/JPEG',
      'PNG',
      'WEBP',
      'GIF',
      'BMP',
      'TIFF',
      'AVIF',
      'HEIC',
      'animated GIF or WebP keeps moving',
    ])
      expect(UPLOAD_ADVICE).toContain(format);
    expect(mentionsUploadAdvice(ARTICLES['upload-image-meme']!)).toBe(true);
    expect(mentionsUploadAdvice(ARTICLES['download-memes']!)).toBe(false);
  });

  it('the sharing guide explains share links as the product makes them', () => {
    const text = JSON.stringify(ARTICLES['share-memes-online']);
    for (const words of [
      'Share a link',
      'Copy link',
      `${SHARE_FREE_DAYS} days`,
      '/m/',
      'Delete',
      'Your share links on the dashboard',
    ])
      expect(text).toContain(words);
    expect(findGuide('share-memes-online')?.description).toContain('link');
  });

  it('finds guides by slug only', () => {
    expect(findGuide('download-memes')?.title).toBe('How to Download Your Memes');
    expect(findGuide('nope')).toBeUndefined();
    expect(findGuide(undefined)).toBeUndefined();
  });
});
