/**
 * What a deployed environment (production, or its copy staging, ADR 0145) is made of, read the way wrangler reads it:
 * the API Worker's environment and the Pages app's production and preview environments (bindings, vars, crons,
 * limits), what the code reads (the generated `Env` type and the Pages app's `PagesEnv`), the secrets it requires
 * (`[secrets] required`) and local development lists (workers/api/.dev.vars.example), and the deploy config with the
 * real database id and the site's origin (generated under .tmp/, so no account's ids are ever committed).
 */
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, relative, resolve } from 'node:path';
import ts from 'typescript';
import { experimental_readRawConfig, unstable_readConfig } from 'wrangler';
import type { DeployEnvironment } from './operator-config';

export const API_CONFIG = 'workers/api/wrangler.toml';
export const PAGES_CONFIG = 'wrangler.toml';
export const API_ENV_TYPES = 'workers/api/worker-configuration.d.ts';
export const PAGES_ENV_TYPES = 'app/env.d.ts';
export const SECRETS_EXAMPLE = 'workers/api/.dev.vars.example';
export const ENVIRONMENT = 'production';
/** The deploy config: the committed one with the resolved database id, next to nothing that is committed. */
export const GENERATED_API_CONFIG = '.tmp/deploy/api/wrangler.jsonc';

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

/**
 * The members of every interface named `name` in a declaration file (the generated `Cloudflare.Env`, or `PagesEnv`),
 * with whether each is optional. Parsed with TypeScript itself, so a reformatted generated file still reads.
 */
export function interfaceMembers(source: string, name: string): { name: string; optional: boolean }[] {
  const file = ts.createSourceFile('env.d.ts', source, ts.ScriptTarget.Latest, false, ts.ScriptKind.TS);
  const declarations = new Map<string, ts.InterfaceDeclaration[]>();
  const collect = (node: ts.Node) => {
    if (ts.isInterfaceDeclaration(node))
      declarations.set(node.name.text, [...(declarations.get(node.name.text) ?? []), node]);
    ts.forEachChild(node, collect);
  };
  collect(file);
  const found = new Map<string, boolean>();
  const seen = new Set<string>();
  // wrangler 4.164 writes the members once in `__BaseEnv_Env` and `interface Env extends __BaseEnv_Env {}`: follow
  // what an interface extends when it is declared in the same file.
  const add = (interfaceName: string) => {
    if (seen.has(interfaceName)) return;
    seen.add(interfaceName);
    for (const node of declarations.get(interfaceName) ?? []) {
      for (const member of node.members) {
        if (
          ts.isPropertySignature(member) &&
          member.name &&
          (ts.isIdentifier(member.name) || ts.isStringLiteral(member.name))
        ) {
          found.set(member.name.text, (found.get(member.name.text) ?? true) && member.questionToken !== undefined);
        }
      }
      for (const clause of node.heritageClauses ?? []) {
        for (const type of clause.types) {
          const base = type.expression;
          add(ts.isIdentifier(base) ? base.text : ts.isPropertyAccessExpression(base) ? base.name.text : '');
        }
      }
    }
  };
  add(name);
  return [...found].map(([member, optional]) => ({ name: member, optional }));
}

/** Names set in a .dev.vars file (KEY=value lines). */
export function dotVarsNames(source: string): string[] {
  return source
    .split('\n')
    .map((line) => /^\s*([A-Za-z_][A-Za-z0-9_]*)\s*=/.exec(line)?.[1])
    .filter((n): n is string => n !== undefined);
}

/** What the code reads: the API Worker's generated Env, the Pages app's PagesEnv, and the secrets it expects. */
export function readCodeNeeds() {
  return {
    api: interfaceMembers(readFileSync(API_ENV_TYPES, 'utf8'), 'Env'),
    pages: interfaceMembers(readFileSync(PAGES_ENV_TYPES, 'utf8'), 'PagesEnv'),
    secrets: dotVarsNames(readFileSync(SECRETS_EXAMPLE, 'utf8')),
  };
}

/**
 * Everything the code reads that the environment does not provide, in words; [] when production is complete. A
 * name the code reads must be a binding or var of the environment, or one of `secrets` (set with `wrangler secret
 * put`). Optional members count too: the type says optional because another environment lacks them.
 */
