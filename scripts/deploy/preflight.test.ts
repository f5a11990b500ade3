import { describe, expect, it } from 'vitest';
import { restApi } from './cloudflare-api';
import { FIXTURE_ACCOUNT, recorded, recordedFetch, type Recorded } from './fixtures/recorded-fetch';
import { accountPreflight, configLines, lineText, refusals, type PreflightSpec } from './preflight';

const spec: PreflightSpec = {
  environment: 'production',
  configProblems: [],
  configSummary: 'Memes of Ours; contact hello@ours.org; take-downs abuse@ours.org; memes.ours.org',
  cpuMs: 15000,
  bundleLimitKiB: 4096,
  models: [
    '@cf/black-forest-labs/flux-1-schnell',
    '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
    '@cf/meta/llama-4-scout-17b-16e-instruct',
    '@cf/moondream/moondream3.1-9B-A2B',
  ],
  domain: 'memes.ours.org',
};
const SUBSCRIPTIONS = `GET /accounts/${FIXTURE_ACCOUNT}/subscriptions`;

/** The preflight against an account that answers as recorded. */
async function preflightOn(answers: Recorded, s: PreflightSpec = spec) {
  const calls: string[] = [];
  const result = await accountPreflight(s, restApi(recordedFetch(answers, calls), 'token'), FIXTURE_ACCOUNT);
  return { ...result, calls, text: result.lines.map(lineText) };
}
const account = (subscriptions: string, ...more: Recorded[]) =>
  Object.assign(recorded('account-products.json', subscriptions), ...more);

