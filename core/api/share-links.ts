/**
 * Share links (ADR 0139): how long a share lives, how large it may be, what its id and delete token look like, where
 * its page and picture are, and its alt text. Zod-free, so the share page, the editor and the dashboard import no zod;
 * shares.ts (the API's schemas) re-exports it (ADR 0195).
 */
/** How long a free share lives; a premium member's is kept until deleted. */
export const SHARE_FREE_DAYS = 30;
export const SHARE_FREE_MS = SHARE_FREE_DAYS * 24 * 60 * 60 * 1000;

/** The formats a share may be: the editor's exports, still (PNG, JPEG, WebP) and animated (GIF, WebP; ADR 0142). */
export const SHARE_FORMATS = ['png', 'jpeg', 'webp', 'gif'] as const;
/**
 * An animated share (a GIF, or a WebP with more than one frame) may be larger than a still: the animated export's
 * share size (480 px, app/features/editor/model/motion-plan.ts) keeps a 5 s GIF under this. ADR 0142.
 */
export const SHARE_MAX_ANIMATED_BYTES = 8_000_000;

/** The most of the caption text the alt text says (screen readers read all of it; social cards cut it anyway). */
export const SHARE_ALT_MAX_CHARS = 420;

/** 12 characters of a-z and 0-9: 62 bits, short enough to read out, far too many to guess. */
export const SHARE_ID_PATTERN = /^[a-z0-9]{12}$/;

/** The delete token: 32 random bytes, base64url (43 characters). */
export const DELETE_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
/** The header DELETE /api/shares/{id} reads the token from (never the URL, which logs keep). */
export const DELETE_TOKEN_HEADER = 'X-Delete-Token';

/** The page and the picture of a share. */
export const sharePagePath = (id: string) => `/m/${id}`;
export const shareImagePath = (id: string) => `/api/shares/${id}/image`;

/**
 * The alt text of a share, from its template's name and captions: `Meme (Drake Hotline Bling): "a" / "b"`. Line
 * breaks inside a caption become spaces; a meme without captions says so.
 */
export function shareAltText(templateName: string | null, captions: readonly string[]): string {
  const lines = captions.map((c) => c.replace(/\s+/g, ' ').trim()).filter(Boolean);
  const kind = templateName ? `Meme (${templateName})` : 'Meme';
  if (lines.length === 0) return `${kind} with no caption`;
  const said = lines.map((l) => `“${l}”`).join(' / ');
  return `${kind}: ${said.length > SHARE_ALT_MAX_CHARS ? `${said.slice(0, SHARE_ALT_MAX_CHARS - 1)}…` : said}`;
}
