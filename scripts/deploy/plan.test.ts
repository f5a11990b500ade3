import { describe, expect, it } from 'vitest';
import { commandLine } from './exec';
import { buildPlan, readPlanInput, type Plan, type PlanInput, type Step } from './plan';
import { interfaceMembers } from './code-needs';
import { printPlan } from './print';
import { expiresUnder } from './r2-lifecycle';

const input = readPlanInput();
const plan = buildPlan(input);
const stagingInput = readPlanInput({ environment: 'staging' });
const staging = buildPlan(stagingInput);
const step = (p: Plan, id: string) => {
  const found = p.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
};
const order = (id: string, p: Plan = plan) => p.steps.findIndex((s) => s.id === id);
const commandsOf = (s: Step): string[][] => {
  switch (s.kind) {
    case 'run':
    case 'bundle':
      return [s.command];
    case 'ensure':
      return [s.find, s.create];
    case 'secrets':
      return [s.list, s.put];
    case 'account':
      return [s.command];
    case 'api':
    case 'preflight':
    case 'custom-domain':
      return [s.token];
    default:
      return [];
  }
};

describe('the deploy plan of this repository', () => {
  it('finds nothing the code reads missing from production or staging', () => {
    expect(plan.problems).toEqual([]);
    expect(staging.problems).toEqual([]);
  });

  it('checks the account and memeforge.config.ts before it builds or creates anything', () => {
    for (const p of [plan, staging]) {
      expect(p.steps.slice(0, 2).map((s) => s.id)).toEqual(['account', 'preflight']);
      // Everything that builds, writes, creates or deploys comes after the preflight.
      expect(p.steps.slice(2).every((s) => s.kind !== 'account' && s.kind !== 'preflight')).toBe(true);
    }
    const preflight = step(plan, 'preflight');
    expect(preflight.kind === 'preflight' && preflight.spec).toMatchObject({
      environment: 'production',
      cpuMs: 15000,
      models: [
        '@cf/black-forest-labs/flux-1-schnell',
        '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
        '@cf/meta/llama-4-scout-17b-16e-instruct',
        '@cf/moondream/moondream3.1-9B-A2B',
      ],
      domain: 'memeforge.example',
    });
    // The committed configuration holds local placeholders: the deploy refuses them.
    expect(preflight.kind === 'preflight' && preflight.spec.configProblems).toEqual([
      expect.stringContaining('contactEmail is "support@memeforge.example", a placeholder'),
      expect.stringContaining('abuseEmail is "abuse@memeforge.example", a placeholder'),
      expect.stringContaining('environments.production.domain is "memeforge.example", a placeholder'),
    ]);
  });

  it('sets up storage before it is used and deploys the API before the Pages app that binds it', () => {
    expect(order('pages-project')).toBeLessThan(order('deploy-config'));
    expect(order('d1')).toBeLessThan(order('deploy-config'));
    expect(order('deploy-config')).toBeLessThan(order('api-bundle'));
    expect(order('d1')).toBeLessThan(order('read-replication'));
    expect(order('r2')).toBeLessThan(order('r2-lifecycle'));
    expect(order('lifecycle-json')).toBeLessThan(order('r2-lifecycle'));
    expect(order('migrations')).toBeLessThan(order('seed'));
    expect(order('seed-sql')).toBeLessThan(order('seed'));
    expect(order('secrets')).toBeLessThan(order('api-deploy'));
    expect(order('migrations')).toBeLessThan(order('api-deploy'));
    expect(order('api-deploy')).toBeLessThan(order('pages-deploy'));
    expect(order('pages-project')).toBeLessThan(order('pages-deploy'));
    // The domain last, on a project that serves the site; staging on its pages.dev address has no domain step.
    expect(plan.steps.at(-1)?.id).toBe('custom-domain');
    expect(staging.steps.at(-1)?.id).toBe('pages-deploy');
  });

  it('runs only builds and local files offline: nothing a dry run does reaches an account', () => {
    const offline = plan.steps.filter((s) => s.offline);
    expect(offline.map((s) => s.id)).toEqual([
      'build',
      'template-images',
      'seed-sql',
      'lifecycle-json',
      'deploy-config',
      'api-bundle',
      'pages-functions',
    ]);
    expect(staging.steps.filter((s) => s.offline).map((s) => s.id)).toEqual([
      'build',
      'template-images',
      'seed-sql',
      'lifecycle-json',
      'deploy-config',
      'api-bundle',
      'pages-config',
      'pages-link',
      'pages-functions',
    ]);
    for (const s of [...offline, ...staging.steps.filter((x) => x.offline)]) {
      for (const c of commandsOf(s)) {
        expect(c, commandLine(c)).not.toContain('--remote');
        if (c.includes('deploy') && c.includes('wrangler') && !c.includes('pages')) expect(c).toContain('--dry-run');
      }
    }
  });

  it('points every API Worker command at the generated config’s environment', () => {
    for (const id of ['api-bundle', 'migrations', 'seed', 'secrets', 'api-deploy']) {
      for (const c of commandsOf(step(plan, id)))
        expect(c.join(' '), id).toContain('-c .tmp/deploy/api/wrangler.jsonc --env production');
      for (const c of commandsOf(step(staging, id)))
        expect(c.join(' '), id).toContain('-c .tmp/deploy/staging/api/wrangler.jsonc --env staging');
    }
  });

  it('seeds the whole built-in catalogue into the remote database from one SQL file', () => {
    const seed = step(plan, 'seed');
    expect(seed.title).toContain(
      `Seed ${input.templates.length} built-in templates into the remote database memeforge`,
    );
    expect(seed.kind === 'run' && seed.command).toEqual(
      expect.arrayContaining(['d1', 'execute', 'DB', '--remote', '--file', '.tmp/deploy/seed-templates.sql']),
    );
    const sql = step(plan, 'seed-sql');
    expect(sql.kind === 'write' && sql.content.match(/^insert into "templates"/gm)).toHaveLength(
      input.templates.length,
    );
    // Each built-in picture is checked to be a static file of the Pages deploy.
    const images = step(plan, 'template-images');
    expect(images.kind === 'verify-files' && images.files).toHaveLength(input.templates.length);
  });

  it('expires only the temporary prefix after a day: saved memes and imported template pictures are kept', () => {
    const written = step(plan, 'lifecycle-json');
    const config = JSON.parse(written.kind === 'write' ? written.content : '{}');
    expect(expiresUnder(config, 'tmp/000002892345/0123abcd')).toBe(true);
    expect(expiresUnder(config, 'saved/0123abcd')).toBe(false);
    expect(expiresUnder(config, 'templates/drake.jpg')).toBe(false);
    const expiring = config.rules.find((r: { deleteObjectsTransition?: unknown }) => r.deleteObjectsTransition);
    expect(expiring.deleteObjectsTransition.condition).toEqual({ type: 'Age', maxAge: 86_400 });
    // Free share links go 31 days after they were made (their 30, and a day for the cron); premium ones never.
    expect(expiresUnder(config, 'shares/30d/abcdefgh1234')).toBe(true);
    expect(expiresUnder(config, 'shares/kept/abcdefgh1234')).toBe(false);
    const shares = config.rules.find((r: { id: string }) => r.id === 'expire-free-shares');
    expect(shares.deleteObjectsTransition.condition).toEqual({ type: 'Age', maxAge: 31 * 86_400 });
    const set = step(plan, 'r2-lifecycle');
    expect(set.kind === 'run' && set.command.join(' ')).toBe(
      'npx wrangler r2 bucket lifecycle set memeforge-images --file .tmp/deploy/r2-lifecycle.json --force',
    );
  });

  it('enables read replication through the REST API, skipping it when it is already on', () => {
    const replication = step(plan, 'read-replication');
    expect(replication).toMatchObject({
      kind: 'api',
      method: 'PUT',
      path: '/accounts/{ACCOUNT_ID}/d1/database/{DATABASE_ID}',
      body: { read_replication: { mode: 'auto' } },
      permission: 'Account · D1 · Edit',
      skipWhen: { field: 'read_replication.mode', equals: 'auto' },
    });
  });

  it('asks for exactly the secrets the code reads that no var or binding provides', () => {
    expect(plan.secrets).toEqual(['DASHBOARD_ACCESS_CODE', 'SESSION_SECRET']);
  });

  it('writes the database id and the site origin only into the generated config, never the committed one', () => {
    const config = step(plan, 'deploy-config');
    expect(config.kind === 'write' && config.path).toBe('.tmp/deploy/api/wrangler.jsonc');
    const generated = JSON.parse(config.kind === 'write' ? config.content.replace(/^\/\/.*\n/, '') : '{}');
    expect(generated.env.production.d1_databases[0].database_id).toBe('{DATABASE_ID}');
    expect(generated.env.production.vars.SITE_ORIGIN).toBe('https://memeforge.example');
    // The project's pages.dev address serves the same site beside the domain (ADR 0155).
    expect(generated.env.production.vars.SITE_ALIASES).toBe('https://{PAGES_DEV}');
    // Local runs keep the committed default; staging is not touched by a production deploy.
    expect(generated.vars.SITE_ORIGIN).toBe('http://127.0.0.1:8788');
    expect(generated.vars.SITE_ALIASES).toBe('http://localhost:8788');
    expect(generated.env.staging.vars.SITE_ORIGIN).toBe('');
    expect(plan.api.vars.SITE_ORIGIN).toBe('https://memeforge.example');
  });
});

