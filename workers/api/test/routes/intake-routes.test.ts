/**
 * One intake rule for every route (ADR 0012): the same edge files go to the upload, every tool operation, metadata
 * analysis, privacy removal, the AI operations, caption ideas for a stored picture and a saved meme, and each file
 * gets the same answer everywhere: accepted by all, or refused by all with the same status, code and words. Every
 * picture a route stores or returns is then read in full by ImageMagick (test/support/imagemagick.ts).
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { aiOutputProblem } from '../../../../core/tools/ai';
import { imageTtlSeconds, putTemporary } from '../../src/storage/image-store';
import { api, toBase64 } from '../helpers';
import { resultBytes } from '../support/corpus';
import { edgeFiles, type EdgeFile } from '../support/edge-files';
import type { MagickVerdict } from '../support/imagemagick';

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

/**
 * What ImageMagick makes of each picture, in one batch. Byte-identical pictures (many routes store or return the
 * very bytes another did, e.g. an upload and its privacy removal) are read once and share the verdict.
 */
async function magick(pictures: Uint8Array[]): Promise<MagickVerdict[]> {
  const digests = await Promise.all(
    pictures.map(async (bytes) =>
      toBase64(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))),
    ),
  );
  const distinct = [...new Map(digests.map((digest, i) => [digest, pictures[i]!])).entries()];
  const form = new FormData();
  distinct.forEach(([, bytes], i) => form.append(String(i), new File([bytes as Uint8Array<ArrayBuffer>], String(i))));
  const res = await env.IMAGEMAGICK.fetch('http://magick/check?batch', { method: 'POST', body: form });
  if (!res.ok) throw new Error(`ImageMagick failed: ${await res.text()}`);
  const verdicts = await res.json<MagickVerdict[]>();
  const byDigest = new Map(distinct.map(([digest], i) => [digest, verdicts[i]!]));
  return digests.map((digest) => byDigest.get(digest)!);
}

/** Edge files sent at once: each file's routes in turn, as a visitor would, with other files' requests in between. */
const FILES_AT_ONCE = 3;

const CANVAS_TYPES: [string, (b: Uint8Array) => boolean][] = [
  ['image/png', (b) => b[0] === 0x89 && b[1] === 0x50],
  ['image/jpeg', (b) => b[0] === 0xff && b[1] === 0xd8],
  ['image/webp', (b) => String.fromCharCode(...b.subarray(8, 12)) === 'WEBP'],
];

type Route = { name: string; send: (bytes: Uint8Array, ip: string) => Promise<Response>; canvasOnly?: boolean };

function tool(route: string, fields: Record<string, string | number>) {
  return (bytes: Uint8Array, ip: string) => {
    const form = new FormData();
    form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], 'edge'));
    for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
    return api(`/api/${route}`, { method: 'POST', body: form, headers: { 'cf-connecting-ip': ip } });
  };
}

const one = JSON.stringify([{ x: 0, y: 0, width: 1, height: 1 }]);
const ROUTES: Route[] = [
  { name: 'upload', send: tool('upload', {}) },
  { name: 'compress', send: tool('optimize', { operation: 'compress', quality: 80 }) },
  { name: 'upscale', send: tool('optimize', { operation: 'upscale', factor: 2 }) },
  { name: 'remove-background', send: tool('optimize', { operation: 'remove-background' }) },
  {
    name: 'resize',
    send: tool('modify', { operation: 'resize', width: 16, height: 16, maintainAspectRatio: 'false' }),
  },
  { name: 'crop', send: tool('modify', { operation: 'crop', x: 0, y: 0, width: 1, height: 1 }) },
  { name: 'rotate', send: tool('modify', { operation: 'rotate', angle: 90 }) },
  { name: 'convert to JPEG', send: tool('convert', { format: 'jpeg' }) },
  { name: 'convert to PNG', send: tool('convert', { format: 'png' }) },
  { name: 'watermark', send: tool('security', { operation: 'watermark', text: 'M' }) },
  { name: 'blur', send: tool('security', { operation: 'blur', method: 'selective', regions: one }) },
  { name: 'privacy', send: tool('security', { operation: 'privacy' }) },
  { name: 'analyze-metadata', send: tool('analyze-metadata', {}) },
  {
    // A stored picture (as an AI result or an old upload would be) captioned by the vision model.
    name: 'caption ideas',
    async send(bytes, ip) {
      const stored = await putTemporary(env.BUCKET, bytes, {
        contentType: 'application/octet-stream',
        ttlSeconds: imageTtlSeconds(env),
      });
      return api('/api/generate-captions', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({ imageUrl: stored.url, context: '' }),
      });
    },
  },
  {
    // The editor's canvas export, saved: only PNG, JPEG and WebP are canvas types, so other files skip this route.
    name: 'download-meme',
    canvasOnly: true,
    async send(bytes, ip) {
      const type = CANVAS_TYPES.find(([, is]) => is(bytes))![0];
      return api('/api/download-meme', {
        method: 'POST',
        headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
        body: JSON.stringify({
          canvasData: `data:${type};base64,${toBase64(bytes)}`,
          format: type === 'image/jpeg' ? 'jpg' : type.slice(6),
        }),
      });
    },
  },
];

/** The pictures an answer stored or returned. */
function picturesOf(route: string, body: Record<string, unknown>): string[] {
  if (route === 'download-meme') return [String(body.downloadUrl).split('?')[0]!];
  return typeof body.imageUrl === 'string' ? [body.imageUrl] : [];
}

