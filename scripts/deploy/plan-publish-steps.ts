/**
 * The last steps of a deploy plan (plan.ts), which change the account: D1 read replication, the R2 bucket and its
 * lifecycle rules, the migrations and the template seed, the API Worker's secrets, both deploys, and the domain.
 */
import { KEPT_PREFIX } from '../../workers/api/src/storage/image-store';
import { PRODUCTION_BRANCH, type PlanContext } from './plan-context';
import { DATABASE_ID_SLOT } from './production-config';
import { describeRule } from './r2-lifecycle';
import { ACCOUNT_ID_SLOT, AUTH_TOKEN, PAGES_DEV_SLOT, wrangler, type Step } from './steps';

export function publishSteps(context: PlanContext): Step[] {
  const { input, paths, onApi, domain, api, pages, databaseName, bucketName, secrets } = context;
  const { staging, pagesCwd, fromPagesCwd } = context;
  const { templates } = input;
  return [
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
}
