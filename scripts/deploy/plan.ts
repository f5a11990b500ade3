/**
 * What `npm run deploy` does, as data: every step in order with the exact command it runs. Building the plan reads
 * nothing and calls nothing (its input is read by `readPlanInput`), so a unit test can hold it; printing it
 * (print.ts) and carrying it out (runner.ts) are separate. `--dry-run` carries out only the offline steps.
 *
 * Every step is idempotent: a resource is looked up before it is created, the lifecycle rules and read replication
 * are set to a fixed state, migrations apply only what is missing, the template seed upserts, and secrets already set
 * are left alone. `{ACCOUNT_ID}` and `{DATABASE_ID}` in a step are filled in by the runner once a step has found them.
 */
import { readFileSync } from 'node:fs';
import type { TemplateRow } from '../../workers/api/src/db/template-rows';
import { catalogRows } from '../templates/catalog-rows';
import { templatesSql } from '../importers/template-sql';
import {
  DATABASE_ID_SLOT,
  ENVIRONMENT,
  GENERATED_API_CONFIG,
  generatedApiConfig,
  missingFromProduction,
  readCodeNeeds,
  readProduction,
  SECRETS_EXAMPLE,
  secretsOf,
  type EnvironmentSummary,
} from './production-config';
import { KEPT_PREFIX } from '../../workers/api/src/storage/image-store';
import { expiresUnder, imageBucketLifecycle, type LifecycleRule } from './r2-lifecycle';

export const ACCOUNT_ID_SLOT = '{ACCOUNT_ID}';
/**
 * The API bundle must stay under this gzipped (Workers Paid allows 10 MB compressed; a smaller bundle starts
 * faster). Raised from 3 MiB when animations came (ADR 0137): 3,087 KiB at that commit.
 */
export const API_GZIP_LIMIT_KIB = 4 * 1024;
export const PRODUCTION_BRANCH = 'main';
export const SEED_SQL = '.tmp/deploy/seed-templates.sql';
export const LIFECYCLE_JSON = '.tmp/deploy/r2-lifecycle.json';
const API_BUNDLE_DIR = '.tmp/deploy/api/dist';
const PAGES_FUNCTIONS_OUT = '.tmp/deploy/pages';

const wrangler = (...args: string[]) => ['npx', 'wrangler', ...args];
/** Every command about the API Worker reads the generated config's production environment. */
const onApi = ['-c', GENERATED_API_CONFIG, '--env', ENVIRONMENT];

/** How the runner reads a look-up's output to decide whether the resource exists. */
export type Lookup =
  | { parse: 'd1-list-json'; name: string }
  | { parse: 'r2-bucket-info'; name: string }
  | { parse: 'pages-project-list-json'; name: string };

interface StepBase {
  id: string;
  title: string;
  /** Said under the title: counts, prefixes, what is kept. */
  details?: string[];
  /** Runs in a dry run too: needs no account and no network. */
  offline: boolean;
}

export type Step = StepBase &
  (
    | { kind: 'run'; command: string[] }
    /** Bundles with wrangler's --dry-run and fails over `gzipLimitKiB`. */
    | { kind: 'bundle'; command: string[]; gzipLimitKiB: number }
    | { kind: 'write'; path: string; content: string }
    /** Fails unless every file exists. */
    | { kind: 'verify-files'; files: string[] }
    /** CLOUDFLARE_ACCOUNT_ID, else the one account of `wrangler whoami --json`. */
    | { kind: 'account'; envVar: string; command: string[] }
    /** Looks the resource up; creates it when missing. `yields` names the slot its id fills. */
    | { kind: 'ensure'; lookup: Lookup; find: string[]; create: string[]; yields?: 'DATABASE_ID' }
    /** A Cloudflare REST call wrangler has no command for, with the token `wrangler auth token` prints. */
    | { kind: 'api'; method: 'GET' | 'PUT'; path: string; body: unknown; token: string[]; skipWhen?: { field: string; equals: unknown } }
    /** Lists the secrets set; asks for each missing one (or reads it from the environment variable of its name). */
    | { kind: 'secrets'; names: string[]; list: string[]; put: string[] }
  );

export interface PlanInput {
  production: ReturnType<typeof readProduction>;
  code: ReturnType<typeof readCodeNeeds>;
  templates: TemplateRow[];
  lifecycle: { rules: LifecycleRule[] };
  /** The deploy config for the database id slot, and for the placeholder id a dry run bundles with. */
  generatedConfig: (databaseId: string) => string;
  skipBuild: boolean;
}

export interface Plan {
  /** What is deployed, for the printer. */
  api: EnvironmentSummary;
  pages: { project: string; production: EnvironmentSummary; preview: EnvironmentSummary };
  secrets: string[];
  /** Reasons the deploy must not run (a binding or var the code reads that production lacks); [] when none. */
  problems: string[];
  steps: Step[];
}

