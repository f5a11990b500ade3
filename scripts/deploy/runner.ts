/**
 * Carries out a deploy plan (plan.ts). A dry run carries out only the offline steps (build, generated files,
 * bundles) and the preflight's configuration checks, and prints the rest. Commands and the Cloudflare REST API are
 * reached through `exec` and `fetch`, which a test replaces to hold the look-ups, the preflight and their idempotency
 * without an account.
 */
import { existsSync, mkdirSync, rmSync, symlinkSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { restApi, resultOf, type Api } from './cloudflare-api';
import { ensureCustomDomain } from './custom-domain';
import { commandLine, jsonIn, readLookup, spawnExec, tokenIn, type Exec, type ExecResult } from './exec';
import type { Plan } from './plan';
import { accountPreflight, configLines, lineText, plannedAccountChecks, refusals, type CheckLine } from './preflight';
import { DATABASE_ID_SLOT } from './production-config';
import { ACCOUNT_ID_SLOT, PAGES_DEV_SLOT, ZONE_ID_SLOT, type Step } from './steps';

export interface RunOptions {
  dryRun: boolean;
  exec?: Exec;
  fetch?: typeof fetch;
  env?: Record<string, string | undefined>;
  /** Whether a person can answer prompts (a secret's value). */
  interactive?: boolean;
  log?: (line: string) => void;
  /** The database id a dry run writes into the deploy config (the committed placeholder). */
  placeholderDatabaseId?: string;
}

/** The preflight said no: its failing lines, each the sentence an operator needs. Nothing was built or created. */
export class PreflightRefusal extends Error {
  constructor(readonly reasons: string[]) {
    super(
      `the preflight refused the deploy; nothing was built or created:\n${reasons.map((r) => `  ✘ ${r}`).join('\n')}`,
    );
  }
}

export interface RunResult {
  /** In a dry run: what the deploy would refuse (the configuration's placeholders); [] when it would go ahead. */
  refusals: string[];
}

const field = (value: unknown, path: string) =>
  path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);

