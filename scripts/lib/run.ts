import { spawn } from 'node:child_process';
import { join } from 'node:path';

export const HOST = '127.0.0.1';
/** `npm start`'s port; workers/api/wrangler.toml's SITE_ORIGIN names it. */
export const DEFAULT_PORT = 8788;
export const PORT = Number(process.env.PORT ?? DEFAULT_PORT);
export const PERSIST_DIR = process.env.PERSIST_DIR ?? '.wrangler/state';

/**
 * Environment for every wrangler call: no telemetry, no fetch of Request.cf data (there is no network), and no
 * request-body draining: wrangler dev otherwise reads every body our code left unread before it lets the answer go,
 * so a refused 60 MB upload was answered only once all of it had arrived, and a body declared but never sent was
 * never answered (ADR 0121). Production has no such step. Nor wrangler's local traces of every invocation (on unless
 * X_LOCAL_OBSERVABILITY says otherwise, in the wrangler 4 we use): each invocation is tailed to a trace collector, a
 * never-evicted Durable Object in the same workerd as our Workers, a third of that process's growth per request
 * (ADR 0157); `X_LOCAL_OBSERVABILITY=true npm start` turns them back on for the Local Explorer.
 */
export function wranglerEnv(extra: Record<string, string> = {}): NodeJS.ProcessEnv {
  return {
    ...process.env,
    WRANGLER_SEND_METRICS: 'false',
    CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    WRANGLER_DISABLE_REQUEST_BODY_DRAINING: 'true',
    X_LOCAL_OBSERVABILITY: process.env.X_LOCAL_OBSERVABILITY ?? 'false',
    ...extra,
  };
}

/**
 * `npx <name> …` without npx, for tests that start a command many times: the same program npx would find
 * (node_modules/.bin/<name>), started by the Node that runs the caller. npx itself costs about half a CPU second a call
 * resolving the package (ADR 0201). Operators' commands and docs keep `npx`.
 */
export function localBin(name: string, args: string[]): [string, string[]] {
  return [process.execPath, [join('node_modules', '.bin', name), ...args]];
}

/** wrangler's arguments that apply the API Worker's D1 migrations to local state in `persistDir`. */
export function migrationsApplyArgs(persistDir: string): string[] {
  return ['d1', 'migrations', 'apply', 'DB', '--local', '-c', 'workers/api/wrangler.toml', '--persist-to', persistDir];
}

/** Runs a command to completion with inherited output; rejects on a non-zero exit. */
export function run(cmd: string, args: string[], env: NodeJS.ProcessEnv = wranglerEnv()): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(cmd, args, { stdio: 'inherit', env });
    child.on('error', reject);
    child.on('exit', (code) =>
      code === 0 ? resolve() : reject(new Error(`${cmd} ${args.join(' ')} exited with ${code}`)),
    );
  });
}
