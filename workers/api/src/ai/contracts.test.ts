import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { cloudflareProvider } from './cloudflare';
import {
  CONTRACTS,
  FLUX_1_SCHNELL,
  LLAMA_3_3_70B,
  LLAMA_4_SCOUT,
  MOONDREAM_3_1,
  SDXL_LIGHTNING,
  type ModelContract,
} from './contracts';
import fluxBase64 from './fixtures/flux-base64.json';
import jsonModeString from './fixtures/llama-json-mode-string.json';
import llamaSuccess from './fixtures/llama-json-mode-success.json';
import scoutPicture from './fixtures/llama4-scout-json-mode-picture.json';
import moondreamFace from './fixtures/moondream-detect-face.json';
import moondreamPeople from './fixtures/moondream-detect-people.json';
import { plainPng } from '../imaging/codecs/plain-png';
import type { AiProvider } from './provider';

/**
 * Every `env.AI.run` the Cloudflare adapter makes, checked against the model's published input schema
 * (contracts.ts), and every answer it is tested with against the published output schema: a wrong model name or
 * input shape fails here, not in production.
 */
interface Call {
  model: string;
  input: Record<string, unknown>;
}

/** A Workers AI binding double: records each call and answers each model with a recorded answer of its shape. */
function recordingAi(answers: Record<string, unknown>) {
  const calls: Call[] = [];
  const AI = {
    async run(model: string, input: Record<string, unknown>) {
      calls.push({ model, input: structuredClone(input) });
      if (!(model in answers)) throw new Error(`no answer recorded for ${model}`);
      const answer = answers[model];
      return typeof answer === 'function' ? (answer as () => unknown)() : structuredClone(answer);
    },
  };
  return { AI, calls };
}

const photo = (w: number, h: number) => plainPng(new Uint8Array(w * h * 3).fill(140), w, h, 3);
const pngOf = (w: number, h: number) => () => new Response(photo(w, h) as Uint8Array<ArrayBuffer>).body;
const template = { id: 'kitchen', name: 'Kitchen', examples: [['Top', 'Bottom']], boxCount: 2 };

const ANSWERS: Record<string, unknown> = {
  [FLUX_1_SCHNELL.model]: fluxBase64,
  [SDXL_LIGHTNING.model]: pngOf(32, 32),
  [LLAMA_3_3_70B.model]: llamaSuccess,
  [LLAMA_4_SCOUT.model]: scoutPicture,
  [MOONDREAM_3_1.model]: moondreamFace,
};

/** Each provider method that reaches Workers AI, with the configuration it runs under. */
const METHODS: Array<[string, (p: AiProvider) => Promise<unknown>, string?]> = [
  ['generateImage (flux-1-schnell, the default)', (p) => p.generateImage('a robot eating soup', 7)],
  [
    'generateImage (SDXL Lightning, configured)',
    (p) => p.generateImage('a robot eating soup', 7),
    SDXL_LIGHTNING.model,
  ],
  ['suggestCaptions for a template', (p) => p.suggestCaptions(template, 'cooking at 3 a.m.')],
  ['suggestCaptions for a template, no context', (p) => p.suggestCaptions({ ...template, examples: [] }, '')],
  [
    'suggestCaptions for the person’s own picture',
    (p) =>
      p.suggestCaptions(
        { id: 'own-picture', name: 'Your picture', examples: [], boxCount: 2 },
        'my cat',
        photo(64, 48),
      ),
  ],
  ['detectFaces', (p) => p.detectFaces(photo(320, 160))],
  ['detectPeople', (p) => p.detectPeople(photo(200, 100))],
];

function problems(contract: ModelContract, which: 'input' | 'output', value: unknown): string {
  const parsed = contract[which].safeParse(value);
  return parsed.success
    ? ''
    : parsed.error.issues.map((i) => `${i.path.join('.') || '(root)'}: ${i.message}`).join('; ');
}

