import { existsSync, readFileSync, rmSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import type { Exec } from './exec';
import { FIXTURE_ACCOUNT, recorded, recordedFetch, type Answer } from './fixtures/recorded-fetch';
import type { OperatorConfig } from './operator-config';
import { buildPlan, readPlanInput, type Plan } from './plan';
import { PreflightRefusal, runPlan } from './runner';

const REAL: OperatorConfig = {
  siteName: 'Memes of Ours',
  contactEmail: 'hello@ours.org',
  abuseEmail: 'abuse@ours.org',
  environments: { production: { domain: 'memes.ours.org' }, staging: { domain: '' } },
};
const input = readPlanInput();
/** The committed configuration (local placeholders) and an operator's real one. */
const committed = buildPlan(input);
const production = buildPlan({ ...input, operator: REAL });
const remote = (plan: Plan): Plan => ({ ...plan, steps: plan.steps.filter((s) => !s.offline) });
const PAGES_DEV = 'memeforge-7x2.pages.dev';
const ZONE = '9a7806061c88ada191ed06f989cc3dac';

interface AccountState {
  d1: boolean;
  r2: boolean;
  pages: boolean;
  secrets: string[];
  replication: string;
  /** The Pages project's custom domains, and the DNS records of the zone at memes.ours.org. */
  domains: string[];
  records: { type: string; name: string; content: string }[];
}
const fresh = (): AccountState => ({
  d1: false,
  r2: false,
  pages: false,
  secrets: [],
  replication: 'disabled',
  domains: [],
  records: [],
});
const settled = (): AccountState => ({
  d1: true,
  r2: true,
  pages: true,
  secrets: ['DASHBOARD_ACCESS_CODE', 'SESSION_SECRET'],
  replication: 'auto',
  domains: ['memes.ours.org'],
  records: [{ type: 'CNAME', name: 'memes.ours.org', content: PAGES_DEV }],
});

/**
 * A fake account: wrangler's answers to the commands the runner sends, and the REST API from recorded answers (the
 * preflight's, `subscriptions` naming the plans) with the calls that change state answered from `state`.
 */
function fakeAccount(
  state: AccountState,
  subscriptions = 'subscriptions-paid.json',
  names = { database: 'memeforge', project: 'memeforge' },
) {
  const ran: string[] = [];
  const calls: string[] = [];
  const exec: Exec = async (command, options) => {
    const line = command.join(' ');
    ran.push(line);
    const ok = (stdout: string) => ({ code: 0, stdout, stderr: '' });
    if (line.includes('whoami'))
      return ok(`{"loggedIn":true,"accounts":[{"name":"Memes of Ours","id":"${FIXTURE_ACCOUNT}"}]}`);
    if (line.includes('d1 list'))
      return ok(`⛅️ wrangler\n${JSON.stringify(state.d1 ? [{ name: names.database, uuid: 'db-uuid-1' }] : [])}`);
    if (line.includes('d1 create')) return ((state.d1 = true), ok('created'));
    if (line.includes('r2 bucket info'))
      return state.r2
        ? ok('{}')
        : { code: 1, stdout: '', stderr: 'The specified bucket does not exist. [code: 10006]' };
    if (line.includes('r2 bucket create')) return ((state.r2 = true), ok('created'));
    // wrangler lists a project's domains; its pages.dev address may carry a suffix when the name was taken.
    if (line.includes('pages project list'))
      return ok(
        JSON.stringify(
          state.pages
            ? [{ 'Project Name': names.project, 'Project Domains': `${PAGES_DEV}, ${state.domains.join(', ')}` }]
            : [],
        ),
      );
    if (line.includes('pages project create')) return ((state.pages = true), ok('created'));
    if (line.includes('auth token')) return ok('{"type":"oauth","token":"tok"}');
    if (line.includes('secret list'))
      return ok(JSON.stringify(state.secrets.map((name) => ({ name, type: 'secret_text' }))));
    if (line.includes('secret put')) return (state.secrets.push(`${command[4]}=${options.input}`), ok(''));
    return ok('');
  };
  const answer = (result: unknown): Answer => ({
    status: 200,
    body: { success: true, errors: [], messages: [], result },
  });
  const live = (key: string, body: unknown): Answer | undefined => {
    const [method, path] = key.split(' ') as [string, string];
    if (path.includes('/d1/database/')) {
      if (method === 'PUT') state.replication = 'auto';
      return answer({ read_replication: { mode: state.replication } });
    }
    if (path.endsWith(`/pages/projects/${names.project}/domains`)) {
      if (method === 'POST') state.domains.push((body as { name: string }).name);
      return answer(state.domains.map((name) => ({ name, status: 'active' })));
    }
    if (path.startsWith(`/zones/${ZONE}/dns_records`)) {
      if (method === 'POST') state.records.push(body as AccountState['records'][number]);
      return answer(state.records);
    }
    return undefined;
  };
  return { exec, fetch: recordedFetch(recorded('account-products.json', subscriptions), calls, live), ran, calls };
}

const secretsEnv = { DASHBOARD_ACCESS_CODE: 'code', SESSION_SECRET: 'a'.repeat(40) };
const quiet = () => {};

describe('runPlan on an account (faked)', () => {
  it('creates what is missing on a new account, with the ids and the address it found, and serves the domain', async () => {
    const state = fresh();
    const account = fakeAccount(state);
    await runPlan(remote(production), {
      dryRun: false,
      exec: account.exec,
      fetch: account.fetch,
      env: secretsEnv,
      log: quiet,
    });
    expect(account.ran).toEqual(
      expect.arrayContaining([
        'npx wrangler d1 create memeforge',
        'npx wrangler r2 bucket create memeforge-images',
        'npx wrangler pages project create memeforge --production-branch main',
      ]),
    );
    expect(account.calls.filter((c) => !c.startsWith('GET '))).toEqual([
      `PUT /accounts/${FIXTURE_ACCOUNT}/d1/database/db-uuid-1`,
      `POST /accounts/${FIXTURE_ACCOUNT}/pages/projects/memeforge/domains`,
      `POST /zones/${ZONE}/dns_records`,
    ]);
    expect(state.domains).toEqual(['memes.ours.org']);
    // The CNAME points at the project's own pages.dev address, as the look-up found it.
    expect(state.records).toEqual([
      { type: 'CNAME', name: 'memes.ours.org', content: PAGES_DEV, proxied: true, ttl: 1 },
    ]);
    // Their values come from the environment, piped to `wrangler secret put`.
    expect(state.secrets).toEqual(['DASHBOARD_ACCESS_CODE=code', `SESSION_SECRET=${'a'.repeat(40)}`]);
  });

  it('changes nothing on a second run: every look-up finds its resource', async () => {
    const account = fakeAccount(settled());
    await runPlan(remote(production), { dryRun: false, exec: account.exec, fetch: account.fetch, env: {}, log: quiet });
    expect(account.ran.filter((l) => / create | secret put /.test(l))).toEqual([]);
    expect(account.calls.filter((c) => !c.startsWith('GET '))).toEqual([]);
  });

  it('refuses to go on without a secret’s value when no one can type it', async () => {
    const account = fakeAccount({ ...settled(), secrets: [] });
    await expect(
      runPlan(remote(production), {
        dryRun: false,
        exec: account.exec,
        fetch: account.fetch,
        env: {},
        interactive: false,
        log: quiet,
      }),
    ).rejects.toThrow('DASHBOARD_ACCESS_CODE is not set on the Worker');
  });

  it('writes staging’s site origin from its Pages project’s pages.dev address', async () => {
    const staging = buildPlan(readPlanInput({ environment: 'staging' }));
    const steps = staging.steps.filter((s) => ['account', 'd1', 'pages-project', 'deploy-config'].includes(s.id));
    const account = fakeAccount(settled(), 'subscriptions-paid.json', {
      database: 'memeforge-staging',
      project: 'memeforge-staging',
    });
    const path = '.tmp/deploy/staging/api/wrangler.jsonc';
    rmSync(path, { force: true });
    await runPlan(
      { ...staging, steps },
      { dryRun: false, exec: account.exec, fetch: account.fetch, env: {}, log: quiet },
    );
    const written = JSON.parse(readFileSync(path, 'utf8').replace(/^\/\/.*\n/, ''));
    expect(written.env.staging.vars.SITE_ORIGIN).toBe(`https://${PAGES_DEV}`);
    expect(written.env.staging.vars.SITE_ALIASES).toBe('');
    expect(written.env.staging.d1_databases[0].database_id).toBe('db-uuid-1');
  });

  it('writes production’s domain as its site origin and its pages.dev address as the alias answers may name', async () => {
    // Written beside the deploy's own config, which `npm run deploy:dry-run` may be writing and bundling meanwhile.
    const path = '.tmp/deploy/runner-test/wrangler.jsonc';
    const steps = production.steps
      .filter((s) => ['account', 'd1', 'pages-project', 'deploy-config'].includes(s.id))
      .map((s) => (s.id === 'deploy-config' ? { ...s, path } : s));
    const account = fakeAccount(settled());
    rmSync(path, { force: true });
    await runPlan(
      { ...production, steps },
      { dryRun: false, exec: account.exec, fetch: account.fetch, env: {}, log: quiet },
    );
    const { vars } = JSON.parse(readFileSync(path, 'utf8').replace(/^\/\/.*\n/, '')).env.production;
    expect([vars.SITE_ORIGIN, vars.SITE_ALIASES]).toEqual(['https://memes.ours.org', `https://${PAGES_DEV}`]);
  });
});

describe('the preflight stops the deploy before anything is built or created', () => {
  const options = (account: ReturnType<typeof fakeAccount>) => ({
    dryRun: false,
    exec: account.exec,
    fetch: account.fetch,
    env: { CLOUDFLARE_API_TOKEN: 'token' },
    log: quiet,
  });

  it('on a recorded Workers Free and Images Free account, naming what to buy', async () => {
    const account = fakeAccount(fresh(), 'subscriptions-free.json');
    rmSync('.tmp/deploy/seed-templates.sql', { force: true });
    const run = runPlan(production, options(account));
    await expect(run).rejects.toThrow(PreflightRefusal);
    await expect(run).rejects.toThrow(/Buy Workers Paid .*\n.*Buy Images Paid/);
    // Only the account was looked up: no build, no file, no create.
    expect(account.ran).toEqual(['npx wrangler whoami --json']);
    expect(account.calls.every((c) => c.startsWith('GET '))).toBe(true);
    expect(existsSync('.tmp/deploy/seed-templates.sql')).toBe(false);
  });

  it('when the token may not read the account’s plans, naming the permission', async () => {
    const account = fakeAccount(fresh(), 'subscriptions-no-billing-permission.json');
    await expect(runPlan(production, options(account))).rejects.toThrow(/give it Account · Billing · Read/);
    expect(account.ran).toEqual(['npx wrangler whoami --json']);
  });

  it('on a Paid account while memeforge.config.ts holds placeholders', async () => {
    const account = fakeAccount(fresh());
    await expect(runPlan(committed, options(account))).rejects.toThrow(
      /memeforge\.config\.ts contactEmail is "support@memeforge\.example", a placeholder/,
    );
    expect(account.ran).toEqual(['npx wrangler whoami --json']);
  });

  it('in a dry run, reaches no account and reports the placeholders as the deploy’s verdict', async () => {
    const account = fakeAccount(fresh());
    const lines: string[] = [];
    const result = await runPlan(remote(committed), {
      dryRun: true,
      exec: account.exec,
      fetch: account.fetch,
      env: secretsEnv,
      log: (l) => lines.push(l),
    });
    expect(account.ran).toEqual([]);
    expect(account.calls).toEqual([]);
    expect(result.refusals).toEqual([
      expect.stringContaining('contactEmail'),
      expect.stringContaining('abuseEmail'),
      expect.stringContaining('environments.production.domain'),
    ]);
    expect(lines).toContain(
      '  · would ask GET /accounts/{ACCOUNT_ID}/subscriptions: the Workers plan is Workers Paid; the Images plan is Images Paid',
    );
    // With the operator's values the dry run has nothing to refuse.
    expect(
      (
        await runPlan(remote(production), {
          dryRun: true,
          exec: account.exec,
          fetch: account.fetch,
          env: {},
          log: quiet,
        })
      ).refusals,
    ).toEqual([]);
  });
});
