/**
 * The API Worker's and the Pages app's wrangler.toml, read the way wrangler reads them: the platform bindings of
 * ADR 0112 are declared in every environment (wrangler environments do not inherit bindings), and each
 * route's Rate Limiting binding allows exactly what core/limits.ts says, so the number every page and test uses is
 * the one enforced. Production is private, observable and CPU-bounded, and Pages previews never reach production
 * data (ADR 0115). Staging is production with names of its own (ADR 0145).
 */
import { fileURLToPath } from 'node:url';
import { experimental_readRawConfig, unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_WINDOW_MS, RATE_LIMITS_PER_MINUTE } from '../core/limits';
import { RATE_LIMITERS } from '../workers/api/src/throttle';
import { worstRequestCpuSeconds } from './deploy/cpu-budget';

const configPath = fileURLToPath(new URL('../workers/api/wrangler.toml', import.meta.url));
const pagesConfigPath = fileURLToPath(new URL('../wrangler.toml', import.meta.url));

/** What this test reads of wrangler's resolved configuration. */
interface Declared {
  ratelimits: { name: string; namespace_id: string; simple: { limit: number; period: number } }[];
  durable_objects: { bindings: { name: string; class_name: string }[] };
  migrations: { tag: string; new_sqlite_classes?: string[] }[];
}

describe.each([undefined, 'production', 'staging'])('workers/api/wrangler.toml, %s environment', (environment) => {
  const config = unstable_readConfig({ config: configPath, env: environment }) as unknown as Declared;

  it('limits each throttled route per minute exactly as core/limits.ts says', () => {
    for (const [route, binding] of Object.entries(RATE_LIMITERS)) {
      const declared = config.ratelimits.find((r) => r.name === binding);
      expect(declared, `${binding} for ${route}`).toBeDefined();
      expect(declared!.simple).toEqual({
        limit: RATE_LIMITS_PER_MINUTE[route as keyof typeof RATE_LIMITS_PER_MINUTE],
        period: RATE_LIMIT_WINDOW_MS / 1000,
      });
    }
    // One namespace per route: a shared one would make the routes share one budget.
    expect(new Set(config.ratelimits.map((r) => r.namespace_id)).size).toBe(config.ratelimits.length);
  });

  it('binds the counting Durable Object, and a migration creates its class', () => {
    expect(config.durable_objects.bindings).toContainEqual(
      expect.objectContaining({ name: 'COUNTERS', class_name: 'CounterObject' }),
    );
    expect(config.migrations.flatMap((m) => m.new_sqlite_classes ?? [])).toContain('CounterObject');
  });
});

/** What these tests read of a production or preview environment. */
interface Deployed {
  name: string;
  workers_dev?: boolean;
  preview_urls?: boolean;
  observability?: { enabled?: boolean; head_sampling_rate?: number };
  limits?: { cpu_ms?: number };
  services: { binding: string; service: string }[];
  d1_databases: unknown[];
  r2_buckets: unknown[];
  kv_namespaces: unknown[];
  durable_objects: { bindings: unknown[] };
  queues: { producers?: unknown[] };
  vectorize: unknown[];
  hyperdrive: unknown[];
  analytics_engine_datasets: unknown[];
  ai?: unknown;
  browser?: unknown;
  vars: Record<string, unknown>;
}

const read = (path: string, env?: string) =>
  unstable_readConfig({ config: path, env }, { hideWarnings: true }) as unknown as Deployed;

