import { describe, expect, it } from 'vitest';
import { buildPlan, readPlanInput, type Plan, type PlanInput, type Step } from './plan';
import { interfaceMembers } from './production-config';
import { printPlan } from './print';
import { expiresUnder } from './r2-lifecycle';
import { commandLine, runPlan, type Exec } from './runner';

const input = readPlanInput();
const plan = buildPlan(input);
const step = (p: Plan, id: string) => {
  const found = p.steps.find((s) => s.id === id);
  if (!found) throw new Error(`no step ${id}`);
  return found;
};
const order = (id: string) => plan.steps.findIndex((s) => s.id === id);
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
    case 'api':
      return [s.kind === 'account' ? s.command : s.token];
    default:
      return [];
  }
};

describe('the deploy plan of this repository', () => {
  it('finds nothing the code reads missing from production', () => {
    expect(plan.problems).toEqual([]);
  });

  it('sets up storage before it is used and deploys the API before the Pages app that binds it', () => {
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
    expect(plan.steps.at(-1)?.id).toBe('pages-deploy');
  });

  it('runs only builds and local files offline: nothing a dry run does reaches an account', () => {
    const offline = plan.steps.filter((s) => s.offline);
    expect(offline.map((s) => s.id)).toEqual(['build', 'template-images', 'seed-sql', 'lifecycle-json', 'deploy-config', 'api-bundle', 'pages-functions']);
    for (const s of offline) {
      for (const c of commandsOf(s)) {
        expect(c, commandLine(c)).not.toContain('--remote');
        if (c.includes('deploy') && c.includes('wrangler') && !c.includes('pages')) expect(c).toContain('--dry-run');
      }
    }
  });

  it('points every API Worker command at the generated config’s production environment', () => {
    for (const id of ['api-bundle', 'migrations', 'seed', 'secrets', 'api-deploy']) {
      for (const c of commandsOf(step(plan, id))) {
        expect(c.join(' '), id).toContain('-c .tmp/deploy/api/wrangler.jsonc --env production');
      }
    }
  });

  it('seeds the whole built-in catalogue into the remote database from one SQL file', () => {
    const seed = step(plan, 'seed');
    expect(seed.title).toContain(`Seed ${input.templates.length} built-in templates into the remote database memeforge`);
    expect(seed.kind === 'run' && seed.command).toEqual(expect.arrayContaining(['d1', 'execute', 'DB', '--remote', '--file', '.tmp/deploy/seed-templates.sql']));
    const sql = step(plan, 'seed-sql');
    expect(sql.kind === 'write' && sql.content.match(/^insert into "templates"/gm)).toHaveLength(input.templates.length);
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
    expect(set.kind === 'run' && set.command.join(' ')).toBe('npx wrangler r2 bucket lifecycle set memeforge-images --file .tmp/deploy/r2-lifecycle.json --force');
  });

  it('enables read replication through the REST API, skipping it when it is already on', () => {
    const replication = step(plan, 'read-replication');
    expect(replication).toMatchObject({
      kind: 'api',
      method: 'PUT',
      path: '/accounts/{ACCOUNT_ID}/d1/database/{DATABASE_ID}',
      body: { read_replication: { mode: 'auto' } },
      skipWhen: { field: 'read_replication.mode', equals: 'auto' },
    });
  });

  it('asks for exactly the secrets the code reads that no var or binding provides', () => {
    expect(plan.secrets).toEqual(['DASHBOARD_ACCESS_CODE', 'SESSION_SECRET']);
  });

  it('writes the database id only into the generated config, never the committed one', () => {
    const config = step(plan, 'deploy-config');
    expect(config.kind === 'write' && config.path).toBe('.tmp/deploy/api/wrangler.jsonc');
    expect(config.kind === 'write' && config.content).toContain('"database_id": "{DATABASE_ID}"');
  });
});

