/**
 * API keys of premium members (ADR 0107): created, listed and revoked with a dashboard session, then sent by programs
 * as `Authorization: Bearer mf_…` on any API route, each call spending one unit of the key's monthly allowance.
 */
import { API_KEY_NAME_MAX_CHARS, API_KEYS_MAX_ACTIVE, API_MONTHLY_CALLS } from '../limits';
import { z } from './zod';

export { API_KEY_NAME_MAX_CHARS, API_KEYS_MAX_ACTIVE, API_MONTHLY_CALLS };

/** Every key starts with this, so a leaked one is recognisable (secret scanners, logs). */
export const API_KEY_PREFIX = 'mf_';
/** `mf_` and 32 random bytes in base64url (43 characters, no padding). */
export const API_KEY_PATTERN = /^mf_[A-Za-z0-9_-]{43}$/;
/** How many characters of a key the dashboard shows: `mf_` and the first four random ones. */
export const API_KEY_DISPLAY_CHARS = API_KEY_PREFIX.length + 4;

/** POST /api/keys */
export const apiKeyCreateRequestSchema = z.object({
  name: z
    .string({ error: 'Please give the key a name.' })
    .trim()
    .min(1, 'Please give the key a name.')
    .max(API_KEY_NAME_MAX_CHARS, `Please keep the name to ${API_KEY_NAME_MAX_CHARS} characters or fewer.`),
});

/** The `:id` of DELETE /api/keys/:id: 32 lower-case hex characters. */
export const apiKeyIdSchema = z.string().regex(/^[0-9a-f]{32}$/, 'There is no API key with that id.');

/** One key as the list shows it: never the key itself, only its first characters. */
export const apiKeySchema = z.object({
  id: z.string(),
  name: z.string(),
  /** e.g. `mf_ab12`; the UI adds an ellipsis. */
  prefix: z.string(),
  /** ISO 8601. */
  createdAt: z.string(),
  /** ISO 8601, or null when the key was never used. */
  lastUsedAt: z.string().nullable(),
  /** Calls in the current UTC month. */
  callsThisMonth: z.number().int().nonnegative(),
});
export type ApiKey = z.infer<typeof apiKeySchema>;

/** GET /api/keys: the member's active keys, newest first, with this month's allowance. */
export const apiKeyListResponseSchema = z.object({
  keys: z.array(apiKeySchema),
  /** The current UTC month, YYYY-MM. */
  month: z.string().regex(/^\d{4}-\d{2}$/),
  /** Calls each key may make per UTC month. */
  monthlyLimit: z.number().int().positive(),
  /** When every key's count starts again (the next UTC month), ISO 8601. */
  resetsAt: z.string(),
  /** This month's calls of all the member's keys, revoked ones included. */
  callsThisMonth: z.number().int().nonnegative(),
  maxActiveKeys: z.number().int().positive(),
});
export type ApiKeyList = z.infer<typeof apiKeyListResponseSchema>;

/** POST /api/keys answers 201 with the key itself: the only time it is ever sent. */
export const apiKeyCreatedResponseSchema = apiKeySchema.extend({
  key: z.string().regex(API_KEY_PATTERN),
});
export type ApiKeyCreated = z.infer<typeof apiKeyCreatedResponseSchema>;

/** DELETE /api/keys/:id answers 204 with no body; the key stops working at once. */

/**
 * Headers on every answer to a call made with a key (IETF draft "RateLimit header fields for HTTP", the
 * `RateLimit-Limit/Remaining/Reset` form, and the older `X-RateLimit-*` names many clients read). Reset is the
 * number of seconds until the allowance starts again (the next UTC month). A 429 also carries `Retry-After`.
 */
export const RATE_LIMIT_HEADERS = {
  limit: ['ratelimit-limit', 'x-ratelimit-limit'],
  remaining: ['ratelimit-remaining', 'x-ratelimit-remaining'],
  reset: ['ratelimit-reset', 'x-ratelimit-reset'],
} as const;

export const API_KEY_MESSAGES = {
  malformed: 'The Authorization header must be "Bearer mf_…" with an API key from your dashboard.',
  unknown: 'This API key is not valid or has been revoked. Create a new one on your dashboard.',
  browserOnly: 'API keys cannot be used here: this route is for the dashboard in a browser.',
  tooMany: `You already have ${API_KEYS_MAX_ACTIVE} active API keys. Revoke one on your dashboard before creating another.`,
  notFound: 'There is no API key with that id.',
  monthlyLimit: (limit: number) =>
    `This API key has used its ${limit.toLocaleString('en-US')} calls for this month. The allowance starts again on the 1st (UTC).`,
} as const;

/**
 * Routes only a browser may use: a key cannot open premium sessions, mint keys, or create, sign in to, read or delete
 * an account (ADR 0107, 0170). The Worker refuses a key there (identity/api-key.ts) and the API document says so.
 */
export const BROWSER_ONLY_PATHS = /^\/api\/(session|keys|account)(\/|$)/;
