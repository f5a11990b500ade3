/**
 * Carries out a deploy plan (plan.ts). A dry run carries out only the offline steps (build, generated files,
 * bundles) and prints the rest. Commands and the Cloudflare REST API are reached through `exec` and `fetch`, which a
 * test replaces to hold the look-ups and their idempotency without an account.
 */
import { spawn } from 'node:child_process';
import { existsSync, mkdirSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { wranglerEnv } from '../lib/run';
import { ACCOUNT_ID_SLOT, type Lookup, type Plan, type Step } from './plan';
import { DATABASE_ID_SLOT } from './production-config';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
}

/** `inherit`: the person sees the command's output and answers its prompts; `capture`: the output is parsed. */
export type Exec = (command: string[], options: { mode: 'inherit' | 'capture'; input?: string }) => Promise<ExecResult>;

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

export const API_BASE = 'https://api.cloudflare.com/client/v4';

export const spawnExec: Exec = (command, { mode, input }) =>
  new Promise((resolve, reject) => {
    const [cmd, ...args] = command as [string, ...string[]];
    const child = spawn(cmd, args, { env: wranglerEnv(), stdio: mode === 'inherit' && input === undefined ? 'inherit' : ['pipe', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout?.on('data', (d: Buffer) => {
      stdout += d;
      if (mode === 'inherit') process.stdout.write(d);
    });
    child.stderr?.on('data', (d: Buffer) => {
      stderr += d;
      if (mode === 'inherit') process.stderr.write(d);
    });
    if (child.stdin) child.stdin.end(input ?? '');
    child.on('error', reject);
    child.on('close', (code) => resolve({ code: code ?? 1, stdout, stderr }));
  });

/** The JSON in a command's output (wrangler may print a banner before it). */
export function jsonIn(output: string): unknown {
  try {
    return JSON.parse(output);
  } catch {
    const start = output.search(/[[{]/);
    const end = Math.max(output.lastIndexOf(']'), output.lastIndexOf('}'));
    if (start < 0 || end < start) throw new Error(`expected JSON, got: ${output.slice(0, 200)}`);
    return JSON.parse(output.slice(start, end + 1));
  }
}

const quote = (arg: string) => (/^[\w@%+=:,./{}-]+$/.test(arg) ? arg : `'${arg.replaceAll("'", `'\\''`)}'`);
export const commandLine = (command: string[]) => command.map(quote).join(' ');

/** Whether a look-up's output shows the resource, and its id when the look-up yields one. */
export function readLookup(lookup: Lookup, result: ExecResult): { exists: boolean; id?: string } {
  const output = `${result.stdout}\n${result.stderr}`;
  if (lookup.parse === 'r2-bucket-info') {
    if (result.code === 0) return { exists: true };
    // R2 answers 10006 "The specified bucket does not exist".
    if (/10006|does not exist|not found/i.test(output)) return { exists: false };
    throw new Error(`could not look up the R2 bucket ${lookup.name}:\n${output}`);
  }
  if (result.code !== 0) throw new Error(`the look-up failed:\n${output}`);
  const list = jsonIn(result.stdout) as Record<string, unknown>[];
  if (lookup.parse === 'd1-list-json') {
    const db = list.find((d) => d.name === lookup.name);
    return db ? { exists: true, id: String(db.uuid) } : { exists: false };
  }
  return { exists: list.some((p) => p['Project Name'] === lookup.name) };
}

/** The token `wrangler auth token --json` prints: an OAuth token (wrangler login) or an API token. */
function tokenIn(output: string): string {
  const auth = jsonIn(output) as { type?: string; token?: string };
  if (!auth.token) throw new Error('wrangler has no token for the REST API (a global API key cannot be used here): set CLOUDFLARE_API_TOKEN');
  return auth.token;
}

const field = (value: unknown, path: string) => path.split('.').reduce<unknown>((v, k) => (v as Record<string, unknown> | undefined)?.[k], value);

export async function runPlan(plan: Plan, options: RunOptions): Promise<void> {
  const exec = options.exec ?? spawnExec;
  const doFetch = options.fetch ?? fetch;
  const env = options.env ?? process.env;
  const log = options.log ?? console.log;
  const slots = new Map<string, string>();
  if (options.dryRun) slots.set(DATABASE_ID_SLOT, options.placeholderDatabaseId ?? '00000000-0000-0000-0000-000000000000');

  const fill = (text: string) =>
    text.replace(/\{(ACCOUNT_ID|DATABASE_ID)\}/g, (slot) => {
      const value = slots.get(slot);
      if (value === undefined) throw new Error(`${slot} is not known yet: a step that finds it must come first`);
      return value;
    });
  const filled = (command: string[]) => command.map(fill);
  async function must(command: string[], mode: 'inherit' | 'capture', input?: string): Promise<ExecResult> {
    const result = await exec(filled(command), { mode, input });
    if (result.code !== 0) throw new Error(`${commandLine(command)} exited with ${result.code}${mode === 'capture' ? `:\n${result.stdout}\n${result.stderr}` : ''}`);
    return result;
  }

  for (const [i, step] of plan.steps.entries()) {
    const label = `${i + 1}. ${step.title}`;
    if (options.dryRun && !step.offline) {
      log(`- ${label}: not run (dry run)`);
      continue;
    }
    log(`▶ ${label}`);
    await runStep(step);
  }

  async function runStep(step: Step): Promise<void> {
    switch (step.kind) {
      case 'run':
        await must(step.command, 'inherit');
        return;
      case 'bundle': {
        const result = await must(step.command, 'capture');
        const size = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(`${result.stdout}\n${result.stderr}`);
        if (!size) throw new Error('could not read the bundle size from wrangler');
        const gzip = Number(size[2]);
        log(`  ${size[1]} KiB, ${gzip} KiB gzipped (limit ${step.gzipLimitKiB} KiB)`);
        if (gzip > step.gzipLimitKiB) throw new Error(`the bundle is ${gzip} KiB gzipped, over the ${step.gzipLimitKiB} KiB limit`);
        return;
      }
      case 'write':
        mkdirSync(dirname(step.path), { recursive: true });
        writeFileSync(step.path, fill(step.content));
        log(`  wrote ${step.path} (${Buffer.byteLength(step.content)} bytes)`);
        return;
      case 'verify-files': {
        const missing = step.files.filter((f) => !existsSync(f));
        if (missing.length) throw new Error(`missing: ${missing.slice(0, 5).join(', ')}${missing.length > 5 ? ` and ${missing.length - 5} more` : ''} (run npm run build)`);
        log(`  all ${step.files.length} present`);
        return;
      }
      case 'account': {
        const fromEnv = env[step.envVar];
        if (fromEnv) {
          slots.set(ACCOUNT_ID_SLOT, fromEnv);
          return;
        }
        const who = jsonIn((await must(step.command, 'capture')).stdout) as { accounts?: { id: string; name: string }[] };
        const accounts = who.accounts ?? [];
        if (accounts.length !== 1) {
          throw new Error(`Set ${step.envVar} to the account to deploy to; this login reaches ${accounts.map((a) => `${a.name} (${a.id})`).join(', ') || 'no account'}.`);
        }
        slots.set(ACCOUNT_ID_SLOT, accounts[0]!.id);
        log(`  ${accounts[0]!.name}`);
        return;
      }
      case 'ensure': {
        let found = readLookup(step.lookup, await exec(filled(step.find), { mode: 'capture' }));
        if (found.exists) log(`  ${step.lookup.name} exists`);
        else {
          await must(step.create, 'inherit');
          found = readLookup(step.lookup, await exec(filled(step.find), { mode: 'capture' }));
          if (!found.exists) throw new Error(`${step.lookup.name} was created but the look-up does not show it`);
        }
        if (step.yields) {
          if (!found.id) throw new Error(`${step.lookup.name} has no id in the look-up`);
          slots.set(`{${step.yields}}`, found.id);
        }
        return;
      }
      case 'api': {
        const token = env.CLOUDFLARE_API_TOKEN || tokenIn((await must(step.token, 'capture')).stdout);
        const url = `${API_BASE}${fill(step.path)}`;
        const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' };
        const call = async (method: string, body?: unknown) => {
          const res = await doFetch(url, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
          const answer = (await res.json().catch(() => ({}))) as { success?: boolean; result?: unknown; errors?: { message: string }[] };
          if (!res.ok || answer.success === false) throw new Error(`${method} ${url}: ${res.status} ${answer.errors?.map((e) => e.message).join('; ') ?? ''}`);
          return answer.result;
        };
        if (step.skipWhen && field(await call('GET'), step.skipWhen.field) === step.skipWhen.equals) {
          log(`  already ${step.skipWhen.field} = ${JSON.stringify(step.skipWhen.equals)}`);
          return;
        }
        await call(step.method, step.body);
        return;
      }
      case 'secrets': {
        const listed = await exec(filled(step.list), { mode: 'capture' });
        let set: string[] = [];
        if (listed.code === 0) set = (jsonIn(listed.stdout) as { name: string }[]).map((s) => s.name);
        // The Worker does not exist before its first deploy; `secret put` then creates it.
        else if (!/10007|not found|does not exist/i.test(`${listed.stdout}${listed.stderr}`)) throw new Error(`could not list the secrets:\n${listed.stderr}`);
        for (const name of step.names.filter((n) => !set.includes(n))) {
          const put = step.put.map((a) => (a === '{NAME}' ? name : a));
          const value = env[name];
          if (value) await must(put, 'inherit', value);
          else if (options.interactive) {
            log(`  ${name} is not set: wrangler asks for its value now`);
            await must(put, 'inherit');
          } else throw new Error(`${name} is not set on the Worker: set the environment variable ${name} for this run, or run the deploy in a terminal`);
        }
        log(`  ${step.names.length - step.names.filter((n) => !set.includes(n)).length} of ${step.names.length} were already set`);
        return;
      }
    }
  }
}
