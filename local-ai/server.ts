import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import { AI_INPUT_MAX_BYTES } from '../core/tools/ai-options';
import { removeBackground, UnavailableError } from './background';
import { detectFaces } from './faces';
import { BadImageError, encodeResult, RESULT_FORMATS, type ResultFormat } from './image';
import { detectPeople } from './people';
import { renderPreviewCard } from './preview-card';
import { TooLargeError, upscale, type Factor } from './upscale';

/**
 * The offline AI service: plain HTTP on loopback, image bytes in, JSON or an image out (PNG, or JPEG or WebP when
 * `?format=` asks), errors as `{ error }` with a readable message. Only the API Worker talks to it.
 */
export const MAX_BODY_BYTES = AI_INPUT_MAX_BYTES;
const PROMPT_MAX = 2000;

class HttpProblem extends Error {
  constructor(
    readonly status: number,
    message: string,
  ) {
    super(message);
  }
}

function readBody(req: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const onData = (chunk: Buffer) => {
      size += chunk.length;
      if (size > MAX_BODY_BYTES) {
        // Stop keeping the bytes but let the rest drain, so the client reads the 413 instead of a reset socket.
        req.off('data', onData);
        req.resume();
        reject(new HttpProblem(413, 'The image is too large for the local AI service.'));
        return;
      }
      chunks.push(chunk);
    };
    req.on('data', onData);
    req.on('end', () => resolve(Buffer.concat(chunks)));
    req.on('error', reject);
  });
}

const sendJson = (res: ServerResponse, status: number, body: unknown) => {
  res.writeHead(status, { 'content-type': 'application/json; charset=utf-8' }).end(JSON.stringify(body));
};

async function imageBody(req: IncomingMessage): Promise<Uint8Array> {
  const body = await readBody(req);
  if (body.length === 0) throw new HttpProblem(400, 'Send the image bytes as the request body.');
  return new Uint8Array(body.buffer, body.byteOffset, body.length);
}

/** Aborted when the caller goes away before the answer is written (a cancelled tool job). */
function closedBy(res: ServerResponse): AbortSignal {
  const gone = new AbortController();
  res.on('close', () => {
    if (!res.writableFinished) gone.abort();
  });
  return gone.signal;
}

/** `?format=png|jpeg|webp&quality=1..100` of an image result; PNG when absent. */
function resultFormat(url: URL): { format: ResultFormat; quality?: number } {
  const format = url.searchParams.get('format') ?? 'png';
  if (!RESULT_FORMATS.includes(format as ResultFormat))
    throw new HttpProblem(400, `The format must be one of ${RESULT_FORMATS.join(', ')}.`);
  const raw = url.searchParams.get('quality');
  const quality = raw === null ? undefined : Number(raw);
  if (quality !== undefined && !(Number.isInteger(quality) && quality >= 1 && quality <= 100))
    throw new HttpProblem(400, 'The quality must be a whole number from 1 to 100.');
  return { format: format as ResultFormat, quality };
}

async function sendImage(res: ServerResponse, png: Buffer, out: { format: ResultFormat; quality?: number }) {
  const body = await encodeResult(png, out.format, out.quality);
  res.writeHead(200, { 'content-type': `image/${out.format}`, 'content-length': String(body.length) }).end(body);
}

async function route(req: IncomingMessage, res: ServerResponse) {
  const url = new URL(req.url ?? '/', 'http://local');
  if (req.method === 'GET' && url.pathname === '/health') return sendJson(res, 200, { ok: true });
  if (req.method !== 'POST') throw new HttpProblem(404, 'No such route.');
  switch (url.pathname) {
    case '/faces':
      return sendJson(res, 200, { boxes: await detectFaces(await imageBody(req)) });
    case '/people':
      return sendJson(res, 200, { boxes: await detectPeople(await imageBody(req)) });
    case '/upscale': {
      const factor = Number(url.searchParams.get('factor'));
      if (factor !== 2 && factor !== 3 && factor !== 4) throw new HttpProblem(400, 'The factor must be 2, 3 or 4.');
      const out = resultFormat(url);
      return sendImage(res, await upscale(await imageBody(req), factor as Factor, closedBy(res)), out);
    }
    case '/remove-background': {
      const out = resultFormat(url);
      if (out.format === 'jpeg') throw new HttpProblem(400, 'A cut-out needs transparency: ask for PNG or WebP.');
      return sendImage(
        res,
        await removeBackground(await imageBody(req), req.headers['content-type'] ?? 'application/octet-stream'),
        out,
      );
    }
    case '/preview-card': {
      let prompt: unknown;
      try {
        prompt = JSON.parse((await readBody(req)).toString('utf8')).prompt;
      } catch {
        throw new HttpProblem(400, 'Send JSON: { "prompt": "..." }.');
      }
      if (typeof prompt !== 'string' || !prompt.trim() || prompt.length > PROMPT_MAX) {
        throw new HttpProblem(400, `The prompt must be 1 to ${PROMPT_MAX} characters.`);
      }
      return res.writeHead(200, { 'content-type': 'image/png' }).end(await renderPreviewCard(prompt));
    }
    default:
      throw new HttpProblem(404, 'No such route.');
  }
}

export function createAiServer(): Server {
  return createServer((req, res) => {
    route(req, res).catch((err: unknown) => {
      if (res.headersSent || res.destroyed) return res.destroy();
      if (err instanceof HttpProblem) return sendJson(res, err.status, { error: err.message });
      if (err instanceof BadImageError) return sendJson(res, 422, { error: err.message });
      if (err instanceof TooLargeError) return sendJson(res, 413, { error: err.message });
      if (err instanceof UnavailableError) return sendJson(res, 503, { error: err.message });
      console.error('local-ai: request failed', err);
      sendJson(res, 500, { error: 'The local AI model failed on this image. Please try another image.' });
    });
  });
}