describe('the staging plan (--env staging)', () => {
  it('deploys a second copy under its own names: Worker, database, bucket, Pages project', () => {
    expect([
      staging.api.name,
      stagingInput.target.databaseName,
      stagingInput.target.bucketName,
      staging.pages.project,
    ]).toEqual(['memeforge-api-staging', 'memeforge-staging', 'memeforge-images-staging', 'memeforge-staging']);
    expect(step(staging, 'd1').title).toBe('Find or create the D1 database memeforge-staging');
    expect(step(staging, 'r2').title).toBe('Find or create the R2 bucket memeforge-images-staging');
  });

  it('binds its Pages app to the staging Worker, previews to nothing, and deploys it from a folder of its own', () => {
    expect(staging.pages.production.bindings).toEqual({ API: 'service memeforge-api-staging' });
    expect(staging.pages.preview.bindings).toEqual({});
    const written = step(staging, 'pages-config');
    expect(written.kind === 'write' && written.path).toBe('.tmp/deploy/staging/pages-app/wrangler.jsonc');
    const config = JSON.parse(written.kind === 'write' ? written.content.replace(/^\/\/.*\n/, '') : '{}');
    expect(config).toMatchObject({
      name: 'memeforge-staging',
      pages_build_output_dir: '../../../../public',
      services: [{ binding: 'API', service: 'memeforge-api-staging' }],
    });
    expect(config.env.production.services).toEqual([{ binding: 'API', service: 'memeforge-api-staging' }]);
    expect(config.env.preview.services).toEqual([]);
    expect(step(staging, 'pages-link')).toMatchObject({
      path: '.tmp/deploy/staging/pages-app/functions',
      target: '../../../../functions',
    });
    expect(step(staging, 'pages-deploy')).toMatchObject({
      cwd: '.tmp/deploy/staging/pages-app',
      command: [
        'npx',
        'wrangler',
        'pages',
        'deploy',
        '../../../../public',
        '--project-name',
        'memeforge-staging',
        '--branch',
        'main',
      ],
    });
  });

  it('lives on its pages.dev address until it is given a domain', () => {
    expect(staging.siteOrigin).toBe('https://{PAGES_DEV}');
    // Its pages.dev address is its one name: no alias.
    expect(staging.api.vars.SITE_ALIASES).toBe('');
    expect(step(staging, 'pages-project')).toMatchObject({ yields: 'PAGES_DEV' });
    const preflight = step(staging, 'preflight');
    expect(preflight.kind === 'preflight' && preflight.spec.domain).toBeUndefined();
  });
});

