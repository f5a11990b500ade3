/**
 * What the Worker learns about one request while answering it, in one object: the visitor it identified, the API key
 * call it authenticated, and the cookies the answer sets. The Worker's fetch (index.ts) makes one for each request and
 * hands it to the router, whose steps and handlers get it as their fourth argument (routes/handler.ts); when the
 * answer leaves, whatever it is (a result, an error, a refusal before any route), `withCookies` writes the cookies on
 * it, the one place a Set-Cookie header is written. Nothing here outlives the request, and no module keeps state per
 * request. This module imports nothing but the billed-call counter (a leaf), so visitor.ts, api-key.ts and
 * session.ts each read it without importing one another (api-key.ts and session.ts used to import each other). The
 * decision is ADR 0129; the billed calls and their header are ADR 0148.
 */
import { BILLED_CALLS_HEADER } from '../../../../core/api/billed-calls';
import { EVENT_STREAM_TYPE } from '../../../../core/api/tool-progress';
import { BilledCalls } from '../billed-calls';

export interface Visitor {
  /** The cookie's random id (also the premium member id of this browser). */
  id: string;
  /** `vid:{id}` and `ip:{hash}`: every quota and rate limit is counted on both. */
  keys: [string, string];
}

export interface PremiumSession {
  id: string;
  memberId: string;
  /** When the member first unlocked premium (ms). */
  memberSince: number;
  expiresAt: number;
}

/** A signed-in account's session (ADR 0170), and its premium when the account has unlocked it. */
export interface AccountSession {
  id: string;
  accountId: string;
  /** The account's premium session (its member id is the account's id), or null before the access code is given. */
  premium: PremiumSession | null;
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

const SET_COOKIE = 'set-cookie';

export class RequestContext {
  /**
   * The visitor every rate limit and allowance of this request counts on, identified once (`visitorOf` in
   * visitor.ts; a key's call sets it in api-key.ts). A promise, so callers side by side share one identification.
   */
  visitor: Promise<Visitor> | undefined;
  /**
   * The signed-in account of this request, or null (account-session.ts `accountOf`): read once, a promise as the
   * visitor is.
   */
  account: Promise<AccountSession | null> | undefined;
  /** The key call the router authenticated (api-key.ts), which metering and the answer's headers update. */
  keyedCall: KeyedCall | undefined;
  /** The billed calls this request has made so far: its seams count them (billed-calls.ts). */
  readonly billed = new BilledCalls();
  /** Set by the routes that can make a billed call (router.ts): their every answer says how many it made. */
  billable = false;
  readonly #cookies: string[] = [];
  #shared = false;

  /** A Set-Cookie value the answer must carry, whatever the answer turns out to be. */
  setCookie(value: string): void {
    this.#cookies.push(value);
  }

  /**
   * The answer is public and may be kept by shared caches (a meme URL, routes/memes-render.ts): it carries no cookie,
   * since a cached Set-Cookie would hand one visitor's id to everyone the cache serves. The visitor is still counted.
   */
  shareableAnswer(): void {
    this.#shared = true;
  }

  /**
   * A billable route's answer with `x-billed-calls`, whatever the answer (a result, a refusal, an error), written
   * last, once everything the request did has been counted. A stream has sent its headers before its work: its last
   * event carries the count instead (routes/tools/answer.ts).
   */
  withBilledCalls(response: Response): Response {
    if (!this.billable || (response.headers.get('content-type') ?? '').startsWith(EVENT_STREAM_TYPE)) return response;
    const count = String(this.billed.total);
    try {
      response.headers.set(BILLED_CALLS_HEADER, count);
      return response;
    } catch {
      // Responses passed through from elsewhere (a cache, a fetch) can have immutable headers: copy once.
      const out = new Response(response.body, response);
      out.headers.set(BILLED_CALLS_HEADER, count);
      return out;
    }
  }

  /** The answer with this request's cookies: the one place they are written. */
  withCookies(response: Response): Response {
    if (this.#shared) return response;
    let out = response;
    for (const cookie of this.#cookies) {
      try {
        out.headers.append(SET_COOKIE, cookie);
      } catch {
        // Responses passed through from elsewhere can have immutable headers: copy once.
        out = new Response(out.body, out);
        out.headers.append(SET_COOKIE, cookie);
      }
    }
    return out;
  }
}