describe('what the code reads', () => {
  it('reads the generated Env through the interface it extends, as wrangler 4.164 writes it', () => {
    const source = 'interface __BaseEnv_Env { DB: D1Database; AI?: Ai }\ndeclare namespace Cloudflare { interface Env extends __BaseEnv_Env {} }\ninterface Env extends __BaseEnv_Env {}';
    expect(interfaceMembers(source, 'Env')).toEqual([{ name: 'DB', optional: false }, { name: 'AI', optional: true }]);
  });

  it('finds every binding, var and secret of this repository’s Env', () => {
    const names = input.code.api.map((m) => m.name);
    expect(names).toEqual(expect.arrayContaining(['DB', 'BUCKET', 'COUNTERS', 'IMAGES', 'AI', 'BROWSER', 'CLIENT_ADDRESS', 'SESSION_SECRET']));
    expect(input.code.pages.map((m) => m.name)).toEqual(['API']);
  });
});

describe('the plan refuses a production that lacks what the code reads', () => {
  const withCode = (code: Partial<PlanInput['code']>): PlanInput => ({ ...input, code: { ...input.code, ...code } });

  it('names a binding the Worker reads that production does not bind', () => {
    const broken = buildPlan(withCode({ api: [...input.code.api, { name: 'SEARCH_INDEX', optional: false }] }));
    expect(broken.problems).toEqual([expect.stringContaining('reads SEARCH_INDEX, which production neither binds, sets as a var, nor requires as a secret')]);
  });

  it('names a secret the Worker reads that production does not require', () => {
    const api = { ...input.production.api, secretsRequired: ['DASHBOARD_ACCESS_CODE'] };
    const broken = buildPlan({ ...input, production: { ...input.production, api } });
    expect(broken.problems).toEqual([expect.stringContaining('reads SESSION_SECRET, which production neither binds, sets as a var, nor requires as a secret')]);
  });

  it('names a secret production requires that local development does not list', () => {
    const broken = buildPlan(withCode({ secrets: ['DASHBOARD_ACCESS_CODE'] }));
    expect(broken.problems).toEqual(['workers/api/.dev.vars.example does not list SESSION_SECRET, which production requires']);
  });

  it('names the Pages app’s binding when production lacks it, optional in the type or not', () => {
    const preview = input.production.pages.preview;
    const broken = buildPlan({ ...input, production: { ...input.production, pages: { ...input.production.pages, production: preview } } });
    expect(broken.problems).toEqual([expect.stringContaining('The Pages app (app/env.d.ts PagesEnv) reads API')]);
  });
});

