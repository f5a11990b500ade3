/**
 * Entry point of the offline AI service (`npm start` runs it before wrangler): listens on LOCAL_AI_PORT (8790) on
 * loopback and, when it is installed, starts the separate background-removal program next to it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { backgroundPort } from './background';
import { createAiServer } from './server';
import { warmUpscale } from './upscale';

const HOST = '127.0.0.1';
const PORT = Number(process.env.LOCAL_AI_PORT ?? 8790);
const here = path.dirname(fileURLToPath(import.meta.url));
const bgDir = path.join(here, 'background-removal');

let bg: ChildProcess | null = null;
if (existsSync(path.join(bgDir, 'node_modules'))) {
  bg = spawn(process.execPath, [path.join(bgDir, 'server.mjs')], {
    stdio: 'inherit',
    cwd: bgDir,
    env: { ...process.env, PORT: String(backgroundPort()) },
  });
} else {
  console.log('local-ai: background removal is not installed (see local-ai/background-removal/README.md)');
}

const server = createAiServer();
server.on('error', (err: NodeJS.ErrnoException) => {
  // Another copy (e.g. a second `npm start`) already serves this port: the Worker will use that one.
  console.warn(err.code === 'EADDRINUSE' ? `local-ai: port ${PORT} is in use; assuming another copy serves it` : err);
  bg?.kill('SIGTERM');
  process.exit(0);
});
server.listen(PORT, HOST, () => {
  console.log(`local-ai: listening on http://${HOST}:${PORT}`);
  // The ×2 model in every upscaling thread now, so the first upscale does not wait for it (ADR 0127).
  const started = Date.now();
  warmUpscale(2).then(
    () => console.log(`local-ai: upscaling threads ready in ${((Date.now() - started) / 1000).toFixed(1)} s`),
    (err: unknown) => console.warn('local-ai: the upscaling threads could not load their model', err),
  );
});

const stop = () => {
  bg?.kill('SIGTERM');
  server.close(() => process.exit(0));
  setTimeout(() => process.exit(0), 2000).unref();
};
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
