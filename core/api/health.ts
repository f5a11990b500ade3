import { z } from './zod';

/**
 * `GET /api/health` (ADR 0117). Each dependency is asked, not assumed: the database and storage make the site work at
 * all (`down` without them, 503); the image service, the HTML renderer and AI each carry some features (`degraded`
 * without one, still 200: those features answer 503 and everything else works).
 */
export const HEALTH_CHECK_DEADLINE_MS = 2000;
/** How long one round of checks answers every health request, so the route cannot be used to hammer its dependencies. */
export const HEALTH_CACHE_MS = 1000;

const checkSchema = z.object({
  ok: z.boolean(),
  ms: z.number().int().min(0).describe('How long the check took, in milliseconds.'),
  error: z.string().optional().describe('Why the check failed, in words.'),
});

const serviceCheckSchema = checkSchema.extend({
  provider: z
    .enum(['cloudflare', 'local', 'fake', 'none'])
    .describe(
      'What serves it: a Cloudflare binding (checked for presence only), the offline service, the test stand-in, or nothing configured.',
    ),
});

export const HEALTH_STATUSES = ['ok', 'degraded', 'down'] as const;

export const healthSchema = z.object({
  status: z
    .enum(HEALTH_STATUSES)
    .describe(
      '`ok`: everything answers. `degraded`: the site works, but a feature that needs the image service, the renderer or AI is unavailable. `down`: the database or storage does not answer.',
    ),
  ok: z.boolean().describe('The database and storage both answer (the same as `status` not being `down`).'),
  checkedAt: z.string().describe('When these checks ran (ISO 8601); answers within a few seconds reuse them.'),
  checks: z.object({
    db: checkSchema.describe('A trivial query to the database.'),
    bucket: checkSchema.describe('A lookup of one object in storage.'),
    images: serviceCheckSchema.describe('The image service that handles large pictures.'),
    renderer: serviceCheckSchema.describe('The renderer behind HTML to image.'),
    ai: serviceCheckSchema.describe('The AI provider.'),
  }),
  bindings: z
    .object({ db: z.boolean(), bucket: z.boolean(), images: z.boolean(), ai: z.string() })
    .meta({ deprecated: true })
    .describe('Deprecated: the same answers as `checks` (`ai` is the provider name). Read `checks` instead.'),
});
export type Health = z.infer<typeof healthSchema>;
export type HealthCheck = z.infer<typeof checkSchema>;
export type ServiceHealthCheck = z.infer<typeof serviceCheckSchema>;
