import type { AddressInfo } from 'node:net';
import sharp from 'sharp';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { localProvider, OFFLINE_PREVIEW_NOTE } from '../workers/api/src/ai/local';
import type { AiProvider } from '../workers/api/src/ai/provider';
import { createAiServer } from './server';
import { corpusFile, HAS_CORPUS, NO_CORPUS_REASON } from './test-corpus';

// The Worker's `local` provider (plain fetch code, runtime-agnostic) against the real service and models: the
// contract between the two sides of the loopback, end to end.
const server = createAiServer();
let provider: AiProvider;

beforeAll(async () => {
  process.env.LOCAL_AI_BG_PORT = '9'; // nothing listens there: background removal is "not running"
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  provider = localProvider({ LOCAL_AI_URL: `http://127.0.0.1:${(server.address() as AddressInfo).port}` });
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

describe('Worker local provider ⇄ local AI service', () => {
  it('generates the labelled offline preview card, marked as a placeholder', async () => {
    const out = await provider.generateImage('a penguin selling ice cream');
    expect(out).toMatchObject({ contentType: 'image/png', isPlaceholder: true, note: OFFLINE_PREVIEW_NOTE });
    expect(await sharp(out.bytes).metadata()).toMatchObject({ width: 768, height: 768 });
  });

  it('upscales 3× to exactly three times the size, in the format the Worker asks for', async () => {
    const small = await sharp({ create: { width: 40, height: 24, channels: 3, background: '#3a7' } })
      .png()
      .toBuffer();
    for (const output of [
      { format: 'png' },
      { format: 'webp', quality: 90 },
      { format: 'jpeg', quality: 90 },
    ] as const) {
      const out = Buffer.from(await new Response(await provider.upscale(small, 3, output)).arrayBuffer());
      expect(await sharp(out).metadata()).toMatchObject({ format: output.format, width: 120, height: 72 });
    }
  }, 60_000);

  it('passes "not running" background removal on as a 503 with the service message', async () => {
    const png = await sharp({ create: { width: 8, height: 8, channels: 3, background: '#888' } })
      .png()
      .toBuffer();
    await expect(provider.removeBackground(png, { format: 'webp', quality: 90 })).rejects.toMatchObject({
      status: 503,
      message: expect.stringMatching(/background removal/i),
    });
  });

  it.skipIf(!HAS_CORPUS)(
    `finds the astronaut's face through the Worker adapter${HAS_CORPUS ? '' : ` (${NO_CORPUS_REASON})`}`,
    async () => {
      const [face] = await provider.detectFaces(await corpusFile('photos/astronaut.png'));
      expect(face!.x).toBeGreaterThan(140);
      expect(face!.x + face!.width).toBeLessThan(300);
      expect(face!.y).toBeLessThan(120);
    },
    60_000,
  );
});