export function missingFromProduction(
  reads: { name: string }[],
  env: Pick<EnvironmentSummary, 'bindings' | 'vars'>,
  secrets: string[],
  where: string,
): string[] {
  return reads
    .filter((r) => !(r.name in env.bindings) && !(r.name in env.vars) && !secrets.includes(r.name))
    .map((r) => `${where} reads ${r.name}, which production neither binds, sets as a var, nor requires as a secret`);
}

/**
 * The secrets production must have: its `[secrets] required` (what `wrangler deploy` refuses to publish without),
 * or, for a config without that section, the names of .dev.vars.example; never a name that is a var or binding.
 */
export function secretsOf(
  env: Pick<EnvironmentSummary, 'bindings' | 'vars' | 'secretsRequired'>,
  devVars: string[],
): string[] {
  const declared = env.secretsRequired.length ? env.secretsRequired : devVars;
  return declared.filter((s) => !(s in env.bindings) && !(s in env.vars));
}

/** Keys whose value is a path wrangler resolves against the config's folder, besides the two rewritten below. */
const UNHANDLED_PATH_KEYS = [
  'tsconfig',
  'base_dir',
  'build',
  'site',
  'assets',
  'alias',
  'wasm_modules',
  'text_blobs',
  'data_blobs',
];

type RawEnv = Record<string, unknown> & {
  main?: string;
  d1_databases?: Record<string, unknown>[];
  env?: Record<string, RawEnv>;
};

export interface GeneratedApiConfig {
  /** The database id of `environment` (DATABASE_ID_SLOT until it is known). */
  databaseId: string;
  environment?: DeployEnvironment;
  /** The environment's SITE_ORIGIN; the committed (empty) value when not given. */
  siteOrigin?: string;
  /** Its SITE_ALIASES (the pages.dev address beside a domain, ADR 0155); written with siteOrigin. */
  siteAliases?: string;
}

/**
 * The committed API config as JSON for the folder of `outPath`: paths moved to that folder, and the environment's
 * database id, SITE_ORIGIN and SITE_ALIASES set.
 */
export function generatedApiConfig(
  { databaseId, environment = ENVIRONMENT, siteOrigin, siteAliases = '' }: GeneratedApiConfig,
  outPath = deployPaths(environment).apiConfig,
): string {
  const { rawConfig, configPath } = experimental_readRawConfig({ config: API_CONFIG });
  if (!configPath) throw new Error(`${API_CONFIG} was not found`);
  const from = dirname(resolve(configPath));
  const to = dirname(resolve(outPath));
  const move = (p: string) => (isAbsolute(p) ? p : relative(to, resolve(from, p)));
  const fix = (env: RawEnv, name: string): RawEnv => {
    const bad = UNHANDLED_PATH_KEYS.filter((k) => k in env);
    if (bad.length)
      throw new Error(
        `${API_CONFIG} ${name} sets ${bad.join(', ')}: teach scripts/deploy/production-config.ts to move those paths`,
      );
    const out: RawEnv = { ...env };
    if (env.main) out.main = move(env.main);
    if (env.d1_databases) {
      out.d1_databases = env.d1_databases.map((d) => ({
        ...d,
        ...(typeof d.migrations_dir === 'string' ? { migrations_dir: move(d.migrations_dir) } : {}),
        ...(name === environment && d.binding === 'DB' ? { database_id: databaseId } : {}),
      }));
    }
    if (name === environment && siteOrigin !== undefined) {
      const vars = env.vars as Record<string, string> | undefined;
      for (const name of ['SITE_ORIGIN', 'SITE_ALIASES']) {
        if (vars?.[name] === undefined)
          throw new Error(`${API_CONFIG} [env.${environment}.vars] has no ${name} for the deploy to set`);
      }
      out.vars = { ...vars, SITE_ORIGIN: siteOrigin, SITE_ALIASES: siteAliases };
    }
    return out;
  };
  const raw = rawConfig as RawEnv;
  const config = fix(raw, 'top level');
  if (raw.env) config.env = Object.fromEntries(Object.entries(raw.env).map(([name, env]) => [name, fix(env, name)]));
  return `// Generated by npm run deploy from ${API_CONFIG}: not committed.\n${JSON.stringify(config, null, 2)}\n`;
}

/** The placeholder database id of the committed config, which a dry run bundles with. */
export function committedDatabaseId(): string {
  const match = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync(API_CONFIG, 'utf8'));
  return match?.[1] ?? '00000000-0000-0000-0000-000000000000';
}
