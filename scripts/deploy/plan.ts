/**
 * What `npm run deploy` does, as data: every step in order with the exact command it runs, for production or its
 * copy staging (`--env staging`, ADR 0145). Building the plan reads nothing and calls nothing (its input is read by
 * `readPlanInput`), so a unit test can hold it; printing it (print.ts) and carrying it out (runner.ts) are separate.
 * `--dry-run` carries out only the offline steps and the configuration's checks.
 *
 * The preflight comes first (ADR 0144): the account's plans and products and the operator's configuration are
 * checked before anything is built or created. Every step after it is idempotent: a resource is looked up before it is
 * created, the lifecycle rules and read replication are set to a fixed state, migrations apply only what is missing,
 * the template seed upserts, secrets already set are left alone, and the domain is added only when it is not there.
 */
import { relative } from 'node:path';
import type { TemplateRow } from '../../workers/api/src/db/template-rows';
import { LLAMA_3_3_70B, LLAMA_4_SCOUT, MOONDREAM_3_1 } from '../../workers/api/src/ai/contracts';
import { KEPT_PREFIX } from '../../workers/api/src/storage/image-store';
import { catalogRows } from '../templates/catalog-rows';
import { templatesSql } from '../importers/template-sql';
import { missingFromProduction, readCodeNeeds, SECRETS_EXAMPLE, secretsOf } from './code-needs';
import { generatedApiConfig } from './generated-api-config';
import {
  domainOf,
  operatorConfigProblems,
  readOperatorConfig,
  type DeployEnvironment,
  type OperatorConfig,
} from './operator-config';
import { pagesConfigFor } from './pages-config';
import { DATABASE_ID_SLOT, deployPaths, readEnvironment, type EnvironmentSummary } from './production-config';
import { describeRule, expiresUnder, imageBucketLifecycle, type LifecycleRule } from './r2-lifecycle';
import { ACCOUNT_ID_SLOT, AUTH_TOKEN, PAGES_DEV_SLOT, wrangler, type Step } from './steps';

export type { Lookup, Step } from './steps';
export { ACCOUNT_ID_SLOT } from './steps';

/**
 * The API bundle must stay under this gzipped (Workers Paid allows 10 MB compressed; a smaller bundle starts
 * faster). Raised from 3 MiB when animations came (ADR 0137): 3,087 KiB at that commit. Workers Free takes 3 MB, which
 * is one reason the preflight asks for Workers Paid.
 */
export const API_GZIP_LIMIT_KIB = 4 * 1024;
export const PRODUCTION_BRANCH = 'main';

export interface PlanInput {
  environment: DeployEnvironment;
  /** What the environment is made of (production-config.ts). */
  target: ReturnType<typeof readEnvironment>;
  code: ReturnType<typeof readCodeNeeds>;
  operator: OperatorConfig;
  templates: TemplateRow[];
  lifecycle: { rules: LifecycleRule[] };
  /** The Workers AI models the code calls besides the environment's AI_IMAGE_MODEL. */
  models: string[];
  /** The deploy config for a database id and a site origin (slots until they are known). */
  generatedConfig: (databaseId: string, site: { origin: string; aliases: string }) => string;
  /** Staging's Pages config (pages-config.ts); production deploys the Pages app from the repository root. */
  pagesConfig?: string;
  skipBuild: boolean;
}

export interface Plan {
  environment: DeployEnvironment;
  /** What is deployed, for the printer. */
  api: EnvironmentSummary;
  pages: { project: string; production: EnvironmentSummary; preview: EnvironmentSummary };
  /** https:// and the environment's domain, or its pages.dev address ({PAGES_DEV} until the project is found). */
  siteOrigin: string;
  secrets: string[];
  /** Reasons the deploy must not run (a binding or var the code reads that the environment lacks); [] when none. */
  problems: string[];
  steps: Step[];
}

/** The repository's own inputs for a deploy of `environment`. */
export function readPlanInput(options: { skipBuild?: boolean; environment?: DeployEnvironment } = {}): PlanInput {
  const environment = options.environment ?? 'production';
  const target = readEnvironment(environment);
  const paths = deployPaths(environment);
  const productionWorker = environment === 'production' ? target.api.name : readEnvironment('production').api.name;
  return {
    environment,
    target,
    code: readCodeNeeds(),
    operator: readOperatorConfig(),
    templates: catalogRows(),
    lifecycle: imageBucketLifecycle(),
    models: [LLAMA_3_3_70B.model, LLAMA_4_SCOUT.model, MOONDREAM_3_1.model],
    generatedConfig: (databaseId, site) =>
      generatedApiConfig({ databaseId, environment, siteOrigin: site.origin, siteAliases: site.aliases }),
    pagesConfig:
      environment === 'production'
        ? undefined
        : pagesConfigFor(target.pages.project, { from: productionWorker, to: target.api.name }, paths.pagesDir),
    skipBuild: options.skipBuild ?? false,
  };
}

