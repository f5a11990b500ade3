import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import { toErrorResponse } from '../errors';
import { cloudflareProvider, DEFAULT_IMAGE_MODEL, DETECT_MODEL } from './cloudflare';
import { BANK_FALLBACK_NOTE, CAPTION_MODEL } from './cloudflare-captions';
import fluxBase64 from './fixtures/flux-base64.json';
import jsonModeFailure from './fixtures/llama-json-mode-error.json';
import llamaString from './fixtures/llama-json-mode-string.json';
import llamaSuccess from './fixtures/llama-json-mode-success.json';
import llamaMemes from './fixtures/llama-json-mode-memes.json';
import { LLAMA_3_3_70B } from './contracts';
import moondreamFace from './fixtures/moondream-detect-face.json';
import moondreamPeople from './fixtures/moondream-detect-people.json';
import { readHeader } from '../imaging/intake/sniff';
import { plainPng } from '../imaging/codecs/plain-png';
import { toBytes } from './upstream';

/** The one stub allowed: a Workers AI binding that plays back recorded answers and records what it was asked. */
function stubAi(...answers: Array<unknown | (() => unknown)>) {
  const calls: Array<{ model: string; input: Record<string, unknown> }> = [];
  const AI = {
    async run(model: string, input: Record<string, unknown>) {
      calls.push({ model, input });
      const next = answers.length > 1 ? answers.shift() : answers[0];
      return typeof next === 'function' ? (next as () => unknown)() : next;
    },
  };
  return { AI, calls };
}
const throws = (message: string) => () => {
  throw new Error(message);
};

const photo = (w: number, h: number) => plainPng(new Uint8Array(w * h * 3).fill(120), w, h, 3);
const template = { id: 'kitchen', name: 'Kitchen', examples: [['Top', 'Bottom']], boxCount: 2 };

describe('Workers AI adapter: text to image', () => {
  it('decodes flux base64 JSON into PNG bytes and sends only prompt and steps ≤ 8 (flux takes no seed)', async () => {
    const { AI, calls } = stubAi(fluxBase64);
    const out = await cloudflareProvider({ AI, IMAGES: env.IMAGES }).generateImage('a robot eating soup', 7);
    expect(out).toMatchObject({ contentType: 'image/png', isPlaceholder: false });
    expect(readHeader(out.bytes)).toMatchObject({ format: 'png', width: 16, height: 12 });
    expect(calls[0]!.model).toBe(DEFAULT_IMAGE_MODEL);
    expect(calls[0]!.input).toEqual({ prompt: 'a robot eating soup', steps: 4 });
  });

  it('accepts the PNG stream of SDXL-family models (model chosen by configuration), with the seed they take', async () => {
    const png = photo(20, 10);
    const { AI, calls } = stubAi(() => new Response(png as Uint8Array<ArrayBuffer>).body);
    const out = await cloudflareProvider({
      AI,
      IMAGES: env.IMAGES,
      AI_IMAGE_MODEL: '@cf/bytedance/stable-diffusion-xl-lightning',
    }).generateImage('x', 7);
    expect(out.bytes).toEqual(png);
    expect(calls[0]).toEqual({ model: '@cf/bytedance/stable-diffusion-xl-lightning', input: { prompt: 'x', seed: 7 } });
  });

  it('refuses a configured image model it has no contract for with 503, calling nothing', async () => {
    const { AI, calls } = stubAi(fluxBase64);
    const res = await cloudflareProvider({
      AI,
      IMAGES: env.IMAGES,
      AI_IMAGE_MODEL: '@cf/black-forest-labs/flux-9-imaginary',
    })
      .generateImage('x')
      .then(
        () => new Response('unexpected success'),
        (e: unknown) => toErrorResponse(e),
      );
    expect(res.status).toBe(503);
    expect(await res.json()).toMatchObject({ code: 'ai_not_configured' });
    expect(calls).toHaveLength(0);
  });

  it('answers 502 with a readable message for a non-image answer, 503 when Workers AI is over capacity', async () => {
    const bad = await cloudflareProvider({ AI: stubAi({ image: 'bm90IGFuIGltYWdl' }).AI, IMAGES: env.IMAGES })
      .generateImage('x')
      .then(
        () => new Response('unexpected success'),
        (e: unknown) => toErrorResponse(e),
      );
    expect(bad.status).toBe(502);
    expect(await bad.json()).toEqual({
      error: 'The AI service could not generate the image. Please try again.',
      code: 'ai_upstream_error',
    });
    const busy = await cloudflareProvider({
      AI: stubAi(throws('3040: Capacity temporarily exceeded, please try again.')).AI,
      IMAGES: env.IMAGES,
    })
      .generateImage('x')
      .then(
        () => new Response('unexpected success'),
        (e: unknown) => toErrorResponse(e),
      );
    expect(busy.status).toBe(503);
    expect(await busy.text()).not.toContain('3040');
  });
});

