/**
 * Running wrangler for the deploy and the `--remote` importers: commands through `exec`, which a test replaces to
 * hold the look-ups and their idempotency without an account, and the reading of what wrangler prints.
 */
import { spawn } from 'node:child_process';
import { wranglerEnv } from '../lib/run';
import type { Lookup } from './steps';

export interface ExecResult {
  code: number;
  stdout: string;
  stderr: string;
}

/**
 * `inherit`: the person sees the command's output and answers its prompts; `capture`: the output is parsed. `cwd`:
 * where it runs (the repository root when not given).
 */
export type Exec = (
  command: string[],
  options: { mode: 'inherit' | 'capture'; input?: string; cwd?: string },
) => Promise<ExecResult>;

export const spawnExec: Exec = (command, { mode, input, cwd }) =>
  new Promise((resolve, reject) => {
    const [cmd, ...args] = command as [string, ...string[]];
    const child = spawn(cmd, args, {
      cwd,
      env: wranglerEnv(),
      stdio: mode === 'inherit' && input === undefined ? 'inherit' : ['pipe', 'pipe', 'pipe'],
    });
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
  const project = list.find((p) => p['Project Name'] === lookup.name);
  if (!project) return { exists: false };
  // wrangler lists the project's domains, its pages.dev address among them ("memeforge-7x2.pages.dev, memes.ours.org").
  const pagesDev = String(project['Project Domains'] ?? '')
    .split(',')
    .map((d) => d.trim())
    .find((d) => d.endsWith('.pages.dev'));
  return { exists: true, id: pagesDev };
}

/** The token `wrangler auth token --json` prints: an OAuth token (wrangler login) or an API token. */
export function tokenIn(output: string): string {
  const auth = jsonIn(output) as { type?: string; token?: string };
  if (!auth.token)
    throw new Error(
      'wrangler has no token for the REST API (a global API key cannot be used here): set CLOUDFLARE_API_TOKEN',
    );
  return auth.token;
}
