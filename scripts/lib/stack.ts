/**
 * Starts the whole local stack (Pages + API Worker + local D1/R2 + local AI) the way the e2e suite does: its own
 * port, fresh state, no background-removal install. Used by `npm run fuzz` and `npm run load`.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';

export interface Stack {
  baseUrl: string;
  persistDir: string;
  /** True once the server process has exited (a crash, if it was not stopped). */
  exited: () => boolean;
  stop: () => Promise<void>;
}

export async function startStack(port: number, timeoutMs = 180_000): Promise<Stack> {
  const persistDir = `.wrangler/bench-state-${port}`;
  const args = ['--import', 'tsx', 'scripts/start.ts', '--fresh'];
  // The API is what is under test, but Pages needs a build to start: reuse one if present.
  if (existsSync('build/index.js') || existsSync('functions/[[path]].js') || existsSync('public/build')) args.push('--no-build');
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, PORT: String(port), PERSIST_DIR: persistDir, MEMEFORGE_NO_BG_REMOVAL: '1', WRANGLER_SEND_METRICS: 'false', CLOUDFLARE_CF_FETCH_ENABLED: 'false' },
  });
  let done = false;
  child.on('exit', () => (done = true));
  const baseUrl = `http://127.0.0.1:${port}`;
  const until = Date.now() + timeoutMs;
  for (;;) {
    if (done) throw new Error('the local stack exited while starting');
    try {
      if ((await fetch(`${baseUrl}/api/health`)).ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > until) {
      child.kill('SIGTERM');
      throw new Error(`the local stack did not answer ${baseUrl}/api/health within ${timeoutMs / 1000} s`);
    }
    await new Promise((r) => setTimeout(r, 1000));
  }
  return {
    baseUrl,
    persistDir,
    exited: () => done,
    stop: async () => {
      if (done) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
