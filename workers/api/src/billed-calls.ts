/**
 * The billed calls one request makes (ADR 0148), counted where each call is made: the image service's adapters
 * before they call the Images binding or the offline service, the AI provider before each Workers AI run or Images
 * binding call (the offline providers once per operation, as production would bill it), the HTML renderer once per
 * page. The request context holds one of these (identity/request-context.ts) and index.ts writes its total on the
 * answer as `x-billed-calls` (core/api/billed-calls.ts); a streamed answer sends it in its last event.
 *
 * A call is counted when it is made, whether it then succeeds or not: production may bill a failed call, and the
 * count is meant as the most a request can have cost. This module imports nothing of the Worker, so every seam can
 * take a `Bill` without importing the others.
 */
import type { PaidService } from '../../../core/api/billed-calls';

export type { PaidService } from '../../../core/api/billed-calls';

/** Counts one billed call of `service`. */
export type Bill = (service: PaidService) => void;

/** For calls made outside a request (tests, benches, the health route's probes, which make no billed call). */
export const notBilled: Bill = () => undefined;

export class BilledCalls {
  readonly calls: Record<PaidService, number> = { images: 0, ai: 0, browser: 0 };
  /** Pass this to a seam: it counts on this request. */
  readonly bill: Bill = (service) => {
    this.calls[service] += 1;
  };

  get total(): number {
    return this.calls.images + this.calls.ai + this.calls.browser;
  }
}
