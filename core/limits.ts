// Every number the spec names lives here once; UI, API and tests import it.

export const MAX_UPLOAD_BYTES = 10 * 1024 * 1024;
/** Request bodies larger than this are refused before they are read (multipart overhead on top of an upload). */
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 1024 * 1024;
/** Small JSON bodies (sessions, prompts, captions). */
export const MAX_JSON_BYTES = 16 * 1024;

export const PROMPT_MAX_CHARS = 500;
export const TEMPLATE_SEARCH_MAX_CHARS = 100;

/**
 * The free daily allowance of AI operations. The spec's marketing copy says both 10 (plan card) and 5 (FAQ);
 * the product uses this one number everywhere and renders it from here.
 */
export const FREE_DAILY_AI_LIMIT = 10;
export const LOW_QUOTA_WARNING_AT = 2;
export const USAGE_STALE_MS = 30_000;

export const IMAGE_TTL_SECONDS_DEFAULT = 3600;

export const TOAST_DURATION_MS = 5000;
export const UPLOAD_REDIRECT_DELAY_MS = 1000;

export const CAROUSEL_PAGE_SIZE = 8;
export const CAROUSEL_POPULAR_COUNT = 16;
export const CAROUSEL_INTERVAL_MS = 4000;

export const HISTORY_MAX_SNAPSHOTS = 30;
export const AUTO_CROP_PADDING_PX = 20;
export const CANVAS_INITIAL = { width: 900, height: 650 } as const;
export const EXPORT_SCALE = 2;

/** How many caption suggestions one request answers with. */
export const CAPTION_SUGGESTIONS = 8;