describe('Workers AI adapter: captions', () => {
  it('asks llama in JSON mode and keeps valid captions, one line per box, topped up to 8 from the bank, saying so', async () => {
    const { AI, calls } = stubAi(llamaSuccess);
    const out = await cloudflareProvider({ AI, IMAGES: env.IMAGES }).suggestCaptions(template, 'cooking');
    expect(calls[0]!.model).toBe(CAPTION_MODEL);
    expect(calls[0]!.input.response_format).toMatchObject({ type: 'json_schema' });
    expect(out).toMatchObject({
      source: 'model',
      note: 'The AI caption writer suggested 6; the rest come from our caption bank.',
    });
    expect(out.captions).toHaveLength(8);
    expect(out.captions[0]).toBe(
      `Me: one more episode of cooking shows${CAPTION_LINE_SEPARATOR}My kitchen: cereal again`,
    );
    expect(out.captions).toContain('Cooking at home'); // whitespace trimmed, empty line dropped
  });

  it('accepts JSON mode answering the object as a string', async () => {
    const out = await cloudflareProvider({ AI: stubAi(llamaString).AI, IMAGES: env.IMAGES }).suggestCaptions(
      template,
      '',
    );
    expect(out.captions[0]).toBe(`Monday morning${CAPTION_LINE_SEPARATOR}Me pretending to be awake`);
  });

  it('retries once after "JSON Mode couldn\'t be met" and uses the second answer', async () => {
    const { AI, calls } = stubAi(throws(jsonModeFailure.thrown), llamaSuccess);
    const out = await cloudflareProvider({ AI, IMAGES: env.IMAGES }).suggestCaptions(template, 'cooking');
    expect(calls).toHaveLength(2);
    expect(out.source).toBe('model');
  });

  it('falls back to the caption bank with a note after two failures (error, then invalid JSON)', async () => {
    const { AI, calls } = stubAi(throws(jsonModeFailure.thrown), { response: { captions: 'nope' } });
    const out = await cloudflareProvider({ AI, IMAGES: env.IMAGES }).suggestCaptions(template, 'cooking');
    expect(calls).toHaveLength(2);
    expect(out).toMatchObject({ source: 'bank', note: BANK_FALLBACK_NOTE });
    expect(out.captions).toHaveLength(8);
    expect(out.captions.every((c) => c.includes('cooking'))).toBe(true);
  });
});

describe('Workers AI adapter: detection', () => {
  it('turns normalised moondream face boxes into pixels of the input', async () => {
    const { AI, calls } = stubAi(moondreamFace);
    const boxes = await cloudflareProvider({ AI, IMAGES: env.IMAGES }).detectFaces(photo(320, 160));
    expect(calls[0]).toMatchObject({ model: DETECT_MODEL, input: { task: 'detect', target: 'face' } });
    expect(String(calls[0]!.input.image)).toMatch(/^data:image\/png;base64,/);
    expect(boxes).toEqual([{ x: 100, y: 30, width: 120, height: 70, score: 1 }]);
  });

  it('clamps people boxes to the image', async () => {
    const boxes = await cloudflareProvider({ AI: stubAi(moondreamPeople).AI, IMAGES: env.IMAGES }).detectPeople(
      photo(200, 100),
    );
    expect(boxes).toHaveLength(2);
    expect(boxes[1]!.x + boxes[1]!.width).toBe(200);
  });

  it('keeps pixel boxes as they are and treats an odd shape as a 502', async () => {
    const px = { objects: [{ x_min: 10, y_min: 20, x_max: 50, y_max: 60 }] };
    expect(await cloudflareProvider({ AI: stubAi(px).AI, IMAGES: env.IMAGES }).detectFaces(photo(100, 100))).toEqual([
      { x: 10, y: 20, width: 40, height: 40, score: 1 },
    ]);
    const odd = await cloudflareProvider({ AI: stubAi({ boxes: [] }).AI, IMAGES: env.IMAGES })
      .detectFaces(photo(10, 10))
      .catch((e: unknown) => e);
    expect(toErrorResponse(odd).status).toBe(502);
  });
});

