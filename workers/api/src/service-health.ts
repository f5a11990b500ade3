/**
 * How `GET /api/health` asks a dependency whether it works (ADR 0117). Each service module says how it is asked
 * (imaging/service, render, ai): the offline services answer `GET /health`; a Cloudflare binding is only checked for
 * presence, since asking it would be a billed call (an Images transformation, a browser session, a model run).
 */
import type { ServiceHealthCheck } from '../../../core/api/health';

export type Provider = ServiceHealthCheck['provider'];

/** A failed check, in words for whoever reads the health answer. */
export class Unhealthy extends Error {}

export interface ServiceProbe {
  provider: Provider;
  /** Resolves when the dependency works; throws `Unhealthy` (or anything) when it does not. */
  check(signal: AbortSignal): Promise<void>;
}

export const notConfigured = (what: string): ServiceProbe => ({
  provider: 'none',
  check: async () => {
    throw new Unhealthy(`No ${what} is configured.`);
  },
});

export const bindingPresent = (present: boolean, what: string): ServiceProbe =>
  present ? { provider: 'cloudflare', check: async () => undefined } : notConfigured(what);

/**
 * `GET <url>/health` on an offline service, through the service binding the tests use or the global fetch.
 * A 2xx is health; no answer, a late one or any other status is not.
 */
export function pingLocal(fetcher: { fetch: typeof fetch } | undefined, url: string, what: string): ServiceProbe {
  const base = url.replace(/\/+$/, '');
  return {
    provider: 'local',
    async check(signal) {
      let res: Response;
      try {
        res = fetcher ? await fetcher.fetch(`${base}/health`, { signal }) : await fetch(`${base}/health`, { signal });
      } catch {
        throw new Unhealthy(signal.aborted ? `The ${what} did not answer in time.` : `The ${what} is not running.`);
      }
      await res.body?.cancel();
      if (!res.ok) throw new Unhealthy(`The ${what} answered ${res.status}.`);
    },
  };
}
