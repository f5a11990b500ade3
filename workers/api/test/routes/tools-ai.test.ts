import { describe, expect, it } from 'vitest';
import { AI_LIMIT_MESSAGE } from '../../../../core/api/usage';
import { FREE_DAILY_AI_LIMIT } from '../../../../core/limits';
import { FAKE_FAIL_MARKER, fakeSubjectBox } from '../../src/ai/fake';
import { decode } from '../../src/imaging/codecs/decode';
import { encode } from '../../src/imaging/codecs/encode';
import { readHeader } from '../../src/imaging/intake/sniff';
import { env } from 'cloudflare:workers';
import { api, listKeys, pngDeclaring } from '../helpers';
import { resultBytes, type ToolBody } from '../support/corpus';
import { markedPng } from '../support/marked-png';
import { syntheticPhoto } from '../support/synthetic';

const png = await encode(syntheticPhoto(120, 80), 'png', { quality: 100 });
// Real pixels: intake decodes every picture, and a declared size with one row of data is a damaged file (422).
const wide = await encode(syntheticPhoto(3001, 100), 'png', { quality: 100 });

function aiTool(route: string, fields: Record<string, string | number>, ip: string, image: Uint8Array = png) {
  const form = new FormData();
  form.append('image', new File([image as Uint8Array<ArrayBuffer>], 'photo.png'));
  for (const [k, v] of Object.entries(fields)) form.append(k, String(v));
  return api(`/api/${route}`, { method: 'POST', body: form, headers: { 'cf-connecting-ip': ip } });
}

const usedBy = async (ip: string) =>
  (await (await api('/api/usage-limit', { headers: { 'cf-connecting-ip': ip } })).json<{ used: number }>()).used;