describe('what the code reads', () => {
  it('reads the generated Env through the interface it extends, as wrangler 4.164 writes it', () => {
    const source =
      'interface __BaseEnv_Env { DB: D1Database; AI?: Ai }\ndeclare namespace Cloudflare { interface Env extends __BaseEnv_Env {} }\ninterface Env extends __BaseEnv_Env {}';
    expect(interfaceMembers(source, 'Env')).toEqual([
      { name: 'DB', optional: false },
      { name: 'AI', optional: true },
    ]);
  });

  it('finds every binding, var and secret of this repository’s Env', () => {
    const names = input.code.api.map((m) => m.name);
    expect(names).toEqual(
      expect.arrayContaining([
        'DB',
        'BUCKET',
        'COUNTERS',
        'IMAGES',
        'AI',
        'BROWSER',
        'CLIENT_ADDRESS',
        'SESSION_SECRET',
      ]),
    );
    expect(input.code.pages.map((m) => m.name)).toEqual(['API']);
  });
});

describe('the plan refuses a production that lacks what the code reads', () => {
  const withCode = (code: Partial<PlanInput['code']>): PlanInput => ({ ...input, code: { ...input.code, ...code } });
  const withTarget = (target: Partial<PlanInput['target']>): PlanInput => ({
    ...input,
    target: { ...input.target, ...target },
  });

  it('names a binding the Worker reads that production does not bind', () => {
    const broken = buildPlan(withCode({ api: [...input.code.api, { name: 'SEARCH_INDEX', optional: false }] }));
    expect(broken.problems).toEqual([
      expect.stringContaining(
        'reads SEARCH_INDEX, which production neither binds, sets as a var, nor requires as a secret',
      ),
    ]);
  });

  it('names a secret the Worker reads that production does not require', () => {
    const broken = buildPlan(withTarget({ api: { ...input.target.api, secretsRequired: ['DASHBOARD_ACCESS_CODE'] } }));
    expect(broken.problems).toEqual([
      expect.stringContaining(
        'reads SESSION_SECRET, which production neither binds, sets as a var, nor requires as a secret',
      ),
    ]);
  });

  it('names a secret production requires that local development does not list', () => {
    const broken = buildPlan(withCode({ secrets: ['DASHBOARD_ACCESS_CODE'] }));
    expect(broken.problems).toEqual([
      'workers/api/.dev.vars.example does not list SESSION_SECRET, which production requires',
    ]);
  });

  it('names the Pages app’s binding when production lacks it, optional in the type or not', () => {
    const broken = buildPlan(withTarget({ pages: { ...input.target.pages, production: input.target.pages.preview } }));
    expect(broken.problems).toEqual([expect.stringContaining('The Pages app (app/env.d.ts PagesEnv) reads API')]);
  });
});

