/**
 * Where a template's image lives, from its stored image key:
 * - `static:<path>`: a file the build wrote under public/ (our drawn templates), served by Pages as `/<path>`;
 * - anything else is an R2 key (imported templates), served by the API at `/api/templates/<id>/image`.
 */
export const STATIC_PREFIX = 'static:';

export const staticImageKey = (id: string) => `${STATIC_PREFIX}templates/${id}.png`;
/** An animated template's drawing is a looping GIF (docs/decisions/0138-animated-meme-export.md). */
export const animatedImageKey = (id: string) => `${STATIC_PREFIX}templates/${id}.gif`;
export const isAnimatedImageKey = (key: string) => /\.gif$/i.test(key);

export function templateImageUrl(id: string, imageKey: string): string {
  if (imageKey.startsWith(STATIC_PREFIX)) return `/${imageKey.slice(STATIC_PREFIX.length)}`;
  return `/api/templates/${encodeURIComponent(id)}/image`;
}

export const isStaticImageKey = (key: string) => key.startsWith(STATIC_PREFIX);
