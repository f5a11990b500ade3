/**
 * What a deployed environment (production, or its copy staging, ADR 0145) is made of, read the way wrangler reads it:
 * the API Worker's environment and the Pages app's production and preview environments (bindings, vars, crons,
 * limits), and where a deploy writes its files. What the code reads from it is code-needs.ts; the deploy config with
 * the real database id and the site's origin is generated-api-config.ts (under .tmp/, so no account's ids are ever
 * committed).
 */
import { unstable_readConfig } from 'wrangler';
import type { DeployEnvironment } from './operator-config';

export const API_CONFIG = 'workers/api/wrangler.toml';
export const PAGES_CONFIG = 'wrangler.toml';
export const ENVIRONMENT = 'production';

/** Where a deploy of `environment` writes its files: production's under .tmp/deploy, staging's beside them. */
export function deployPaths(environment: DeployEnvironment) {
  const dir = environment === 'production' ? '.tmp/deploy' : `.tmp/deploy/${environment}`;
  return {
    apiConfig: `${dir}/api/wrangler.jsonc`,
    apiDist: `${dir}/api/dist`,
    pagesFunctions: `${dir}/pages`,
    /** Staging's Pages app is deployed from here: its own wrangler config and a link to functions/ (pages-config.ts). */
    pagesDir: `${dir}/pages-app`,
    seedSql: `${dir}/seed-templates.sql`,
    lifecycleJson: `${dir}/r2-lifecycle.json`,
  };
}

/**
 * The Pages project of an environment: production's is the root wrangler.toml's `name`; staging's is a second
 * project beside it, so its production branch can be bound to the staging Worker.
 */
export const pagesProjectOf = (environment: DeployEnvironment, rootName: string) =>
  environment === 'production' ? rootName : `${rootName}-${environment}`;
/** Replaced by the database id once the deploy has found or created the database. */
export const DATABASE_ID_SLOT = '{DATABASE_ID}';

/** One environment as the deploy prints and checks it. */
export interface EnvironmentSummary {
  name: string;
  /** Binding name → what it is bound to ("D1 memeforge", "R2 memeforge-images", "service memeforge-api" …). */
  bindings: Record<string, string>;
  vars: Record<string, string>;
  crons: string[];
  cpuMs: number | undefined;
  observability: { enabled: boolean; headSamplingRate: number } | undefined;
  workersDev: boolean | undefined;
  previewUrls: boolean | undefined;
  /** `[secrets] required`: what `wrangler deploy` refuses to publish without. */
  secretsRequired: string[];
}

/** The part of wrangler's resolved config this module reads. */
interface Resolved {
  name: string;
  vars: Record<string, unknown>;
  d1_databases: { binding: string; database_name?: string; database_id?: string }[];
  r2_buckets: { binding: string; bucket_name?: string }[];
  kv_namespaces: { binding: string; id?: string }[];
  services: { binding: string; service: string }[];
  durable_objects: { bindings: { name: string; class_name: string }[] };
  ratelimits: { name: string; simple: { limit: number; period: number } }[];
  queues: { producers?: { binding: string; queue: string }[] };
  analytics_engine_datasets: { binding: string; dataset?: string }[];
  vectorize: { binding: string; index_name: string }[];
  hyperdrive: { binding: string; id: string }[];
  ai?: { binding: string };
  browser?: { binding: string };
  images?: { binding: string };
  version_metadata?: { binding: string };
  triggers: { crons?: string[] };
  limits?: { cpu_ms?: number };
  observability?: { enabled?: boolean; head_sampling_rate?: number };
  workers_dev?: boolean;
  preview_urls?: boolean;
  secrets?: { required?: string[] };
}

const readResolved = (config: string, env: string | undefined) =>
  unstable_readConfig({ config, env }, { hideWarnings: true }) as unknown as Resolved;

