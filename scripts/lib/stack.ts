/**
 * Starts the whole local stack (Pages + API Worker + local D1/R2 + local AI + the local image service) the way the
 * e2e suite does: its own port, fresh state, no background-removal install. Used by `npm run fuzz`, `npm run load` and
 * `npm run soak`. The services listen where LOCAL_AI_PORT, LOCAL_IMAGE_PORT and LOCAL_RENDER_PORT say (scripts/start.ts;
 * the default ports otherwise), and a copy already answering there, another stack's, is used instead of starting one.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { createWriteStream, existsSync, mkdirSync } from 'node:fs';
import { dirname } from 'node:path';

export interface Stack {
  baseUrl: string;
  persistDir: string;
  /** The stack's first process (scripts/start.ts): every process of the stack is below it (scripts/lib/process-memory.ts). */
  pid: number;
  /** True once the server process has exited (a crash, if it was not stopped). */
  exited: () => boolean;
  stop: () => Promise<void>;
}

/**
 * `logFile`: the server's stdout and stderr (wrangler, workerd, the Worker's console) go there, so a 5xx seen by the
 * caller can be matched with what threw on the server. Without it they are dropped (stderr still shows).
 */
export async function startStack(port: number, options: { logFile?: string; timeoutMs?: number } = {}): Promise<Stack> {
  const timeoutMs = options.timeoutMs ?? 180_000;
  const persistDir = `.wrangler/bench-state-${port}`;
  const args = ['--import', 'tsx', 'scripts/start.ts', '--fresh'];
  // The API is what is under test, but Pages needs a build to start: reuse one if present.
  if (existsSync('build/index.js') || existsSync('functions/_middleware.js') || existsSync('public/build'))
    args.push('--no-build');
  const child: ChildProcess = spawn(process.execPath, args, {
    stdio: ['ignore', options.logFile ? 'pipe' : 'ignore', options.logFile ? 'pipe' : 'inherit'],
    env: {
      ...process.env,
      PORT: String(port),
      PERSIST_DIR: persistDir,
      MEMEFORGE_NO_BG_REMOVAL: '1',
      WRANGLER_SEND_METRICS: 'false',
      CLOUDFLARE_CF_FETCH_ENABLED: 'false',
    },
  });
  if (options.logFile) {
    mkdirSync(dirname(options.logFile), { recursive: true });
    const log = createWriteStream(options.logFile);
    child.stdout?.pipe(log);
    child.stderr?.pipe(log);
  }
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
    pid: child.pid!,
    exited: () => done,
    stop: async () => {
      if (done) return;
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}
