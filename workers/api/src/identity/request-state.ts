/**
 * What the Worker has learnt about one request while answering it, for the router's later steps and the handler:
 * the visitor it identified and the API key call it authenticated. Each is a WeakMap keyed by the Request, so nothing
 * outlives the request. They live here, in a module that imports nothing, so that visitor.ts, api-key.ts and
 * session.ts each read them without importing one another (api-key.ts and session.ts used to import each other).
 */

export interface Visitor {
  /** The cookie's random id (also the premium member id of this browser). */
  id: string;
  /** `vid:{id}` and `ip:{hash}`: every quota and rate limit is counted on both. */
  keys: [string, string];
  /** A Set-Cookie value to send when the visitor had no valid cookie yet. */
  setCookie?: string;
}

export interface PremiumSession {
  id: string;
  memberId: string;
  /** When the member first unlocked premium (ms). */
  memberSince: number;
  expiresAt: number;
}

/** A call made with a key: who it is, and where its allowance stands after this call. */
export interface KeyedCall {
  keyId: string;
  session: PremiumSession;
  month: string;
  limit: number;
  /** Calls this month: before metering, those already made; after, including this one (the limit when refused). */
  calls: number;
  /** Seconds until the allowance starts again. */
  resetSeconds: number;
  /** Whether `meterKeyCall` has run for this request. */
  metered: boolean;
  /** True once this call took a unit (what a failure on our side gives back). */
  counted: boolean;
  now: number;
}

/**
 * Visitors already identified for a request (by the rate limiter, before the handler). Their cookie, if new, is sent
 * by whoever identified them first, so later callers get the same id without a second Set-Cookie.
 */
const visitors = new WeakMap<Request, Visitor>();

export function rememberVisitor(request: Request, visitor: Visitor): void {
  visitors.set(request, { id: visitor.id, keys: visitor.keys });
}

export const rememberedVisitor = (request: Request): Visitor | undefined => visitors.get(request);

/** The key call authenticated for a request (identity/api-key.ts), which metering and the answer's headers update. */
const keyedCalls = new WeakMap<Request, KeyedCall>();

export function rememberKeyedCall(request: Request, call: KeyedCall): void {
  keyedCalls.set(request, call);
}

export const keyedCall = (request: Request): KeyedCall | undefined => keyedCalls.get(request);

/** The session a key stands for on this request, or undefined when the request carries no key. */
export const keyedSession = (request: Request): PremiumSession | undefined => keyedCalls.get(request)?.session;
