import {
  HEALTH_CACHE_MS,
  HEALTH_CHECK_DEADLINE_MS,
  type Health,
  type HealthCheck,
  type ServiceHealthCheck,
} from '../../../../core/api/health';
import { aiProbe, aiProviderName } from '../ai';
import { pingDatabase } from '../db/health';
import { json } from '../http';
import { imageServiceProbe } from '../imaging/engine';
import { rendererProbe } from '../render';
import { Unhealthy, type ServiceProbe } from '../service-health';

/**
 * `GET /api/health` (ADR 0117): asks every dependency, in parallel, each with a deadline. 200 with `ok` or
 * `degraded` while the database and storage answer (the site works; a feature may not), 503 `down` when one of them
 * does not. Never a 500: a failing check is an answer, not an error.
 */
export function healthRoute({ cacheMs = HEALTH_CACHE_MS, deadlineMs = HEALTH_CHECK_DEADLINE_MS } = {}) {
  // Per isolate. Only finished results are kept (a promise begun in one request must not be awaited by another).
  let last: { at: number; body: Health } | undefined;
  let checkingSince = Number.NEGATIVE_INFINITY;

  return async function getHealth(_request: Request, env: Env): Promise<Response> {
    const now = Date.now();
    let body: Health;
    // Fresh enough, or another request is checking right now (not stuck past its deadline): the last answer will do.
    if (last && (now - last.at < cacheMs || now - checkingSince < deadlineMs + 1000)) body = last.body;
    else {
      checkingSince = now;
      body = await checkAll(env, deadlineMs);
      last = { at: Date.now(), body };
      // Cleared here, not in a finally: a request cancelled mid-check leaves it set, and the deadline above expires it.
      checkingSince = Number.NEGATIVE_INFINITY;
    }
    return json(body, { status: body.status === 'down' ? 503 : 200 });
  };
}

export const getHealth = healthRoute();

async function checkAll(env: Env, deadlineMs: number): Promise<Health> {
  const service = async (probe: ServiceProbe): Promise<ServiceHealthCheck> => ({
    ...(await timed(probe.check, deadlineMs)),
    provider: probe.provider,
  });
  const [db, bucket, images, renderer, ai] = await Promise.all([
    timed(async () => {
      if (!(await pingDatabase(env.DB))) throw new Unhealthy('The database did not answer the query.');
    }, deadlineMs),
    timed(async () => {
      await env.BUCKET.head('health-probe').catch(() => {
        throw new Unhealthy('Storage did not answer.');
      });
    }, deadlineMs),
    service(imageServiceProbe(env)),
    service(rendererProbe(env)),
    service(aiProbe(env)),
  ]);
  const core = db.ok && bucket.ok;
  return {
    status: !core ? 'down' : images.ok && renderer.ok && ai.ok ? 'ok' : 'degraded',
    ok: core,
    checkedAt: new Date().toISOString(),
    checks: { db, bucket, images, renderer, ai },
    bindings: { db: db.ok, bucket: bucket.ok, images: images.ok, ai: aiProviderName(env) },
  };
}

/** Runs one check against its deadline; what it took, and in words why it failed. */
async function timed(check: (signal: AbortSignal) => Promise<void>, deadlineMs: number): Promise<HealthCheck> {
  const started = Date.now();
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  const late = new Promise<never>((_, reject) => {
    timer = setTimeout(() => {
      controller.abort();
      reject(new Unhealthy(`No answer within ${deadlineMs / 1000} s.`));
    }, deadlineMs);
  });
  try {
    await Promise.race([check(controller.signal), late]);
    return { ok: true, ms: Date.now() - started };
  } catch (err) {
    // Our own words only: a binding's error text is not for the public.
    return { ok: false, ms: Date.now() - started, error: err instanceof Unhealthy ? err.message : 'The check failed.' };
  } finally {
    clearTimeout(timer);
  }
}