describe('the preflight against recorded answers', () => {
  it('passes a Workers Paid and Images Paid account, one line a check, and finds the domain’s zone', async () => {
    const run = await preflightOn(account('subscriptions-paid.json'));
    expect(run.lines.map((l) => l.verdict)).toEqual(['pass', 'pass', 'pass', 'pass', 'pass']);
    expect(run.text).toEqual([
      expect.stringMatching(/^✔ Workers Paid: .*cpu_ms = 15000/),
      expect.stringMatching(/^✔ Images Paid/),
      expect.stringMatching(/^✔ Browser Rendering answers/),
      '✔ Workers AI lists the 4 models the code calls',
      expect.stringMatching(/^✔ Domain memes\.ours\.org: zone ours\.org is active/),
    ]);
    expect(run.zoneId).toBe('9a7806061c88ada191ed06f989cc3dac');
    // Read-only calls only; the subscriptions are asked for once for both plans.
    expect(run.calls.filter((c) => !c.startsWith('GET '))).toEqual([]);
    expect(run.calls.filter((c) => c === SUBSCRIPTIONS)).toHaveLength(1);
  });

  it('stops a Workers Free and Images Free account, naming what to buy and what Images Free holds', async () => {
    const run = await preflightOn(account('subscriptions-free.json'));
    const [workers, images, ...rest] = run.lines;
    expect(workers!.verdict).toBe('fail');
    expect(workers!.text).toMatch(
      /^Workers Free: .*3 MB compressed and 10 ms of CPU.*cpu_ms = 15000.*Buy Workers Paid \(\$5 a month\) at https:\/\/dash\.cloudflare\.com\/\?to=\/:account\/workers\/plans.*nothing was created/,
    );
    expect(images!.verdict).toBe('fail');
    expect(images!.text).toMatch(
      /^Images Free allows 5,000 unique transformations a month, then every new one fails \(9422\) until the 1st: 1,666 to 5,000 operations .* Buy Images Paid/,
    );
    expect(rest.map((l) => l.verdict)).toEqual(['pass', 'pass', 'pass']);
    expect(refusals(run.lines)).toHaveLength(2);
  });

  it('lets staging run on Images Free with a warning that says what it holds, but never on Workers Free', async () => {
    const run = await preflightOn(account('subscriptions-free.json'), {
      ...spec,
      environment: 'staging',
      domain: undefined,
    });
    expect(run.lines.map((l) => l.verdict)).toEqual(['fail', 'warn', 'pass', 'pass', 'pass']);
    expect(run.text[1]).toMatch(/^! Images Free allows 5,000 .*enough for staging, not for production$/);
    expect(run.text[4]).toBe('✔ No domain: staging is its pages.dev address');
    expect(run.calls.some((c) => c.includes('/zones'))).toBe(false);
  });

  it('names the permission when the token may not read the account’s plans', async () => {
    const run = await preflightOn(account('subscriptions-no-billing-permission.json'));
    expect(run.lines.slice(0, 2).map((l) => l.verdict)).toEqual(['fail', 'fail']);
    expect(run.text[0]).toBe(
      '✘ Workers plan: not known, the token may not ask (403 Authentication error (10000)): give it Account · Billing · Read; docs/deploy.md lists every permission the deploy needs',
    );
    expect(run.text[1]).toMatch(/^✘ Images plan: not known.*Account · Billing · Read/);
  });

  it('takes a contract plan as including both', async () => {
    const contract = {
      [SUBSCRIPTIONS]: {
        status: 200,
        body: {
          success: true,
          errors: [],
          result: [{ state: 'Paid', rate_plan: { id: 'enterprise', public_name: 'Enterprise', is_contract: true } }],
        },
      },
    };
    const run = await preflightOn(account('subscriptions-free.json', contract));
    expect(run.lines.slice(0, 2).map((l) => l.verdict)).toEqual(['pass', 'pass']);
  });

  it('does not count a cancelled Workers Paid, nor a Workers AI plan, as Workers Paid', async () => {
    const subs = [
      { state: 'Cancelled', rate_plan: { id: 'workers_paid', public_name: 'Workers Paid' } },
      { state: 'Paid', rate_plan: { id: 'workers_ai_paid', public_name: 'Workers AI Paid' } },
    ];
    const run = await preflightOn(
      account('subscriptions-free.json', {
        [SUBSCRIPTIONS]: { status: 200, body: { success: true, errors: [], result: subs } },
      }),
    );
    expect(run.lines[0]!.verdict).toBe('fail');
  });

  it('names a model Workers AI no longer lists', async () => {
    const key = `GET /accounts/${FIXTURE_ACCOUNT}/ai/models/search?search=@cf/moondream/moondream3.1-9B-A2B`;
    const run = await preflightOn(
      account('subscriptions-paid.json', { [key]: { status: 200, body: { success: true, errors: [], result: [] } } }),
    );
    expect(run.text[3]).toMatch(
      /^✘ Workers AI does not list @cf\/moondream\/moondream3\.1-9B-A2B: .*workers\/api\/src\/ai\/contracts\.ts/,
    );
  });

  it('stops when no zone of the account holds the domain, or its zone is not active yet', async () => {
    const none = {
      [`GET /zones?name=ours.org&account.id=${FIXTURE_ACCOUNT}`]: {
        status: 200,
        body: { success: true, errors: [], result: [] },
      },
    };
    const missing = await preflightOn(account('subscriptions-paid.json', none));
    expect(missing.text[4]).toMatch(
      /^✘ Domain memes\.ours\.org: no zone of this account holds it\. .*environments\.production\.domain in memeforge\.config\.ts/,
    );
    expect(missing.zoneId).toBeUndefined();
    const pending = {
      [`GET /zones?name=ours.org&account.id=${FIXTURE_ACCOUNT}`]: {
        status: 200,
        body: { success: true, errors: [], result: [{ id: 'z', name: 'ours.org', status: 'pending' }] },
      },
    };
    expect((await preflightOn(account('subscriptions-paid.json', pending))).text[4]).toMatch(
      /zone ours\.org is pending, not active/,
    );
  });

  it('checks the configuration on this machine: a line for it, or one per placeholder', () => {
    expect(configLines(spec).map(lineText)).toEqual([`✔ memeforge.config.ts: ${spec.configSummary}`]);
    const placeholder = configLines({
      ...spec,
      configProblems: ['memeforge.config.ts contactEmail is "support@memeforge.example", a placeholder'],
    });
    expect(placeholder.map((l) => l.verdict)).toEqual(['fail']);
  });
});