describe('Images binding adapter (the local emulation)', () => {
  it.each([2, 3, 4] as const)(
    'upscales %i× to exactly that size, as a stream in the format asked for',
    async (factor) => {
      const out = await cloudflareProvider({ AI: stubAi().AI, IMAGES: env.IMAGES }).upscale(photo(24, 16), factor, {
        format: 'webp',
        quality: 90,
      });
      expect(out).toBeInstanceOf(ReadableStream);
      expect(readHeader(await toBytes(out))).toMatchObject({ format: 'webp', width: 24 * factor, height: 16 * factor });
    },
  );

  it('makes 3× of a picture over 3,000 px long as 2× and a plain enlargement, so no step passes 12,000 px', async () => {
    const sent: ImageTransform[][] = [];
    const recording = {
      input: () => {
        const transforms: ImageTransform[] = [];
        sent.push(transforms);
        const t = {
          transform: (step: ImageTransform) => (transforms.push(step), t),
          output: async () => ({ image: () => new Blob([photo(1, 1) as Uint8Array<ArrayBuffer>]).stream() }),
        };
        return t;
      },
    } as unknown as ImagesBinding;
    const provider = cloudflareProvider({ AI: stubAi().AI, IMAGES: recording });
    await provider.upscale(photo(3500, 20), 3, { format: 'webp', quality: 90 });
    await provider.upscale(photo(3000, 20), 3, { format: 'webp', quality: 90 });
    const sides = sent.map((steps) => steps.map((s) => Math.max(s.width ?? 0, s.height ?? 0)));
    expect(sides).toEqual([
      [7000, 10500],
      [12000, 9000],
    ]);
    expect(sent[0]![0]).toMatchObject({ upscale: 'generate' });
  });

  it('removes the background into a PNG or WebP of the same size', async () => {
    for (const format of ['png', 'webp'] as const) {
      const out = await cloudflareProvider({ AI: stubAi().AI, IMAGES: env.IMAGES }).removeBackground(photo(24, 16), {
        format,
      });
      expect(readHeader(await toBytes(out))).toMatchObject({ format, width: 24, height: 16 });
    }
  });
});

describe('Workers AI adapter: memes from a topic (ADR 0173)', () => {
  const box = {
    anchor_x: 0.03,
    anchor_y: 0.02,
    scale_x: 0.94,
    scale_y: 0.1875,
    align: 'center',
    style: 'upper',
    color: 'white',
    font: 'Impact',
    angle: 0,
  } as const;
  const tpl = (id: string, keywords: string[]) => ({
    id,
    name: id,
    description: 'A picture.',
    keywords,
    width: 800,
    height: 800,
    textBoxes: [box, box],
    examples: [['top', 'bottom']],
  });
  const catalogue = [
    tpl('monday-zombie', ['monday', 'tired']),
    tpl('sleepy-yawn', ['sleepy']),
    tpl('nope-yep', ['choice']),
    tpl('party-mode', ['party']),
  ];
  const request = { topic: 'los lunes por la mañana', count: 3, exclude: [] };
  const suggest = (AI: ReturnType<typeof stubAi>['AI']) =>
    cloudflareProvider({ AI, IMAGES: env.IMAGES }).suggestMemes(catalogue, request);
  const contractOk = (calls: ReturnType<typeof stubAi>['calls']) => {
    for (const { model, input } of calls) {
      expect(model).toBe(LLAMA_3_3_70B.model);
      expect(LLAMA_3_3_70B.input.safeParse(input).success).toBe(true);
    }
  };

  it('takes a valid JSON answer (recorded, Spanish topic, Spanish lines) in one call whose input the model page allows', async () => {
    const { AI, calls } = stubAi(llamaMemes);
    const out = await suggest(AI);
    expect(out.candidates.map((c) => [c.templateId, c.source])).toEqual([
      ['monday-zombie', 'model'],
      ['sleepy-yawn', 'model'],
      ['nope-yep', 'model'],
    ]);
    expect(out.candidates[0]!.lines).toEqual(['lunes a las 8', 'antes del café']);
    expect(out.note).toBeUndefined();
    expect(calls).toHaveLength(1);
    contractOk(calls);
  });

  it('asks again after a wrong template and a wrong line count, and both inputs are valid', async () => {
    const wrong = {
      response: {
        memes: [
          { template: 'distracted-boyfriend', lines: ['a', 'b'] },
          { template: 'party-mode', lines: ['only one'] },
        ],
      },
    };
    const { AI, calls } = stubAi(wrong, llamaMemes);
    const out = await suggest(AI);
    expect(out.candidates).toHaveLength(3);
    expect(calls).toHaveLength(2);
    contractOk(calls);
  });

  it('answers 502 after two answers that are not JSON, and 422 in its words when the model declines', async () => {
    const notJson = stubAi({ response: 'Here are three memes: ...' });
    const failed = await suggest(notJson.AI).then(
      () => new Response('unexpected success'),
      (e: unknown) => toErrorResponse(e),
    );
    expect(failed.status).toBe(502);
    expect(await failed.json()).toMatchObject({ code: 'ai_upstream_error' });
    expect(notJson.calls).toHaveLength(2);
    const declined = await suggest(stubAi({ response: { refused: 'It mocks a private person.' } }).AI).then(
      () => new Response('unexpected success'),
      (e: unknown) => toErrorResponse(e),
    );
    expect(declined.status).toBe(422);
    expect(await declined.json()).toMatchObject({
      code: 'topic_refused',
      error: expect.stringContaining('It mocks a private person.'),
    });
  });
});