/** Every binding of an environment and what it points at. */
export function bindingsOf(c: Resolved): Record<string, string> {
  const out: Record<string, string> = {};
  for (const d of c.d1_databases) out[d.binding] = `D1 ${d.database_name ?? d.database_id}`;
  for (const b of c.r2_buckets) out[b.binding] = `R2 ${b.bucket_name}`;
  for (const k of c.kv_namespaces) out[k.binding] = `KV ${k.id}`;
  for (const s of c.services) out[s.binding] = `service ${s.service}`;
  for (const d of c.durable_objects.bindings) out[d.name] = `Durable Object ${d.class_name}`;
  for (const r of c.ratelimits ?? []) out[r.name] = `rate limit ${r.simple.limit}/${r.simple.period} s`;
  for (const q of c.queues.producers ?? []) out[q.binding] = `queue ${q.queue}`;
  for (const a of c.analytics_engine_datasets) out[a.binding] = `Analytics Engine ${a.dataset ?? a.binding}`;
  for (const v of c.vectorize) out[v.binding] = `Vectorize ${v.index_name}`;
  for (const h of c.hyperdrive) out[h.binding] = `Hyperdrive ${h.id}`;
  if (c.ai) out[c.ai.binding] = 'Workers AI';
  if (c.browser) out[c.browser.binding] = 'Browser Rendering';
  if (c.images) out[c.images.binding] = 'Images';
  if (c.version_metadata) out[c.version_metadata.binding] = 'version metadata';
  return out;
}

export function summarize(c: Resolved): EnvironmentSummary {
  return {
    name: c.name,
    bindings: bindingsOf(c),
    vars: Object.fromEntries(
      Object.entries(c.vars).map(([k, v]) => [k, typeof v === 'string' ? v : JSON.stringify(v)]),
    ),
    crons: c.triggers.crons ?? [],
    cpuMs: c.limits?.cpu_ms,
    observability: c.observability
      ? { enabled: c.observability.enabled === true, headSamplingRate: c.observability.head_sampling_rate ?? 1 }
      : undefined,
    workersDev: c.workers_dev,
    previewUrls: c.preview_urls,
    secretsRequired: c.secrets?.required ?? [],
  };
}

/** A Pages environment whose service bindings to the Worker `from` point at `to` instead (staging's copy of production's). */
function rebound(env: EnvironmentSummary, name: string, from: string, to: string): EnvironmentSummary {
  const bindings = Object.fromEntries(
    Object.entries(env.bindings).map(([k, v]) => [k, v === `service ${from}` ? `service ${to}` : v]),
  );
  return { ...env, name, bindings };
}

/**
 * An environment's API Worker, its Pages app's production and preview environments, and its D1 and R2 names. Staging's
 * Pages app is production's with its service binding pointed at the staging Worker (the config pages-config.ts writes).
 */
export function readEnvironment(environment: DeployEnvironment) {
  const api = readResolved(API_CONFIG, environment);
  const db = api.d1_databases.find((d) => d.binding === 'DB');
  const bucket = api.r2_buckets.find((b) => b.binding === 'BUCKET');
  if (!db?.database_name || !bucket?.bucket_name)
    throw new Error(`${API_CONFIG} [env.${environment}] must bind DB (with database_name) and BUCKET`);
  const project = pagesProjectOf(environment, readResolved(PAGES_CONFIG, undefined).name);
  const productionWorker = readResolved(API_CONFIG, 'production').name;
  const pages = (pagesEnv: string) =>
    rebound(summarize(readResolved(PAGES_CONFIG, pagesEnv)), project, productionWorker, api.name);
  return {
    environment,
    api: summarize(api),
    pages: { project, production: pages('production'), preview: pages('preview') },
    databaseName: db.database_name,
    bucketName: bucket.bucket_name,
  };
}

/** Production: what the operator importers write to with `--remote` (scripts/importers/remote-store.ts). */
export const readProduction = () => readEnvironment('production');
