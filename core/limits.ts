// Every number the product shows or enforces (docs/product.md §8) lives here once; UI, API and tests import it.

/** The upload limit in words: "10 MB". */
export const MAX_UPLOAD_MB = 10;
/**
 * The product's 10 MB is 10 × 1024 × 1024 bytes (docs/product.md §8), a little over 10,000,000: a photo that any phone
 * or computer shows as "10 MB" or less is never refused. Sizes are otherwise written in decimal units
 * (core/file-size.ts), so the words about this limit use MAX_UPLOAD_MB, never formatBytes(MAX_UPLOAD_BYTES) ("10.5 MB").
 */
export const MAX_UPLOAD_BYTES = MAX_UPLOAD_MB * 1024 * 1024;
/** Request bodies larger than this are refused before they are read (multipart overhead on top of an upload). */
export const MAX_REQUEST_BYTES = MAX_UPLOAD_BYTES + 1_000_000;
/** Small JSON bodies (sessions, prompts, captions). */
export const MAX_JSON_BYTES = 16_000;
/**
 * The largest body any route reads (download-meme's base64 canvas). The router refuses anything declared larger
 * before a handler runs; each route then applies its own, smaller limit.
 */
export const MAX_BODY_BYTES = 17 * 1024 * 1024;
/**
 * The body read deadline: a request whose body stops arriving for this long is answered 408 and closed, so a client
 * that declares a body and sends half of it cannot hold a request open (nothing in front of the Worker times it out).
 */
export const BODY_READ_IDLE_MS = 30_000;

/**
 * A picture sent by address (`url` instead of the file, ADR 0131): the longest address taken, the redirects followed
 * (each one checked again), and the deadline for the whole fetch, every hop and the body included. Its bytes are held
 * to MAX_UPLOAD_BYTES like an upload's.
 */
export const SOURCE_URL_MAX_CHARS = 2048;
export const SOURCE_MAX_REDIRECTS = 3;
export const SOURCE_DEADLINE_MS = 15_000;

/**
 * Decompression-bomb guard: images whose header declares more pixels than this are refused with 413 before any
 * decoding. 50 MP covers phone and camera photos; image tools apply their own, smaller budgets for WASM work.
 */
export const MAX_IMAGE_PIXELS = 50_000_000;

export const PROMPT_MAX_CHARS = 500;
export const TEMPLATE_SEARCH_MAX_CHARS = 100;

/**
 * "What's your meme about?" (POST /api/memes/suggest, ADR 0173): a topic is one line, at most this long (a longer
 * one is 413, naming the length); one request answers SUGGEST_DEFAULT_COUNT candidates, or 1 to SUGGEST_MAX_COUNT.
 */
export const TOPIC_MAX_CHARS = 280;
export const SUGGEST_DEFAULT_COUNT = 3;
export const SUGGEST_MAX_COUNT = 6;

/**
 * The free daily allowance of AI operations. The original brief's copy said both 10 (plan card) and 5 (FAQ);
 * the product uses this one number everywhere and renders it from here.
 */
export const FREE_DAILY_AI_LIMIT = 10;
/**
 * The billed image-service calls a free visitor's searches may make in a UTC day (ADR 0148), counted like the AI
 * allowance on the visitor's cookie and network: `format=auto`'s AVIF tries (two or three a photo) and, on pictures
 * only the image service can hold, the extra calls of `quality=auto` (the sample and the check), of a target size (its
 * second and third tries), of `format=auto` at a fixed quality (its second format) and of a smart crop (the copy the
 * subject is found on). The one call any operation on such a picture needs is not counted here. Past it the searches
 * are not made: auto chooses among the formats the Worker writes itself, a large `quality=auto` is one encode at the
 * default quality, a target size takes its first try, a large smart crop keeps the centre, and the notes say so. Premium members and API keys have no cap. About 10–15 searched compresses a
 * day; at $0.50 per 1,000 transformations (docs/deploy.md) at most $0.015 a day per visitor and per network.
 */
export const FREE_DAILY_SEARCH_CALLS = 30;
export const LOW_QUOTA_WARNING_AT = 2;
export const USAGE_STALE_MS = 30_000;

export const IMAGE_TTL_SECONDS_DEFAULT = 3600;

/** How long a premium session lasts after the access code is accepted. */
export const PREMIUM_SESSION_TTL_SECONDS = 12 * 60 * 60;
/**
 * Access-code guessing (ADR 0110). A visitor (cookie) may get the code wrong this many times a minute and this many
 * times an hour; past either it waits out that window (a stepped backoff). A network (IPv4 address, IPv6 /64) is
 * refused as a whole only when this many different visitors got it wrong within the hour: one neighbour's typos never
 * lock out the rest of an office, while a guesser who clears cookies between guesses soon does.
 */
export const ACCESS_CODE_MAX_FAILURES_PER_MINUTE = 5;
export const ACCESS_CODE_MAX_FAILURES_PER_HOUR = 20;
export const ACCESS_CODE_MAX_FAILING_VISITORS_PER_HOUR = 10;

/**
 * Accounts (ADR 0170). A signed-in device stays signed in this long (each sign-in is its own session, listed and
 * ended from the account page). A passkey ceremony's challenge lives on the server this long and is used once. Sign-in
 * attempts that fail (an unknown passkey, a bad signature, a wrong recovery code) are counted like wrong access codes,
 * with the same numbers (ADR 0110).
 */
