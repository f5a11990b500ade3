import type { ExportFormat } from '../../../../core/api/memes';
import type { MotionFormat } from './motion-plan';

/** What the picture on the canvas came from, as far as a file name cares. */
export type PictureSource =
  | { kind: 'template'; name: string }
  | { kind: 'upload'; name: string }
  | { kind: 'ai' }
  | { kind: 'none' };

const MAX_STEM_CHARS = 60;

/**
 * A file-name-safe slug: Latin letters lose their accents, anything but letters and digits becomes one hyphen,
 * lower case, at most 60 characters cut at a hyphen. Letters of other scripts are kept (every file system takes
 * them); path separators, dots, quotes, control and bidirectional characters never survive.
 */
export function slug(text: string): string {
  const words = text
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .toLowerCase()
    .split(/[^\p{L}\p{N}]+/u)
    .filter(Boolean);
  let out = '';
  for (const word of words) {
    const next = out ? `${out}-${word}` : word;
    if (next.length > MAX_STEM_CHARS) return out || word.slice(0, MAX_STEM_CHARS);
    out = next;
  }
  return out;
}

/** An uploaded file's name without its extension (`Holiday Photo.JPG` → `Holiday Photo`). */
const withoutExtension = (name: string) => name.replace(/\.[a-z0-9]{1,5}$/i, '');

/**
 * The download's name, after what the meme was made from: `drake-meme.jpg` for the Drake template,
 * `holiday-photo-meme.jpg` for an upload named `Holiday Photo.JPG`, `ai-meme.png` for an AI picture and
 * `meme.webp` for a blank canvas. A name already ending in "meme" is not doubled.
 */
export function memeFileName(source: PictureSource, format: ExportFormat | MotionFormat): string {
  const stem =
    source.kind === 'template'
      ? slug(source.name)
      : source.kind === 'upload'
        ? slug(withoutExtension(source.name))
        : source.kind === 'ai'
          ? 'ai'
          : '';
  const named = !stem ? 'meme' : /(^|-)memes?$/.test(stem) ? stem : `${stem}-meme`;
  return `${named}.${format}`;
}
