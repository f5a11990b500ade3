/** The body of a how-to guide: an intro, then sections of paragraphs, numbered steps and tips. */
export interface GuideSection {
  heading: string;
  paragraphs?: string[];
  steps?: string[];
  tips?: string[];
}

export interface GuideArticle {
  intro: string;
  sections: GuideSection[];
}

/**
 * Shared advice for every guide that touches uploads (advisory; the API enforces the real limits, docs/product.md §8).
 */
export const UPLOAD_ADVICE =
  'Uploads can be up to 10MB. Supported formats are JPG/JPEG, PNG, WEBP, GIF, BMP, TIFF, AVIF and HEIC; an animated GIF or WebP keeps moving in the editor and through compress, resize, crop, rotate, watermark and conversion to WebP.';

/** Every guide carries the upload advice once: in its own text, or in a note the page adds. */
export function mentionsUploadAdvice(article: GuideArticle): boolean {
  return article.sections.some((s) =>
    [...(s.paragraphs ?? []), ...(s.steps ?? []), ...(s.tips ?? [])].includes(UPLOAD_ADVICE),
  );
}