describe('printPlan', () => {
  const text = printPlan(plan, { dryRun: true });

  it('prints the resolved production configuration: bindings, vars, secrets, crons, limits', () => {
    for (const line of ['DB                            D1 memeforge', 'AI_PROVIDER                   "cloudflare"', 'crons: */15 * * * *', 'limits: cpu_ms 15000',
      'observability: on, head_sampling_rate 1', 'workers.dev URL: off; preview URLs: off', 'secrets (wrangler secret put): DASHBOARD_ACCESS_CODE, SESSION_SECRET',
      'API  service memeforge-api', 'bindings: none']) {
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
});

/** A fake account: the commands the runner sends, and what wrangler would answer on an account in `state`. */
function fakeAccount(state: { d1: boolean; r2: boolean; pages: boolean; secrets: string[]; replication: string }) {
  const ran: string[] = [];
  const calls: string[] = [];
  const exec: Exec = async (command, options) => {
    const line = command.join(' ');
    ran.push(line);
    const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
    if (line.includes('whoami')) return ok('{"loggedIn":true,"accounts":[{"name":"Memeforge","id":"acc123"}]}');
    if (line.includes('d1 list')) return ok(`⛅️ wrangler\n${JSON.stringify(state.d1 ? [{ name: 'memeforge', uuid: 'db-uuid-1' }] : [])}`);
    if (line.includes('d1 create')) return (state.d1 = true), ok('created');
    if (line.includes('r2 bucket info')) return state.r2 ? ok('{}') : { code: 1, stdout: '', stderr: 'The specified bucket does not exist. [code: 10006]' };
    if (line.includes('r2 bucket create')) return (state.r2 = true), ok('created');
    if (line.includes('pages project list')) return ok(JSON.stringify(state.pages ? [{ 'Project Name': 'memeforge' }] : []));
    if (line.includes('pages project create')) return (state.pages = true), ok('created');
    if (line.includes('auth token')) return ok('{"type":"oauth","token":"tok"}');
    if (line.includes('secret list')) return ok(JSON.stringify(state.secrets.map((name) => ({ name, type: 'secret_text' }))));
    if (line.includes('secret put')) return state.secrets.push(`${command[4]}=${options.input}`), ok('');
    return ok('');
  };
  const fakeFetch = (async (url: string, init?: RequestInit) => {
    calls.push(`${init?.method} ${url}`);
    if (init?.method === 'PUT') state.replication = 'auto';
    return Response.json({ success: true, result: { read_replication: { mode: state.replication } } });
  }) as typeof fetch;
  return { exec, fetch: fakeFetch, ran, calls };
}

describe('runPlan on an account (faked)', () => {
  const remote: Plan = { ...plan, steps: plan.steps.filter((s) => !s.offline) };
  const env = { DASHBOARD_ACCESS_CODE: 'code', SESSION_SECRET: 'a'.repeat(40) };

  it('creates what is missing on a new account, with the ids it found', async () => {
    const state = { d1: false, r2: false, pages: false, secrets: [] as string[], replication: 'disabled' };
    const account = fakeAccount(state);
    await runPlan(remote, { dryRun: false, exec: account.exec, fetch: account.fetch, env, log: () => {} });
    expect(account.ran).toEqual(expect.arrayContaining(['npx wrangler d1 create memeforge', 'npx wrangler r2 bucket create memeforge-images',
      'npx wrangler pages project create memeforge --production-branch main']));
    expect(account.calls).toEqual([
      'GET https://api.cloudflare.com/client/v4/accounts/acc123/d1/database/db-uuid-1',
      'PUT https://api.cloudflare.com/client/v4/accounts/acc123/d1/database/db-uuid-1',
    ]);
    // Their values come from the environment, piped to `wrangler secret put`.
    expect(state.secrets).toEqual(['DASHBOARD_ACCESS_CODE=code', `SESSION_SECRET=${'a'.repeat(40)}`]);
  });

  it('changes nothing on a second run: every look-up finds its resource', async () => {
    const state = { d1: true, r2: true, pages: true, secrets: ['DASHBOARD_ACCESS_CODE', 'SESSION_SECRET'], replication: 'auto' };
    const account = fakeAccount(state);
    await runPlan(remote, { dryRun: false, exec: account.exec, fetch: account.fetch, env: {}, log: () => {} });
    expect(account.ran.filter((l) => / create | secret put /.test(l))).toEqual([]);
    expect(account.calls.filter((c) => c.startsWith('PUT'))).toEqual([]);
  });

  it('refuses to go on without a secret’s value when no one can type it', async () => {
    const account = fakeAccount({ d1: true, r2: true, pages: true, secrets: [], replication: 'auto' });
    await expect(runPlan(remote, { dryRun: false, exec: account.exec, fetch: account.fetch, env: {}, interactive: false, log: () => {} })).rejects.toThrow(
      'DASHBOARD_ACCESS_CODE is not set on the Worker',
    );
  });

  it('runs nothing that reaches an account in a dry run', async () => {
    const account = fakeAccount({ d1: false, r2: false, pages: false, secrets: [], replication: 'disabled' });
    await runPlan(remote, { dryRun: true, exec: account.exec, fetch: account.fetch, env, log: () => {} });
    expect(account.ran).toEqual([]);
    expect(account.calls).toEqual([]);
  });
});
