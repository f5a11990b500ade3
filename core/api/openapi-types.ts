/** How a route is described for the OpenAPI document (openapi-routes.ts writes them, openapi.ts reads them). */
import type { z } from './zod';
import type { ErrorCode } from './errors';
import type { RateLimitedRoute } from '../limits';
import type { UnbilledBurstRoute } from './billed-calls';

export type HttpMethod = 'get' | 'post' | 'delete';
export type JsonSchema = Record<string, unknown>;

/**
 * Who may call a route: anyone (a key or a session lifts the daily AI cap), a premium member (session or API key),
 * or a premium member in a browser (session only: key management).
 */
export type RouteAuth = 'public' | 'premium' | 'session';

export interface RouteError {
  status: number;
  code: ErrorCode;
  /** When this answer comes, in words for the integrator. */
  when: string;
  /** The burst limit this 429 is: written from the route's `throttle` (withRouterErrors in openapi-errors.ts). */
  burst?: RateLimitedRoute;
}

/**
 * A request that works as it is, for the curl examples (multipart: the fields besides the `image` file); a JSON body
 * may show a list of captions (`POST /api/memes/render`'s `lines`).
 */
type ExampleValue = string | number | boolean | string[] | { [key: string]: ExampleValue };
type Example = Record<string, ExampleValue>;

export type RouteBody =
  | { kind: 'json'; schema: z.ZodType; maxBytes: number; example: Example }
  /** Form fields plus the `image` file; `fields` may be a discriminated union on `operation`. */
  | { kind: 'multipart'; fields: z.ZodType; maxBytes: number; example: Example };

export type RouteAnswer =
  | {
      status: number;
      description: string;
      kind: 'json';
      schema: z.ZodType;
      id: string;
      streams?: boolean;
      headers?: Record<string, string>;
    }
  | { status: number; description: string; kind: 'image'; headers?: Record<string, string> }
  /** A download of one type (the account export's ZIP). */
  | { status: number; description: string; kind: 'file'; contentType: string; headers?: Record<string, string> }
  | { status: number; description: string; kind: 'empty'; headers?: Record<string, string> };

/** A burst limit whose route can make a billed call (core/api/billed-calls.ts). */
type BilledBurstRoute = Exclude<RateLimitedRoute, UnbilledBurstRoute>;

/**
 * What the Worker's router puts in front of the route's handler (workers/api/src/throttle.ts; ADR 0112, 0148, 0186).
 * Every kind names a burst limit, which the document shows as the route's 429 `rate_limited`. A route without one is
 * only metered for an API key, after the burst-limited routes (ADR 0121).
 */
export type RouteThrottle =
  /** The burst limit, then the key's unit; every answer says how many billed calls it made. */
  | { kind: 'throttled'; burst: BilledBurstRoute }
  /** The burst limit, then the key's unit; the route makes no billed call, so its answers do not say any. */
  | { kind: 'limited'; burst: UnbilledBurstRoute }
  /**
   * Its answers say their billed calls, and the handler applies the burst limit itself once its input is valid (the
   * meme URL, whose repeats the edge cache answers: ADR 0146).
   */
  | { kind: 'billable'; burst: BilledBurstRoute };

/** `Id` is the route's `operationId`, kept literal so the Worker's handler map must name every route (ADR 0186). */
export interface RouteDoc<Id extends string = string> {
  method: HttpMethod;
  /** OpenAPI style, `{id}` for a path parameter. */
  path: string;
  /** The Worker's handler for it, by name (ADR 0111): `<method><Resource>`. */
  operationId: Id;
  throttle?: RouteThrottle;
  tag: string;
  summary: string;
  description: string;
  auth: RouteAuth;
  pathParams?: Record<string, { description: string; example: string; schema?: z.ZodType }>;
  /**
   * Request headers the route reads: optional (the D1 bookmark, ADR 0115) unless `required`. `inExamples`: optional for
   * some callers but one a script sends (a share's delete token, not needed by the owner's own browser, ADR 0170).
   */
  headerParams?: Record<string, { description: string; example: string; required?: boolean; inExamples?: boolean }>;
  /** A classic or a mini (core/tools/meme-url.ts) object: the document reads either through zod's core. */
  query?: z.core.$ZodObject;
  body?: RouteBody;
  answers: RouteAnswer[];
  errors: RouteError[];
  /** Body size, pixels, rate limits: shown with the route and appended to its description. */
  limits?: string[];
}

export interface ApiInfo {
  version: string;
  tags: { name: string; description: string }[];
  routes: readonly RouteDoc[];
  /** Schemas used inside several answers, named so the document says them once. */
  shared?: Record<string, z.ZodType>;
}

/** A list of routes whose operation ids stay literal types (what `RouteKey` is made of). */
export const routeList = <const Id extends string>(routes: RouteDoc<Id>[]): RouteDoc<Id>[] => routes;
