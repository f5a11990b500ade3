import type { RateLimitedRoute } from '../limits';

/**
 * How an answer says what it cost (ADR 0148): every answer of a route that can make a billed call (the Images
 * binding or the image service, Workers AI, a Browser Rendering page) carries `x-billed-calls`, the number of such
 * calls the request made, an integer, 0 when it made none. A streamed answer (`text/event-stream`) has sent its
 * headers before the work starts, so it carries no such header: its last event (`result` or `error`) has the same
 * number as `billedCalls`. An answer the site's edge cache replays (`x-cache: hit`) never reached the API and
 * carries none (app/lib/edge-cache.server.ts keeps only the headers about the bytes). Shared by the Worker, the
 * OpenAPI document and the smoke script.
 */
export const BILLED_CALLS_HEADER = 'x-billed-calls';

/**
 * The burst-limited routes that make no billed call, so carry no header: a share delete writes only our own D1 and
 * R2 (and purges our own edge cache, which is free); a contact message (ADR 0158) writes one D1 row. Every other
 * burst-limited route can bill.
 */
export const UNBILLED_BURST_ROUTES = ['delete-share', 'contact'] as const satisfies readonly RateLimitedRoute[];
export type UnbilledBurstRoute = (typeof UNBILLED_BURST_ROUTES)[number];

/** The paid services whose calls are counted. */
export const PAID_SERVICES = ['images', 'ai', 'browser'] as const;
export type PaidService = (typeof PAID_SERVICES)[number];

/** What the OpenAPI document and docs/api.md say of the header. */
export const BILLED_CALLS_DESCRIPTION =
  'How many billed calls this request made: Images binding (image service) transformations, Workers AI runs and Browser Rendering pages, each counted when it is made (a call that then fails counts too). 0 when the work stayed in the Worker. A streamed answer carries it as `billedCalls` in its last event instead.';