export const ACCOUNT_SESSION_TTL_SECONDS = 30 * 24 * 60 * 60;
export const WEBAUTHN_CHALLENGE_TTL_SECONDS = 5 * 60;

export const TOAST_DURATION_MS = 5000;
export const UPLOAD_REDIRECT_DELAY_MS = 1000;

export const CAROUSEL_PAGE_SIZE = 8;
export const CAROUSEL_POPULAR_COUNT = 16;
export const CAROUSEL_INTERVAL_MS = 4000;

export const HISTORY_MAX_SNAPSHOTS = 30;
/**
 * Auto Crop trims to the content itself. The original brief's 20 px padding became a white frame around every cropped
 * download (ADR 0120).
 */
export const AUTO_CROP_PADDING_PX = 0;
export const CANVAS_INITIAL = { width: 900, height: 650 } as const;
export const EXPORT_SCALE = 2;
/**
 * A download with a picture is at the picture's own resolution (the same file on every screen); without one, at
 * EXPORT_SCALE × the blank canvas. Its long side is capped here (4096 px: 16.7 MP, within every browser's canvas limit
 * and the download-meme body limit as JPEG or WebP).
 */
export const EXPORT_MAX_SIDE = 4096;
/**
 * The editor's default download, the share size: long side at most 2048 px, and a JPG or WebP kept under 5 MB,
 * the image limit of X's media upload (https://docs.x.com/x-api/media), the smallest of the big networks'. 5 MB
 * is read as 5,000,000 bytes, the stricter reading. ADR 0120.
 */
export const SHARE_MAX_SIDE = 2048;
export const SHARE_MAX_BYTES = 5_000_000;
/**
 * JPG and WebP downloads start at quality 0.92 (the browsers' own JPEG default; the brief's 1 made a 12 MP photo's file
 * 1.75 times larger for no visible gain) and step down this ladder only to fit a share-size file under SHARE_MAX_BYTES.
 */
export const EXPORT_QUALITY = 0.92;
export const EXPORT_QUALITY_LADDER = [0.92, 0.85, 0.8, 0.75, 0.7, 0.6, 0.5, 0.4] as const;
/**
 * Largest canvas data URL accepted by download-meme (base64 of an export), the premium save to the dashboard; the
 * editor says so in words before sending a larger one. Downloads never go through the server (ADR 0120).
 */
export const MAX_CANVAS_DATA_CHARS = 16 * 1024 * 1024;

/** How many caption suggestions one request answers with. */
export const CAPTION_SUGGESTIONS = 8;

/**
 * Per-visitor request budgets per minute (both visitor keys), answered 429 with Retry-After when spent. Generous
 * for a person clicking through the tools (and for the e2e suites), small enough to stop a script hammering
 * WASM codecs or R2 writes. AI generation also has its daily allowance; this only stops bursts.
 */
export const RATE_LIMIT_WINDOW_MS = 60_000;
export const RATE_LIMITS_PER_MINUTE = {
  upload: 60,
  tools: 60,
  'generate-image': 20,
  // Caption ideas do not count against the daily allowance, but reach an LLM in production.
  'generate-captions': 20,
  // A share's delete: a person deletes one at a time; each one writes D1, deletes from R2 and may call Cloudflare's
  // purge API, and a wrong token costs a D1 read and a hash.
  'delete-share': 20,
  // The contact form (ADR 0158): a person sends one message, maybe a correction; a script filling D1 is stopped here.
  contact: 5,
} as const;
export type RateLimitedRoute = keyof typeof RATE_LIMITS_PER_MINUTE;

/**
 * API keys (ADR 0107): calls each key may make per UTC month (the Business plan's "API: 10,000 calls per month";
 * the Worker reads API_MONTHLY_CALLS from its environment, with this as the default), and how many active keys a
 * member may hold at once.
 */
export const API_MONTHLY_CALLS = 10_000;
/**
 * How long a key's calls may wait in its counting object before they are written to D1 (ADR 0149): the meter itself is
 * exact at once (the 429 and each answer's RateLimit-Remaining); the dashboard's figures trail it by at most this.
 */
export const API_KEY_USAGE_FLUSH_MS = 10_000;
export const API_KEYS_MAX_ACTIVE = 10;
export const API_KEY_NAME_MAX_CHARS = 60;

/**
 * The contact form (ADR 0158): what one message may hold, and how long the operator keeps it (the cron deletes
 * older ones; docs/product.md §2 and the privacy page say so).
 */
export const CONTACT_NAME_MAX_CHARS = 100;
/** RFC 5321's longest forward path, the longest address a mail server takes. */
export const CONTACT_EMAIL_MAX_CHARS = 254;
export const CONTACT_MESSAGE_MAX_CHARS = 5000;
export const CONTACT_KEPT_DAYS = 90;

/** Days in the dashboard's 'Usage Trends' chart, today included. */
export const DASHBOARD_TREND_DAYS = 30;

/**
 * The scale of the 'Usage Analytics' bar: Premium has no cap, so the bar measures a month's AI operations against
 * this fair-use reference ('N of 1,000', docs/product.md §6). Nothing enforces it (ADR 0091).
 */
export const PREMIUM_MONTHLY_AI_GUIDE = 1000;
