/**
 * What `npm start` (scripts/start.ts) prepares before it starts anything: the local secrets, the API Worker's config
 * for this stack, and the offline background removal. The local services and their ports are here too.
 */
import { readFileSync } from 'node:fs';
import { access, copyFile, mkdir, readFile, writeFile } from 'node:fs/promises';
import { resolve } from 'node:path';
import { DEFAULT_PORT, HOST, PERSIST_DIR, PORT, run } from './run';

export async function ensureDevVars() {
  const target = 'workers/api/.dev.vars';
  try {
    await access(target);
  } catch {
    await copyFile('workers/api/.dev.vars.example', target);
    console.log(`created ${target} from .dev.vars.example (local access code and signing key)`);
  }
}

const API_CONFIG = 'workers/api/wrangler.toml';

/**
 * The local services and their ports. Each port can be moved (LOCAL_AI_PORT, LOCAL_IMAGE_PORT, LOCAL_RENDER_PORT; the
 * services read the same variables), and this stack's Worker is then pointed at it: a stack of its own, e.g. to try
 * killing a service without touching the copies other stacks share on the default ports.
 */
export const SERVICES = [
  {
    name: 'local-ai',
    entry: 'local-ai/main.ts',
    port: Number(process.env.LOCAL_AI_PORT ?? 8790),
    urlVar: 'LOCAL_AI_URL',
    defaultPort: 8790,
  },
  {
    name: 'local-images',
    entry: 'local-images/main.ts',
    port: Number(process.env.LOCAL_IMAGE_PORT ?? 8792),
    urlVar: 'LOCAL_IMAGE_URL',
    defaultPort: 8792,
  },
  {
    name: 'local-render',
    entry: 'local-render/main.ts',
    port: Number(process.env.LOCAL_RENDER_PORT ?? 8793),
    urlVar: 'LOCAL_RENDER_URL',
    defaultPort: 8793,
  },
] as const;

/**
 * The API Worker's config for this stack. `API_MONTHLY_CALLS=5 tsx scripts/start.ts` (the e2e suite) gives this
 * stack a small per-key allowance without touching `npm start`, a moved service port (above) its own URL, and a moved
 * PORT its own SITE_ORIGIN and SITE_ALIASES:
 * wrangler reads vars only from the config and the `.dev.vars` beside it, so the stack gets its own copy of both
 * under PERSIST_DIR, with the paths made absolute.
 */
export async function apiWorkerConfig(): Promise<string> {
  const vars: Record<string, string> = {};
  const calls = process.env.API_MONTHLY_CALLS;
  if (calls) {
    if (!/^[1-9]\d*$/.test(calls)) throw new Error(`API_MONTHLY_CALLS must be a positive whole number, not "${calls}"`);
    vars.API_MONTHLY_CALLS = calls;
  }
  for (const s of SERVICES) {
    if (!Number.isInteger(s.port) || s.port < 1 || s.port > 65535)
      throw new Error(`${s.name}: the port must be a whole number from 1 to 65535`);
    if (s.port !== s.defaultPort) vars[s.urlVar] = `http://${HOST}:${s.port}`;
  }
  // The site's origin is this stack's address, and localhost on the same port its alias (the config's are the
  // default port's, ADR 0155).
  if (PORT !== DEFAULT_PORT)
    Object.assign(vars, { SITE_ORIGIN: `http://${HOST}:${PORT}`, SITE_ALIASES: `http://localhost:${PORT}` });
  if (Object.keys(vars).length === 0) return API_CONFIG;
  const dir = `${PERSIST_DIR}/api-worker`;
  await mkdir(dir, { recursive: true });
  let toml = (await readFile(API_CONFIG, 'utf8'))
    .replace(/^main = ".*"$/m, `main = ${JSON.stringify(resolve('workers/api/src/index.ts'))}`)
    .replaceAll(/^migrations_dir = ".*"$/gm, `migrations_dir = ${JSON.stringify(resolve('migrations'))}`);
  for (const [name, value] of Object.entries(vars)) {
    // The first occurrence is the default environment's [vars]; [env.production.vars] comes later.
    toml = toml.replace(new RegExp(`^${name} = ".*"$`, 'm'), `${name} = "${value}"`);
    if (!toml.includes(`${name} = "${value}"`)) throw new Error(`${API_CONFIG} has no ${name} var to override`);
  }
  await writeFile(`${dir}/wrangler.toml`, toml);
  await copyFile('workers/api/.dev.vars', `${dir}/.dev.vars`);
  if (calls) console.log(`API keys on this stack: ${calls} calls a month (API_MONTHLY_CALLS)`);
  return `${dir}/wrangler.toml`;
}

const BG_DIR = 'local-ai/background-removal';

/** Whether every dependency the program's package.json pins is installed at that version (not after a pull that adds one). */
function backgroundRemovalInstalled(): boolean {
  const { dependencies } = JSON.parse(readFileSync(`${BG_DIR}/package.json`, 'utf8')) as {
    dependencies: Record<string, string>;
  };
  return Object.entries(dependencies).every(([name, version]) => {
    try {
      return (
        (JSON.parse(readFileSync(`${BG_DIR}/node_modules/${name}/package.json`, 'utf8')) as { version: string })
          .version === version
      );
    } catch {
      return false;
    }
  });
}

/**
 * Background removal offline is a separate AGPL program (ADR 0061) with its own dependencies, installed on first
 * start and again when its package.json pins something not installed. Failing to install it (no registry) is not
 * fatal: background removal then answers 503 offline.
 */
export async function ensureBackgroundRemoval() {
  if (process.env.MEMEFORGE_NO_BG_REMOVAL === '1' || backgroundRemovalInstalled()) return;
  console.log(`installing offline background removal into ${BG_DIR} (AGPL-3.0, separate program; once)`);
  const env = { ...process.env, ONNXRUNTIME_NODE_INSTALL: 'skip', npm_config_onnxruntime_node_install_cuda: 'skip' };
  await run('npm', ['ci', '--prefix', BG_DIR, '--no-audit', '--no-fund'], env).catch((err: unknown) => {
    console.warn(`could not install background removal (${String(err)}); it will answer 503 offline`);
  });
}