let files: EdgeFile[] = [];
const answers = new Map<string, Map<string, Answer>>();

beforeAll(async () => {
  files = await edgeFiles();
  for (const file of files) answers.set(file.name, new Map());
  let next = 0;
  const sender = async () => {
    for (let n = next++; n < files.length; n = next++) {
      const file = files[n]!;
      const byRoute = answers.get(file.name)!;
      // Each file from its own address: the routes' per-minute and daily AI allowances never get in the way.
      const ip = `198.18.${Math.floor(n / 200)}.${(n % 200) + 20}`;
      for (const route of ROUTES) {
        if (route.canvasOnly && !CANVAS_TYPES.some(([, is]) => is(file.bytes))) continue;
        const res = await route.send(file.bytes, ip);
        byRoute.set(route.name, { status: res.status, body: await res.json<Record<string, unknown>>() });
      }
    }
  };
  await Promise.all(Array.from({ length: FILES_AT_ONCE }, sender));
}, 600_000);

describe('every route takes in a picture by the one intake rule', () => {
  it('has made every edge file', () => {
    expect(files.length).toBeGreaterThan(50);
  });

  it('answers each edge file the same on every route: accepted everywhere, or refused with the same status, code and words', () => {
    const wrong: string[] = [];
    for (const file of files) {
      const byRoute = answers.get(file.name)!;
      const upload = byRoute.get('upload')!;
      if (file.expect === 'accept') {
        if (upload.status !== 201)
          wrong.push(`${file.name}: upload ${upload.status} ${JSON.stringify(upload.body)}, expected it accepted`);
        const size = upload.body as { width: number; height: number };
        for (const [route, answer] of byRoute) {
          if (route === 'upload') continue;
          // An option's own limit (the AI's result size) is said by that option, not by intake.
          const optionLimit = route === 'upscale' && upload.status === 201 ? aiOutputProblem('upscale', 2, size) : null;
          // Blur works on still pictures: an animation is refused by the operation, after intake took it (ADR 0137).
          const stillOnly = route === 'blur' && /^animated /.test(file.name);
          if (optionLimit) {
            if (answer.status !== 400 || answer.body.error !== optionLimit)
              wrong.push(
                `${file.name}: ${route} ${answer.status} ${JSON.stringify(answer.body)}, expected 400 ${optionLimit}`,
              );
          } else if (stillOnly) {
            if (
              answer.status !== 422 ||
              !/^Blurring faces or people is done on still pictures only/.test(String(answer.body.error))
            )
              wrong.push(
                `${file.name}: ${route} ${answer.status} ${JSON.stringify(answer.body)}, expected the still-pictures 422`,
              );
          } else if (answer.status < 200 || answer.status > 201)
            wrong.push(`${file.name}: ${route} ${answer.status} ${JSON.stringify(answer.body)}`);
        }
        continue;
      }
      const { status, code, error } = file.expect;
      if (upload.status !== status || upload.body.code !== code || !error.test(String(upload.body.error))) {
        wrong.push(
          `${file.name}: upload ${upload.status} ${JSON.stringify(upload.body)}, expected ${status} ${code} ${error}`,
        );
      }
      for (const [route, answer] of byRoute) {
        if (
          answer.status !== upload.status ||
          answer.body.code !== upload.body.code ||
          answer.body.error !== upload.body.error
        ) {
          wrong.push(
            `${file.name}: ${route} ${answer.status} ${JSON.stringify(answer.body)} but upload ${upload.status} ${JSON.stringify(upload.body)}`,
          );
        }
      }
    }
    expect(wrong).toEqual([]);
  });

  it('stores and returns only pictures ImageMagick decodes in full', async () => {
    const made: { label: string; bytes: Uint8Array }[] = [];
    for (const [file, byRoute] of answers) {
      for (const [route, answer] of byRoute) {
        if (answer.status >= 300) continue;
        for (const url of picturesOf(route, answer.body))
          made.push({ label: `${file} → ${route}`, bytes: await resultBytes(url) });
      }
    }
    const verdicts = await magick(made.map((m) => m.bytes));
    const undecodable = made.flatMap((m, i) => (verdicts[i]!.ok ? [] : [`${m.label}: ${verdicts[i]!.problem}`]));
    expect(undecodable).toEqual([]);
    expect(made.length).toBeGreaterThan(300);
  }, 600_000);

  it('stores only the picture of a file with bytes after its end', async () => {
    for (const name of ['PNG with a zip appended', 'JPEG with text appended', 'WebP with bytes appended']) {
      const file = files.find((f) => f.name === name)!;
      const upload = answers.get(name)!.get('upload')!;
      const stored = await resultBytes(String(upload.body.imageUrl));
      expect(stored.length, name).toBeLessThan(file.bytes.length);
      expect(new TextDecoder().decode(stored)).not.toMatch(/garbage|script/);
    }
  });
});

describe('the ImageMagick check can fail', () => {
  it('finds a damaged file undecodable and a sound one decodable', async () => {
    const file = files.find((f) => f.name === 'JPEG with a broken scan') ?? files[0]!;
    const sound = files.find((f) => f.name === 'tiny 1×1 PNG')!;
    const [bad, good] = await magick([file.bytes, sound.bytes]);
    expect(bad!.ok).toBe(false);
    expect(good).toMatchObject({ ok: true, format: 'PNG', width: 1, height: 1, frames: 1 });
  });
});