describe.each(['production', 'staging'])('workers/api/wrangler.toml, %s', (environment) => {
  const config = read(configPath, environment);

  it('has no public workers.dev URL and no preview URLs: it is reached only through the Pages app', () => {
    expect(config.workers_dev).toBe(false);
    expect(config.preview_urls).toBe(false);
  });

  it('sends its logs to Workers Logs with a sampling rate between 0 and 1', () => {
    expect(config.observability?.enabled).toBe(true);
    const rate = config.observability?.head_sampling_rate ?? 1;
    expect(rate).toBeGreaterThan(0);
    expect(rate).toBeLessThanOrEqual(1);
  });

  it('caps CPU below the platform default and at least 3x the heaviest request the isolate accepts', () => {
    const worstMs = worstRequestCpuSeconds().total * 1000;
    expect(config.limits?.cpu_ms).toBeGreaterThanOrEqual(3 * worstMs);
    expect(config.limits?.cpu_ms).toBeLessThan(30_000);
  });

  it('trusts CF-Connecting-IP, which only Cloudflare’s edge sets, and binds the real AI, Images and Browser Rendering', () => {
    expect(config.vars.CLIENT_ADDRESS).toBe('cf-connecting-ip');
    expect([config.vars.AI_PROVIDER, config.vars.IMAGE_SERVICE, config.vars.HTML_RENDERER]).toEqual([
      'cloudflare',
      'cloudflare',
      'cloudflare',
    ]);
    expect(config.ai).toBeDefined();
    expect(config.browser).toBeDefined();
  });
});

describe('workers/api/wrangler.toml, staging against production', () => {
  type RawEnv = Record<string, unknown> & {
    name: string;
    d1_databases: { database_name: string }[];
    r2_buckets: { bucket_name: string }[];
    ratelimits: { namespace_id: string }[];
  };
  const { rawConfig } = experimental_readRawConfig({ config: configPath });
  const { production, staging } = (rawConfig as { env: Record<'production' | 'staging', RawEnv> }).env;
  /** An environment with its names taken out: what must be equal. */
  const withoutNames = (env: RawEnv) => ({
    ...env,
    name: '',
    d1_databases: env.d1_databases.map((d) => ({ ...d, database_name: '' })),
    r2_buckets: env.r2_buckets.map((b) => ({ ...b, bucket_name: '' })),
    ratelimits: env.ratelimits.map((r) => ({ ...r, namespace_id: '' })),
  });

  it('is production but for its names: every binding, var, limit, cron and setting the same', () => {
    expect(withoutNames(staging)).toEqual(withoutNames(production));
  });

  it('names its own Worker, database, bucket and rate-limit namespaces, none of production’s', () => {
    expect(staging.name).not.toBe(production.name);
    expect(staging.d1_databases[0]!.database_name).not.toBe(production.d1_databases[0]!.database_name);
    expect(staging.r2_buckets[0]!.bucket_name).not.toBe(production.r2_buckets[0]!.bucket_name);
    // Namespace ids are unique within the account: sharing one would make staging's tests spend production's limits.
    const productionIds = new Set(production.ratelimits.map((r) => r.namespace_id));
    expect(staging.ratelimits.filter((r) => productionIds.has(r.namespace_id))).toEqual([]);
  });
});

describe('wrangler.toml (the Pages app)', () => {
  const production = read(pagesConfigPath, 'production');
  const preview = read(pagesConfigPath, 'preview');

  it('binds production to the production API Worker', () => {
    expect(production.services).toEqual([{ binding: 'API', service: read(configPath, 'production').name }]);
  });

  it('binds preview deployments to nothing, so no branch reaches production data', () => {
    const bindings = [
      preview.services,
      preview.d1_databases,
      preview.r2_buckets,
      preview.kv_namespaces,
      preview.durable_objects.bindings,
      preview.queues.producers ?? [],
      preview.vectorize,
      preview.hyperdrive,
      preview.analytics_engine_datasets,
    ];
    expect(bindings.every((list) => list.length === 0)).toBe(true);
    expect(preview.ai).toBeUndefined();
    expect(preview.browser).toBeUndefined();
  });

  it('allows /api/* the API Worker’s CPU, since a service binding shares the calling request’s CPU', () => {
    expect(production.limits?.cpu_ms).toBe(read(configPath, 'production').limits?.cpu_ms);
    expect(preview.limits?.cpu_ms).toBe(production.limits?.cpu_ms);
  });
});