/** The repository's own inputs. */
export function readPlanInput(options: { skipBuild?: boolean } = {}): PlanInput {
  return {
    production: readProduction(),
    code: readCodeNeeds(),
    templates: catalogRows(),
    lifecycle: imageBucketLifecycle(),
    generatedConfig: (id) => generatedApiConfig(id),
    skipBuild: options.skipBuild ?? false,
  };
}

const staticFile = (imageKey: string) => `public/${imageKey.slice('static:'.length)}`;

export function buildPlan(input: PlanInput): Plan {
  const { production, code, templates } = input;
  const { api, pages, databaseName, bucketName } = production;
  const secrets = secretsOf(api, code.secrets);
  const problems = [
    ...missingFromProduction(code.api, api, secrets, 'The API Worker (workers/api/worker-configuration.d.ts Env)'),
    ...missingFromProduction(code.pages, pages.production, [], 'The Pages app (app/env.d.ts PagesEnv)'),
    // `npm start` takes its secrets from this file: one production requires must be there too.
    ...secrets.filter((s) => !code.secrets.includes(s)).map((s) => `${SECRETS_EXAMPLE} does not list ${s}, which production requires`),
  ];
  const builtIn = templates.filter((t) => t.imageKey.startsWith('static:'));
  if (builtIn.length !== templates.length) problems.push('The built-in seed holds a template whose picture is not a static file');
  // Kept objects: saved memes, and imported template pictures (their imageKey, scripts/importers).
  for (const kept of [`${KEPT_PREFIX}example`, 'templates/example.png']) {
    if (expiresUnder(input.lifecycle, kept)) problems.push(`The R2 lifecycle rules would delete ${kept}, which must be kept`);
  }

  const steps: Step[] = [
    input.skipBuild
      ? { id: 'build', kind: 'verify-files', offline: true, title: 'Use the build made just before (--skip-build)', files: ['functions/[[path]].js', 'public/build'] }
      : { id: 'build', kind: 'run', offline: true, title: 'Build fonts, templates, API types and the Remix app', command: ['npm', 'run', 'build'] },
    {
      id: 'template-images',
      kind: 'verify-files',
      offline: true,
      title: `Check the ${builtIn.length} built-in template pictures: static files the Pages deploy serves`,
      details: ['public/templates/<id>.png, served by Pages at /templates/<id>.png (ADR 0020); imported templates keep theirs in R2 (npm run templates:import -- --remote)'],
      files: builtIn.map((t) => staticFile(t.imageKey)),
    },
    {
      id: 'seed-sql',
      kind: 'write',
      offline: true,
      title: `Write the template seed: ${templates.length} idempotent upserts`,
      path: SEED_SQL,
      content: templatesSql(templates, { removeStaleBuiltIns: true }),
    },
    {
      id: 'lifecycle-json',
      kind: 'write',
      offline: true,
      title: `Write the R2 lifecycle rules of ${bucketName}`,
      path: LIFECYCLE_JSON,
      content: `${JSON.stringify(input.lifecycle, null, 2)}\n`,
    },
    {
      id: 'account',
      kind: 'account',
      offline: false,
      title: 'Find the Cloudflare account',
      details: ['CLOUDFLARE_ACCOUNT_ID if set, else the only account `wrangler whoami` lists'],
      envVar: 'CLOUDFLARE_ACCOUNT_ID',
      command: wrangler('whoami', '--json'),
    },
    {
      id: 'd1',
      kind: 'ensure',
      offline: false,
      title: `Find or create the D1 database ${databaseName}`,
      lookup: { parse: 'd1-list-json', name: databaseName },
      find: wrangler('d1', 'list', '--json'),
      create: wrangler('d1', 'create', databaseName),
      yields: 'DATABASE_ID',
    },
    {
      id: 'deploy-config',
      kind: 'write',
      offline: true,
      title: 'Write the deploy config with the database id (not committed)',
      details: [`workers/api/wrangler.toml with [env.production] DB's database_id = ${DATABASE_ID_SLOT}`],
      path: GENERATED_API_CONFIG,
      content: input.generatedConfig(DATABASE_ID_SLOT),
    },
    {
      id: 'api-bundle',
      kind: 'bundle',
      offline: true,
      title: `Bundle the API Worker offline and check its size (at most ${API_GZIP_LIMIT_KIB} KiB gzipped)`,
      command: wrangler('deploy', '--dry-run', '--outdir', API_BUNDLE_DIR, ...onApi),
      gzipLimitKiB: API_GZIP_LIMIT_KIB,
    },
    {
      id: 'pages-functions',
      kind: 'run',
      offline: true,
      title: 'Compile the Pages Function offline',
      command: wrangler('pages', 'functions', 'build', './functions', '--outdir', PAGES_FUNCTIONS_OUT),
    },
    {
      id: 'read-replication',
      kind: 'api',
      offline: false,
      title: `Enable D1 read replication on ${databaseName} (mode auto)`,
      details: ['REST API (wrangler has no command for it): https://developers.cloudflare.com/d1/best-practices/read-replication/'],
      method: 'PUT',
      path: `/accounts/${ACCOUNT_ID_SLOT}/d1/database/${DATABASE_ID_SLOT}`,
      body: { read_replication: { mode: 'auto' } },
      token: wrangler('auth', 'token', '--json'),
      skipWhen: { field: 'read_replication.mode', equals: 'auto' },
    },
    {
      id: 'r2',
      kind: 'ensure',
      offline: false,
      title: `Find or create the R2 bucket ${bucketName}`,
      lookup: { parse: 'r2-bucket-info', name: bucketName },
      find: wrangler('r2', 'bucket', 'info', bucketName, '--json'),
      create: wrangler('r2', 'bucket', 'create', bucketName),
    },
    {
      id: 'r2-lifecycle',
      kind: 'run',
      offline: false,
      title: `Set the R2 lifecycle rules of ${bucketName}`,
      details: [...input.lifecycle.rules.map(describeRule), `saved memes (${KEPT_PREFIX}) and imported template pictures (templates/) are kept: no rule reaches them`],
      command: wrangler('r2', 'bucket', 'lifecycle', 'set', bucketName, '--file', LIFECYCLE_JSON, '--force'),
    },
    {
      id: 'migrations',
      kind: 'run',
      offline: false,
      title: `Apply the D1 migrations to the remote database ${databaseName}`,
      command: wrangler('d1', 'migrations', 'apply', 'DB', '--remote', ...onApi),
    },
    {
      id: 'seed',
      kind: 'run',
      offline: false,
      title: `Seed ${templates.length} built-in templates into the remote database ${databaseName}`,
      details: ['upserts by id; built-in rows no longer in the catalogue are removed, imported rows are kept'],
      command: wrangler('d1', 'execute', 'DB', '--remote', '--file', SEED_SQL, '--yes', ...onApi),
    },
    {
      id: 'secrets',
      kind: 'secrets',
      offline: false,
      title: `Set the API Worker's missing secrets (${secrets.join(', ')})`,
      details: ['each missing one is asked for, or read from the environment variable of the same name; set ones are kept'],
      names: secrets,
      list: wrangler('secret', 'list', '--format', 'json', ...onApi),
      put: wrangler('secret', 'put', '{NAME}', ...onApi),
    },
    {
      id: 'api-deploy',
      kind: 'run',
      offline: false,
      title: `Deploy the API Worker ${api.name}`,
      command: wrangler('deploy', ...onApi),
    },
    {
      id: 'pages-project',
      kind: 'ensure',
      offline: false,
      title: `Find or create the Pages project ${pages.project}`,
      lookup: { parse: 'pages-project-list-json', name: pages.project },
      find: wrangler('pages', 'project', 'list', '--json'),
      create: wrangler('pages', 'project', 'create', pages.project, '--production-branch', PRODUCTION_BRANCH),
    },
    {
      id: 'pages-deploy',
      kind: 'run',
      offline: false,
      title: `Deploy the Pages app ${pages.project} to its production branch (${PRODUCTION_BRANCH})`,
      details: ['with the static template pictures in public/templates and the root wrangler.toml production environment'],
      command: wrangler('pages', 'deploy', './public', '--project-name', pages.project, '--branch', PRODUCTION_BRANCH),
    },
  ];
  return { api, pages, secrets, problems, steps };
}

function describeRule(rule: LifecycleRule): string {
  const where = rule.conditions.prefix ? `under ${rule.conditions.prefix}` : 'anywhere';
  if (rule.deleteObjectsTransition) return `${rule.id}: objects ${where} deleted ${rule.deleteObjectsTransition.condition.maxAge / 86_400} day(s) after upload`;
  if (rule.abortMultipartUploadsTransition) return `${rule.id}: unfinished multipart uploads ${where} aborted after ${rule.abortMultipartUploadsTransition.condition.maxAge / 86_400} days`;
  return rule.id;
}

/** The placeholder database id of the committed config, which a dry run bundles with. */
export function committedDatabaseId(): string {
  const match = /database_id\s*=\s*"([^"]+)"/.exec(readFileSync('workers/api/wrangler.toml', 'utf8'));
  return match?.[1] ?? '00000000-0000-0000-0000-000000000000';
}