const staticFile = (imageKey: string) => `public/${imageKey.slice('static:'.length)}`;

export function buildPlan(input: PlanInput): Plan {
  const { environment, target, code, templates, operator } = input;
  const { pages, databaseName, bucketName } = target;
  const paths = deployPaths(environment);
  /** Every command about the API Worker reads the generated config's environment. */
  const onApi = ['-c', paths.apiConfig, '--env', environment];
  const domain = domainOf(operator, environment);
  const siteOrigin = `https://${domain ?? PAGES_DEV_SLOT}`;
  // With a domain, the project's pages.dev address serves the same site: answers on it name it (ADR 0155).
  const siteAliases = domain ? `https://${PAGES_DEV_SLOT}` : '';
  const api: EnvironmentSummary = {
    ...target.api,
    vars: { ...target.api.vars, SITE_ORIGIN: siteOrigin, SITE_ALIASES: siteAliases },
  };
  const secrets = secretsOf(api, code.secrets);
  const problems = [
    ...missingFromProduction(code.api, api, secrets, 'The API Worker (workers/api/worker-configuration.d.ts Env)'),
    ...missingFromProduction(code.pages, pages.production, [], 'The Pages app (app/env.d.ts PagesEnv)'),
    // `npm start` takes its secrets from this file: one production requires must be there too.
    ...secrets
      .filter((s) => !code.secrets.includes(s))
      .map((s) => `${SECRETS_EXAMPLE} does not list ${s}, which production requires`),
  ];
  const builtIn = templates.filter((t) => t.imageKey.startsWith('static:'));
  if (builtIn.length !== templates.length)
    problems.push('The built-in seed holds a template whose picture is not a static file');
  // Kept objects: saved memes, and imported template pictures (their imageKey, scripts/importers).
  for (const kept of [`${KEPT_PREFIX}example`, 'templates/example.png']) {
    if (expiresUnder(input.lifecycle, kept))
      problems.push(`The R2 lifecycle rules would delete ${kept}, which must be kept`);
  }

  const staging = input.pagesConfig !== undefined;
  const pagesCwd = staging ? paths.pagesDir : undefined;
  const fromPagesCwd = (path: string) => (pagesCwd ? relative(pagesCwd, path) : path);

  const steps: Step[] = [
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
      id: 'preflight',
      kind: 'preflight',
      offline: false,
      title: `Preflight: can this account run ${environment}, and is memeforge.config.ts filled in? (nothing is built or created before it passes)`,
      spec: {
        environment,
        configProblems: operatorConfigProblems(operator, environment),
        configSummary: `${operator.siteName}; contact ${operator.contactEmail}; take-downs ${operator.abuseEmail}; ${domain ?? 'its pages.dev address'}`,
        cpuMs: api.cpuMs,
        bundleLimitKiB: API_GZIP_LIMIT_KIB,
        models: [api.vars.AI_IMAGE_MODEL ?? '', ...input.models].filter(Boolean),
        domain,
      },
      token: AUTH_TOKEN,
    },
    input.skipBuild
      ? {
          id: 'build',
          kind: 'verify-files',
          offline: true,
          title: 'Use the build made just before (--skip-build)',
          files: ['functions/_middleware.js', 'public/build'],
        }
      : {
          id: 'build',
          kind: 'run',
          offline: true,
          title: 'Build fonts, templates, API types and the Remix app',
          command: ['npm', 'run', 'build'],
        },
    {
      id: 'template-images',
      kind: 'verify-files',
      offline: true,
      title: `Check the ${builtIn.length} built-in template pictures: static files the Pages deploy serves`,
      details: [
        'public/templates/<id>.png, served by Pages at /templates/<id>.png (ADR 0020); imported templates keep theirs in R2 (npm run templates:import -- --remote)',
      ],
      files: builtIn.map((t) => staticFile(t.imageKey)),
    },
    {
      id: 'seed-sql',
      kind: 'write',
      offline: true,
      title: `Write the template seed: ${templates.length} idempotent upserts`,
      path: paths.seedSql,
      content: templatesSql(templates, { removeStaleBuiltIns: true }),
    },
    {
      id: 'lifecycle-json',
      kind: 'write',
      offline: true,
      title: `Write the R2 lifecycle rules of ${bucketName}`,
      path: paths.lifecycleJson,
      content: `${JSON.stringify(input.lifecycle, null, 2)}\n`,
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
      id: 'pages-project',
      kind: 'ensure',
      offline: false,
      title: `Find or create the Pages project ${pages.project}`,
      details: ['before the API Worker: its pages.dev address is the site origin when the environment has no domain'],
      lookup: { parse: 'pages-project-list-json', name: pages.project },
      find: wrangler('pages', 'project', 'list', '--json'),
      create: wrangler('pages', 'project', 'create', pages.project, '--production-branch', PRODUCTION_BRANCH),
      yields: 'PAGES_DEV',
    },
    {
      id: 'deploy-config',
      kind: 'write',
      offline: true,
      title: 'Write the deploy config with the database id and the site origin (not committed)',
      details: [
        `workers/api/wrangler.toml with [env.${environment}] DB's database_id = ${DATABASE_ID_SLOT}, SITE_ORIGIN = ${siteOrigin} (memeforge.config.ts) and SITE_ALIASES = "${siteAliases}"`,
      ],
      path: paths.apiConfig,
      content: input.generatedConfig(DATABASE_ID_SLOT, { origin: siteOrigin, aliases: siteAliases }),
    },
    {
      id: 'api-bundle',
      kind: 'bundle',
      offline: true,
      title: `Bundle the API Worker offline and check its size (at most ${API_GZIP_LIMIT_KIB} KiB gzipped)`,
      command: wrangler('deploy', '--dry-run', '--outdir', paths.apiDist, ...onApi),
      gzipLimitKiB: API_GZIP_LIMIT_KIB,
    },
    ...(staging
      ? ([
          {
            id: 'pages-config',
            kind: 'write',
            offline: true,
            title: `Write the Pages config of ${pages.project}: the root wrangler.toml bound to ${api.name} (not committed)`,
            path: `${paths.pagesDir}/wrangler.jsonc`,
            content: input.pagesConfig!,
          },
          {
            id: 'pages-link',
            kind: 'link',
            offline: true,
            title: `Link functions/ into ${paths.pagesDir}, where Pages looks for it`,
            path: `${paths.pagesDir}/functions`,
            target: relative(paths.pagesDir, 'functions'),
          },
        ] satisfies Step[])
      : []),
    {
      id: 'pages-functions',
      kind: 'run',
      offline: true,
      title: 'Compile the Pages Function offline',
      command: wrangler('pages', 'functions', 'build', './functions', '--outdir', fromPagesCwd(paths.pagesFunctions)),
      cwd: pagesCwd,
    },
    {
      id: 'read-replication',
      kind: 'api',
      offline: false,
      title: `Enable D1 read replication on ${databaseName} (mode auto)`,
      details: [
        'REST API (wrangler has no command for it): https://developers.cloudflare.com/d1/best-practices/read-replication/',
      ],
      method: 'PUT',
      path: `/accounts/${ACCOUNT_ID_SLOT}/d1/database/${DATABASE_ID_SLOT}`,
      body: { read_replication: { mode: 'auto' } },
      token: AUTH_TOKEN,
      permission: 'Account · D1 · Edit',
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
      details: [
        ...input.lifecycle.rules.map(describeRule),
        `saved memes (${KEPT_PREFIX}) and imported template pictures (templates/) are kept: no rule reaches them`,
      ],
      command: wrangler('r2', 'bucket', 'lifecycle', 'set', bucketName, '--file', paths.lifecycleJson, '--force'),
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
      command: wrangler('d1', 'execute', 'DB', '--remote', '--file', paths.seedSql, '--yes', ...onApi),
    },
    {
      id: 'secrets',
      kind: 'secrets',
      offline: false,
      title: `Set the API Worker's missing secrets (${secrets.join(', ')})`,
      details: [
        'each missing one is asked for, or read from the environment variable of the same name; set ones are kept',
      ],
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
      id: 'pages-deploy',
      kind: 'run',
      offline: false,
      title: `Deploy the Pages app ${pages.project} to its production branch (${PRODUCTION_BRANCH})`,
      details: [
        staging
          ? `from ${paths.pagesDir}: its wrangler.jsonc binds API to ${api.name}; the static template pictures are in public/templates`
          : 'with the static template pictures in public/templates and the root wrangler.toml production environment',
      ],
      command: wrangler(
        'pages',
        'deploy',
        fromPagesCwd('./public'),
        '--project-name',
        pages.project,
        '--branch',
        PRODUCTION_BRANCH,
      ),
      cwd: pagesCwd,
    },
    ...(domain
      ? ([
          {
            id: 'custom-domain',
            kind: 'custom-domain',
            offline: false,
            title: `Serve ${pages.project} at ${domain}: the domain on the project and its CNAME to ${PAGES_DEV_SLOT}`,
            details: [
              'REST API (wrangler has no command for it); each is looked up first, and a DNS record already at that name is never replaced',
            ],
            project: pages.project,
            domain,
            target: PAGES_DEV_SLOT,
            token: AUTH_TOKEN,
          },
        ] satisfies Step[])
      : []),
  ];
  return { environment, api, pages, siteOrigin, secrets, problems, steps };
}