export async function runPlan(plan: Plan, options: RunOptions): Promise<RunResult> {
  const exec = options.exec ?? spawnExec;
  const doFetch = options.fetch ?? fetch;
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  const slots = new Map<string, string>();
  const dryRunRefusals: string[] = [];
  if (options.dryRun) {
    slots.set(DATABASE_ID_SLOT, options.placeholderDatabaseId ?? '00000000-0000-0000-0000-000000000000');
    slots.set(PAGES_DEV_SLOT, `${plan.pages.project}.pages.dev`);
  }

  const fill = (text: string) =>
    text.replace(/\{(ACCOUNT_ID|DATABASE_ID|PAGES_DEV|ZONE_ID)\}/g, (slot) => {
      const value = slots.get(slot);
      if (value === undefined) throw new Error(`${slot} is not known yet: a step that finds it must come first`);
      return value;
    });
  const filled = (command: string[]) => command.map(fill);
  async function must(
    command: string[],
    mode: 'inherit' | 'capture',
    input?: string,
    cwd?: string,
  ): Promise<ExecResult> {
    const result = await exec(filled(command), { mode, input, cwd });
    if (result.code !== 0)
      throw new Error(
        `${commandLine(command)} exited with ${result.code}${mode === 'capture' ? `:\n${result.stdout}\n${result.stderr}` : ''}`,
      );
    return result;
  }
  let api: Api | undefined;
  /** The REST API with CLOUDFLARE_API_TOKEN, else the token of `wrangler login`; asked for once. */
  async function restCalls(tokenCommand: string[]): Promise<Api> {
    api ??= restApi(doFetch, env.CLOUDFLARE_API_TOKEN || tokenIn((await must(tokenCommand, 'capture')).stdout));
    return api;
  }

  for (const [i, step] of plan.steps.entries()) {
    const label = `${i + 1}. ${step.title}`;
    if (options.dryRun && !step.offline && step.kind !== 'preflight') {
      log(`- ${label}: not run (dry run)`);
      continue;
    }
    log(`▶ ${label}`);
    await runStep(step);
  }
  return { refusals: dryRunRefusals };

  async function preflight(step: Extract<Step, { kind: 'preflight' }>): Promise<void> {
    const local = configLines(step.spec);
    for (const line of local) log(`  ${lineText(line)}`);
    if (options.dryRun) {
      for (const check of plannedAccountChecks(step.spec)) log(`  · would ask ${check}`);
      dryRunRefusals.push(...refusals(local));
      return;
    }
    const account = await accountPreflight(step.spec, await restCalls(step.token), fill(ACCOUNT_ID_SLOT));
    for (const line of account.lines) log(`  ${lineText(line)}`);
    const all: CheckLine[] = [...local, ...account.lines];
    if (refusals(all).length) throw new PreflightRefusal(refusals(all));
    if (account.zoneId) slots.set(ZONE_ID_SLOT, account.zoneId);
  }

  async function runStep(step: Step): Promise<void> {
    switch (step.kind) {
      case 'run':
        await must(step.command, 'inherit', undefined, step.cwd);
        return;
      case 'bundle': {
        const result = await must(step.command, 'capture');
        const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(`${result.stdout}\n${result.stderr}`);
        if (!size) throw new Error('could not read the bundle size from wrangler');
        const gzip = Number(size[2]);
        log(`  ${size[1]} KiB, ${gzip} KiB gzipped (limit ${step.gzipLimitKiB} KiB)`);
        if (gzip > step.gzipLimitKiB)
          throw new Error(`the bundle is ${gzip} KiB gzipped, over the ${step.gzipLimitKiB} KiB limit`);
        return;
      }
      case 'write':
        mkdirSync(dirname(step.path), { recursive: true });
        writeFileSync(step.path, fill(step.content));
        log(`  wrote ${step.path} (${Buffer.byteLength(step.content)} bytes)`);
        return;
      case 'link':
        mkdirSync(dirname(step.path), { recursive: true });
        rmSync(step.path, { force: true, recursive: false });
        symlinkSync(step.target, step.path);
        log(`  ${step.path} → ${step.target}`);
        return;
      case 'verify-files': {
        const missing = step.files.filter((f) => !existsSync(f));
        if (missing.length)
          throw new Error(
            `missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} (run npm run build)`,
          );
        log(`  all ${step.files.length} present`);
        return;
      }
      case 'account': {
        const fromEnv = env[step.envVar];
        if (fromEnv) {
          slots.set(ACCOUNT_ID_SLOT, fromEnv);
          return;
        }
        const who = jsonIn((await must(step.command, 'capture')).stdout) as {
          accounts?: { id: string; name: string }[];
        };
        const accounts = who.accounts ?? [];
        if (accounts.length !== 1) {
          throw new Error(
            `Set ${step.envVar} to the account to deploy to; this login reaches ${accounts.map((a) => `${a.name} (${a.id})`).join(', ') || 'no account'}.`,
          );
        }
        slots.set(ACCOUNT_ID_SLOT, accounts[0]!.id);
        log(`  ${accounts[0]!.name}`);
        return;
      }
      case 'preflight':
        await preflight(step);
        return;
      case 'ensure': {
        let found = readLookup(step.lookup, await exec(filled(step.find), { mode: 'capture' }));
        if (found.exists) log(`  ${step.lookup.name} exists`);
        else {
          await must(step.create, 'inherit');
          found = readLookup(step.lookup, await exec(filled(step.find), { mode: 'capture' }));
          if (!found.exists) throw new Error(`${step.lookup.name} was created but the look-up does not show it`);
        }
        if (step.yields) {
          if (!found.id)
            throw new Error(
              `${step.lookup.name} has no ${step.yields === 'PAGES_DEV' ? 'pages.dev address' : 'id'} in the look-up`,
            );
          slots.set(`{${step.yields}}`, found.id);
        }
        return;
      }
      case 'api': {
        const call = await restCalls(step.token);
        const path = fill(step.path);
        const done = async (method: 'GET' | 'PUT', body?: unknown) =>
          resultOf(await call(method, path, body), `${method} ${path}`, step.permission);
        if (step.skipWhen && field(await done('GET'), step.skipWhen.field) === step.skipWhen.equals) {
          log(`  already ${step.skipWhen.field} = ${JSON.stringify(step.skipWhen.equals)}`);
          return;
        }
        await done(step.method, step.body);
        return;
      }
      case 'secrets': {
        const listed = await exec(filled(step.list), { mode: 'capture' });
        let set: string[] = [];
        if (listed.code === 0) set = (jsonIn(listed.stdout) as { name: string }[]).map((s) => s.name);
        // The Worker does not exist before its first deploy; `secret put` then creates it.
        else if (!/10007|not found|does not exist/i.test(`${listed.stdout}${listed.stderr}`))
          throw new Error(`could not list the secrets:\n${listed.stderr}`);
        for (const name of step.names.filter((n) => !set.includes(n))) {
          const put = step.put.map((a) => (a === '{NAME}' ? name : a));
          const value = env[name];
          if (value) await must(put, 'inherit', value);
          else if (options.interactive) {
            log(`  ${name} is not set: wrangler asks for its value now`);
            await must(put, 'inherit');
          } else
            throw new Error(
              `${name} is not set on the Worker: set the environment variable ${name} for this run, or run the deploy in a terminal`,
            );
        }
        log(
          `  ${step.names.length - step.names.filter((n) => !set.includes(n)).length} of ${step.names.length} were already set`,
        );
        return;
      }
      case 'custom-domain': {
        const d = {
          accountId: fill(ACCOUNT_ID_SLOT),
          project: step.project,
          domain: step.domain,
          zoneId: fill(ZONE_ID_SLOT),
          target: fill(step.target),
        };
        for (const line of await ensureCustomDomain(await restCalls(step.token), d)) log(`  ${line}`);
        return;
      }
    }
  }
}