describe('AI operations of the tool routes', () => {
  it('upscales by the exact factor through the provider and counts one unit', async () => {
    const ip = '203.0.113.50';
    const res = await aiTool('optimize', { operation: 'upscale', factor: 3 }, ip);
    const body = await res.json<ToolBody>();
    expect(res.status, JSON.stringify(body)).toBe(200);
    expect(body).toMatchObject({ width: 360, height: 240, operation: 'upscale' });
    expect(await usedBy(ip)).toBe(1);
  });

  it.each([
    ['WebP when no format is asked', {}, 'webp'],
    ['PNG when PNG is asked', { format: 'png' }, 'png'],
  ] as const)(
    'removes the background into a %s, with transparency, and reports compressionRatio 0',
    async (_what, fields, format) => {
      const ip = format === 'png' ? '203.0.113.51' : '203.0.113.57';
      const res = await aiTool('optimize', { operation: 'remove-background', ...fields }, ip);
      const body = await res.json<ToolBody & { compressionRatio: number }>();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({
        format,
        width: 120,
        height: 80,
        compressionRatio: 0,
        originalSize: png.length,
        engine: 'ai',
      });
      const out = await resultBytes(body.imageUrl);
      expect(body.size).toBe(out.length);
      const raster = await decode(out, readHeader(out)!);
      expect(raster.data[3]).toBe(0); // a corner is background
      expect(raster.data[(40 * 120 + 60) * 4 + 3]).toBe(255); // the centre is the subject
    },
  );

  it('upscales a PNG to WebP and a JPEG photo to JPEG unless PNG is asked for, and says which', async () => {
    const ip = '203.0.113.58';
    const jpeg = await encode(syntheticPhoto(120, 80), 'jpeg', { quality: 90 });
    for (const [image, fields, format] of [
      [png, {}, 'webp'],
      [jpeg, {}, 'jpeg'],
      [jpeg, { format: 'png' }, 'png'],
    ] as const) {
      const res = await aiTool('optimize', { operation: 'upscale', factor: 2, ...fields }, ip, image);
      const body = await res.json<ToolBody & { notes: string[]; quality?: number }>();
      expect(res.status, JSON.stringify(body)).toBe(200);
      expect(body).toMatchObject({ format, width: 240, height: 160 });
      expect(body.quality).toBe(format === 'png' ? undefined : 90);
      expect(body.notes.join(' ')).toContain(`written as ${format.toUpperCase()}`);
      expect(readHeader(await resultBytes(body.imageUrl))).toMatchObject({ format, width: 240, height: 160 });
    }
  });

  it.each([
    [
      'a 2× upscale over 16 megapixels',
      '203.0.113.60',
      { operation: 'upscale', factor: 2 },
      pngDeclaring(2001, 2000),
      /4002 × 4000 pixels.*16 megapixels and 12,000 pixels a side/,
    ],
    [
      'a 4× upscale over 12,000 pixels a side',
      '203.0.113.61',
      { operation: 'upscale', factor: 4 },
      wide,
      /12004 × 400 pixels/,
    ],
    [
      'background removal of a 24 MP photo',
      '203.0.113.62',
      { operation: 'remove-background' },
      pngDeclaring(6000, 4000),
      /6000 × 4000 pixels \(24 megapixels\)/,
    ],
  ] as const)(
    'refuses %s with 400 naming the limit, refunds the unit and stores nothing',
    async (_what, ip, fields, image, message) => {
      const before = (await listKeys(env.BUCKET, 'tmp/')).length;
      const res = await aiTool('optimize', fields, ip, image);
      expect(res.status).toBe(400);
      const body = await res.json<{ error: string; code: string }>();
      expect(body.code).toBe('validation_failed');
      expect(body.error).toMatch(message);
      expect(await usedBy(ip)).toBe(0);
      expect((await listKeys(env.BUCKET, 'tmp/')).length).toBe(before);
    },
  );

  it('refuses a JPEG cut-out with 400 (JPEG has no transparency)', async () => {
    const res = await aiTool('optimize', { operation: 'remove-background', format: 'jpeg' }, '203.0.113.59');
    expect(res.status).toBe(400);
    expect(await res.json()).toEqual({ error: 'Format must be one of auto, webp, png.', code: 'validation_failed' });
  });

  it('refunds the unit and stores nothing when the provider fails', async () => {
    const ip = '203.0.113.52';
    const failing = markedPng(png, FAKE_FAIL_MARKER);
    const res = await aiTool('optimize', { operation: 'upscale', factor: 2 }, ip, failing);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'ai_upstream_error' });
    expect(await usedBy(ip)).toBe(0);
  });

  it('blurs detected faces, and blurs the background while keeping the subject sharp', async () => {
    const ip = '203.0.113.53';
    for (const method of ['faces', 'people', 'background']) {
      const res = await aiTool('security', { operation: 'blur', method, strength: 12 }, ip);
      const body = await res.json<ToolBody>();
      expect(res.status, `${method}: ${JSON.stringify(body)}`).toBe(200);
      const out = await decode(await resultBytes(body.imageUrl), readHeader(await resultBytes(body.imageUrl))!);
      const original = await decode(png, readHeader(png)!);
      const box = fakeSubjectBox(120, 80);
      const at = (r: typeof out, x: number, y: number) => r.data.slice((y * 120 + x) * 4, (y * 120 + x) * 4 + 3);
      const centre = [box.x + box.width / 2, box.y + box.height / 2] as const;
      const changed = (x: number, y: number) => at(out, x, y).some((v, i) => Math.abs(v - at(original, x, y)[i]!) > 2);
      if (method === 'background') {
        expect(changed(...centre), 'the subject stays sharp').toBe(false);
        expect(changed(2, 2) || changed(117, 77), 'the background is blurred').toBe(true);
      } else {
        expect(changed(2, 2), 'outside the detected box is untouched').toBe(false);
      }
    }
    expect(await usedBy(ip)).toBe(3);
  });

  it('answers 429 with the allowance message (docs/product.md §9) once the allowance is spent, and selective blur needs no allowance', async () => {
    const ip = '203.0.113.54';
    for (let i = 0; i < FREE_DAILY_AI_LIMIT; i++) {
      expect((await aiTool('optimize', { operation: 'upscale', factor: 2 }, ip)).status).toBe(200);
    }
    const res = await aiTool('optimize', { operation: 'remove-background' }, ip);
    expect(res.status).toBe(429);
    expect(await res.json()).toEqual({ error: AI_LIMIT_MESSAGE, code: 'quota_exceeded' });
    const selective = await aiTool(
      'security',
      {
        operation: 'blur',
        method: 'selective',
        strength: 5,
        regions: JSON.stringify([{ x: 0, y: 0, width: 10, height: 10 }]),
      },
      ip,
    );
    expect(selective.status).toBe(200);
  });
});