describe('Workers AI contracts: what we send', () => {
  it.each(METHODS)('%s sends only inputs the model page publishes', async (_name, call, imageModel) => {
    const { AI, calls } = recordingAi(ANSWERS);
    await call(cloudflareProvider({ AI, IMAGES: env.IMAGES, AI_IMAGE_MODEL: imageModel }));
    expect(calls.length).toBeGreaterThan(0);
    for (const { model, input } of calls) {
      const contract = CONTRACTS[model];
      expect(contract, `${model} has no published contract in contracts.ts`).toBeDefined();
      expect(problems(contract!, 'input', input), `${model} input`).toBe('');
    }
  });

  it('the captions fallback (model failed twice) sent valid inputs both times', async () => {
    const { AI, calls } = recordingAi({ [LLAMA_3_3_70B.model]: { response: 'not json' } });
    const out = await cloudflareProvider({ AI, IMAGES: env.IMAGES }).suggestCaptions(template, 'tea');
    expect(out.source).toBe('bank');
    expect(calls).toHaveLength(2);
    for (const { input } of calls) expect(problems(LLAMA_3_3_70B, 'input', input)).toBe('');
  });

  it('the picture reaches the vision model as a data URI, never an HTTP address', async () => {
    const { AI, calls } = recordingAi(ANSWERS);
    await cloudflareProvider({ AI, IMAGES: env.IMAGES }).suggestCaptions(
      { id: 'own-picture', name: 'Your picture', examples: [], boxCount: 2 },
      '',
      photo(8, 8),
    );
    const content = (calls[0]!.input.messages as Array<{ content: unknown }>)[1]!.content as Array<{
      image_url?: { url: string };
    }>;
    expect(content.find((p) => p.image_url)!.image_url!.url).toMatch(/^data:image\/png;base64,iVBOR/);
  });
});

describe('Workers AI contracts: what we parse', () => {
  it.each([
    ['flux-1-schnell', FLUX_1_SCHNELL, fluxBase64],
    ['llama-3.3-70b JSON mode (object)', LLAMA_3_3_70B, llamaSuccess],
    ['llama-3.3-70b JSON mode (string)', LLAMA_3_3_70B, jsonModeString],
    ['llama-4-scout JSON mode', LLAMA_4_SCOUT, scoutPicture],
    ['moondream detect (face)', MOONDREAM_3_1, moondreamFace],
    ['moondream detect (people)', MOONDREAM_3_1, moondreamPeople],
  ] as const)('the recorded %s answer has the published output shape', (_name, contract, answer) => {
    expect(problems(contract, 'output', answer)).toBe('');
  });
});

describe('Workers AI contracts catch what production would refuse', () => {
  it('a model name with no page, and the old caption model that is not on the JSON mode list', () => {
    expect(CONTRACTS['@cf/meta/llama-3.2-3b-instruct']).toBeUndefined();
    expect(CONTRACTS['@cf/black-forest-labs/flux-1-schnel']).toBeUndefined();
  });

  it.each([
    ['flux with a seed (its input allows no other property)', FLUX_1_SCHNELL, { prompt: 'x', seed: 7, steps: 4 }],
    ['flux with 10 steps', FLUX_1_SCHNELL, { prompt: 'x', steps: 10 }],
    ['flux with an empty prompt', FLUX_1_SCHNELL, { prompt: '' }],
    [
      'llama-3.3 with an image part (it reads text only)',
      LLAMA_3_3_70B,
      { messages: [{ role: 'user', content: [{ type: 'text', text: 'x' }] }] },
    ],
    [
      'llama-3.3 with an unknown JSON mode type',
      LLAMA_3_3_70B,
      { messages: [{ role: 'user', content: 'x' }], response_format: { type: 'json' } },
    ],
    [
      'llama-4-scout with an HTTP image address',
      LLAMA_4_SCOUT,
      {
        messages: [{ role: 'user', content: [{ type: 'image_url', image_url: { url: 'https://example.com/a.jpg' } }] }],
      },
    ],
    ['moondream with a task it does not have', MOONDREAM_3_1, { task: 'segment', image: 'data:image/png;base64,AA' }],
    [
      'moondream with max_objects over 500',
      MOONDREAM_3_1,
      { task: 'detect', image: 'data:image/png;base64,AA', max_objects: 501 },
    ],
  ] as const)('refuses %s', (_name, contract, input) => {
    expect(problems(contract, 'input', input)).not.toBe('');
  });

  it('refuses answers that lack what the page says is always there', () => {
    expect(problems(MOONDREAM_3_1, 'output', { objects: [] })).toMatch(/finish_reason/);
    expect(problems(LLAMA_3_3_70B, 'output', { result: { response: 'x' } })).toMatch(/response/);
  });
});
