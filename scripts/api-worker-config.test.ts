/**
 * The API Worker's wrangler.toml, read the way wrangler reads it: the platform bindings of issue 21 (ADR 0112) are
 * declared in every environment (wrangler environments do not inherit bindings), and each route's Rate Limiting
 * binding allows exactly what core/limits.ts says, so the number every page and test uses is the one enforced.
 */
import { fileURLToPath } from 'node:url';
import { unstable_readConfig } from 'wrangler';
import { describe, expect, it } from 'vitest';
import { RATE_LIMIT_WINDOW_MS, RATE_LIMITS_PER_MINUTE } from '../core/limits';
import { RATE_LIMITERS } from '../workers/api/src/throttle';

const configPath = fileURLToPath(new URL('../workers/api/wrangler.toml', import.meta.url));

/** What this test reads of wrangler's resolved configuration. */
interface Declared {
  ratelimits: { name: string; namespace_id: string; simple: { limit: number; period: number } }[];
  durable_objects: { bindings: { name: string; class_name: string }[] };
  migrations: { tag: string; new_sqlite_classes?: string[] }[];
}

describe.each([undefined, 'production'])('workers/api/wrangler.toml, %s environment', (environment) => {
  const config = unstable_readConfig({ config: configPath, env: environment }) as unknown as Declared;

  it('limits each throttled route per minute exactly as core/limits.ts says', () => {
    for (const [route, binding] of Object.entries(RATE_LIMITERS)) {
      const declared = config.ratelimits.find((r) => r.name === binding);
      expect(declared, `${binding} for ${route}`).toBeDefined();
      expect(declared!.simple).toEqual({ limit: RATE_LIMITS_PER_MINUTE[route as keyof typeof RATE_LIMITS_PER_MINUTE], period: RATE_LIMIT_WINDOW_MS / 1000 });
    }
    // One namespace per route: a shared one would make the routes share one budget.
    expect(new Set(config.ratelimits.map((r) => r.namespace_id)).size).toBe(config.ratelimits.length);
  });

  it('binds the counting Durable Object, and a migration creates its class', () => {
    expect(config.durable_objects.bindings).toContainEqual(expect.objectContaining({ name: 'COUNTERS', class_name: 'CounterObject' }));
    expect(config.migrations.flatMap((m) => m.new_sqlite_classes ?? [])).toContain('CounterObject');
  });
});