describe('printPlan', () => {
  const text = printPlan(plan, { dryRun: true });

  it('prints the resolved production configuration: bindings, vars, secrets, crons, limits', () => {
    for (const line of [
      'Deploy plan of production (dry run',
      'Site: https://memeforge.example',
      'DB                            D1 memeforge',
      'AI_PROVIDER                   "cloudflare"',
      'SITE_ORIGIN                   "https://memeforge.example"',
      'crons: */15 * * * *',
      'limits: cpu_ms 15000',
      'observability: on, head_sampling_rate 1',
      'workers.dev URL: off; preview URLs: off',
      'secrets (wrangler secret put): DASHBOARD_ACCESS_CODE, SESSION_SECRET',
      'API  service memeforge-api',
      'bindings: none',
    ]) {
      expect(text).toContain(line);
    }
  });

  it('prints every step with the exact command it runs, in order', () => {
    let at = 0;
    for (const [i, s] of plan.steps.entries()) {
      const next = text.indexOf(`${String(i + 1).padStart(2)}. ${s.title}`, at);
      expect(next, s.id).toBeGreaterThan(at);
      at = next;
      for (const c of commandsOf(s).filter((c) => !c.includes('{NAME}'))) expect(text).toContain(commandLine(c));
    }
    expect(text).toContain(`-d '{"read_replication":{"mode":"auto"}}'`);
  });

  it('prints the preflight before any create step, with the refusal of a placeholder contact and the calls it would make', () => {
    const preflightAt = text.indexOf('Preflight: can this account run production');
    expect(preflightAt).toBeGreaterThan(0);
    expect(preflightAt).toBeLessThan(text.indexOf('if missing: $ npx wrangler d1 create'));
    expect(preflightAt).toBeLessThan(text.indexOf('$ npm run build'));
    expect(text).toContain('✘ memeforge.config.ts contactEmail is "support@memeforge.example", a placeholder');
    expect(text).toContain(
      'then GET /accounts/{ACCOUNT_ID}/subscriptions: the Workers plan is Workers Paid; the Images plan is Images Paid',
    );
  });

  it('prints the staging plan with its names and the folder its Pages app is deployed from', () => {
    const stagingText = printPlan(staging, { dryRun: true });
    for (const line of [
      'Deploy plan of staging (dry run',
      'Site: https://{PAGES_DEV}',
      'API Worker memeforge-api-staging (workers/api/wrangler.toml [env.staging]',
      'DB                            D1 memeforge-staging',
      'API  service memeforge-api-staging',
      '$ (cd .tmp/deploy/staging/pages-app && npx wrangler pages deploy ../../../../public --project-name memeforge-staging --branch main)',
    ]) {
      expect(stagingText).toContain(line);
    }
  });
});
