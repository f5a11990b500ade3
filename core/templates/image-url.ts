/**
 * Where a template's image lives, from its stored image key:
 * - `static:<path>`: a file the build wrote under public/ (our drawn templates), served by Pages as `/<path>`;
 * - anything else is an R2 key (imported templates), served by the API at `/api/templates/<id>/image`.
 */
export const STATIC_PREFIX = 'static:';

export const staticImageKey = (id: string) => `${STATIC_PREFIX}templates/${id}.png`;

export function templateImageUrl(id: string, imageKey: string): string {
  if (imageKey.startsWith(STATIC_PREFIX)) return `/${imageKey.slice(STATIC_PREFIX.length)}`;
  return `/api/templates/${encodeURIComponent(id)}/image`;
}

export const isStaticImageKey = (key: string) => key.startsWith(STATIC_PREFIX);
