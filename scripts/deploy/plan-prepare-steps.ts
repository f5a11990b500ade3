/**
 * The first steps of a deploy plan (plan.ts), up to the bundles: find the account and run the preflight, build, write
 * the seed, the lifecycle rules and the deploy config, find or create the D1 database and Pages project that config
 * names, and bundle the API Worker and the Pages Function offline. Nothing in the account changes here but the two
 * resources found or created.
 */
import { relative } from 'node:path';
import { templatesSql } from '../importers/template-sql';
import { operatorConfigProblems } from './operator-config';
import { API_GZIP_LIMIT_KIB, PRODUCTION_BRANCH, type PlanContext } from './plan-context';
import { DATABASE_ID_SLOT } from './production-config';
import { AUTH_TOKEN, wrangler, type Step } from './steps';

const staticFile = (imageKey: string) => `public/${imageKey.slice('static:'.length)}`;

export function prepareSteps(context: PlanContext): Step[] {
  const { input, environment, paths, onApi, domain, siteOrigin, siteAliases, api, pages } = context;
  const { databaseName, bucketName, builtIn, staging, pagesCwd, fromPagesCwd } = context;
  const { templates, operator } = input;
  return [
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
  ];
}
