/**
 * The Workers AI models the Cloudflare adapter calls, each with its published input and output schema written in
 * zod. The schemas are copied from the model pages (the `schema` of each model in Cloudflare's docs), property by
 * property; `.strict()` turns a property the page does not list into an error, so a wrong model name or a wrong
 * shape fails in `contracts.test.ts` rather than in production. Update a contract only from its page.
 */
import { z } from 'zod';

export interface ModelContract {
  model: string;
  /** The model page the schemas are copied from. */
  page: string;
  input: z.ZodType;
  output: z.ZodType;
}

/** Workers AI's JSON mode, as every model page that has it writes it (https://developers.cloudflare.com/workers-ai/features/json-mode/). */
const jsonMode = z
  .object({ type: z.enum(['json_object', 'json_schema']), json_schema: z.unknown().optional() })
  .strict();

/** `{ name, code }` functions and the two tool shapes the text-generation pages list; this adapter sends none. */
const toolsAndFunctions = {
  functions: z.array(z.object({ name: z.string(), code: z.string() })).optional(),
  tools: z.array(z.record(z.string(), z.unknown())).optional(),
};

const usage = z.object({
  prompt_tokens: z.number().optional(),
  completion_tokens: z.number().optional(),
  total_tokens: z.number().optional(),
});

/**
 * The text-generation answer. The pages give `response` as a string; in JSON mode it is the parsed object
 * (the JSON mode page's example), and some models still answer the JSON as a string.
 */
const textAnswer = z.object({
  response: z.union([z.string(), z.record(z.string(), z.unknown())]),
  usage: usage.optional(),
  tool_calls: z.array(z.object({ arguments: z.unknown().optional(), name: z.string().optional() })).optional(),
});

export const FLUX_1_SCHNELL = {
  model: '@cf/black-forest-labs/flux-1-schnell',
  page: 'https://developers.cloudflare.com/workers-ai/models/flux-1-schnell/',
  // The page's input has `additionalProperties: false`: no seed, no size.
  input: z.object({ prompt: z.string().min(1).max(2048), steps: z.number().int().max(8).optional() }).strict(),
  output: z.object({ image: z.string() }),
} as const satisfies ModelContract;

export const SDXL_LIGHTNING = {
  model: '@cf/bytedance/stable-diffusion-xl-lightning',
  page: 'https://developers.cloudflare.com/workers-ai/models/stable-diffusion-xl-lightning/',
  input: z
    .object({
      prompt: z.string().min(1),
      negative_prompt: z.string().optional(),
      height: z.number().int().min(256).max(2048).optional(),
      width: z.number().int().min(256).max(2048).optional(),
      image: z.array(z.number()).optional(),
      image_b64: z.string().optional(),
      mask: z.array(z.number()).optional(),
      num_steps: z.number().int().max(20).optional(),
      strength: z.number().optional(),
      guidance: z.number().optional(),
      seed: z.number().int().optional(),
    })
    .strict(),
  // "The generated image in PNG format", binary: the binding hands over a stream or bytes.
  output: z.union([z.instanceof(ReadableStream), z.instanceof(Uint8Array), z.instanceof(ArrayBuffer)]),
} as const satisfies ModelContract;

const llamaSampling = {
  raw: z.boolean().optional(),
  stream: z.boolean().optional(),
  max_tokens: z.number().int().optional(),
  temperature: z.number().min(0).max(5).optional(),
  top_k: z.number().int().min(1).max(50).optional(),
  seed: z.number().int().min(1).max(9_999_999_999).optional(),
  repetition_penalty: z.number().min(0).max(2).optional(),
  response_format: jsonMode.optional(),
};

/** Text captions: on the JSON mode page's list of supported models, and kept when older Llamas were retired. */
export const LLAMA_3_3_70B = {
  model: '@cf/meta/llama-3.3-70b-instruct-fp8-fast',
  page: 'https://developers.cloudflare.com/workers-ai/models/llama-3.3-70b-instruct-fp8-fast/',
  // The "Messages" form of the page's input.
  input: z
    .object({
      messages: z.array(z.object({ role: z.string(), content: z.string() }).strict()),
      ...toolsAndFunctions,
      ...llamaSampling,
      top_p: z.number().min(0.001).max(1).optional(),
      frequency_penalty: z.number().min(-2).max(2).optional(),
      presence_penalty: z.number().min(-2).max(2).optional(),
    })
    .strict(),
  output: textAnswer,
} as const satisfies ModelContract;

const imagePart = z
  .object({
    type: z.string(),
    text: z.string().optional(),
    // "image uri with data (e.g. data:image/jpeg;base64,/9j/...). HTTP URL will not be accepted"
    image_url: z
      .object({ url: z.string().regex(/^data:*/) })
      .strict()
      .optional(),
  })
  .strict();

/** Captions of the person's own picture: natively multimodal, with JSON mode on its page and no licence prompt. */
export const LLAMA_4_SCOUT = {
  model: '@cf/meta/llama-4-scout-17b-16e-instruct',
  page: 'https://developers.cloudflare.com/workers-ai/models/llama-4-scout-17b-16e-instruct/',
  input: z
    .object({
      messages: z.array(
        z
          .object({
            role: z.string(),
            tool_call_id: z
              .string()
              .regex(/[a-zA-Z0-9]{9}/)
              .optional(),
            content: z.union([z.string(), z.array(imagePart), imagePart]),
          })
          .strict(),
      ),
      ...toolsAndFunctions,
      ...llamaSampling,
      guided_json: z.record(z.string(), z.unknown()).optional(),
      top_p: z.number().min(0).max(2).optional(),
      frequency_penalty: z.number().min(0).max(2).optional(),
      presence_penalty: z.number().min(0).max(2).optional(),
    })
    .strict(),
  output: textAnswer,
} as const satisfies ModelContract;

const box = z.object({ x_min: z.number(), y_min: z.number(), x_max: z.number(), y_max: z.number() });

/** Face and person detection. Fields that belong to other tasks are null ("Null for other tasks"). */
export const MOONDREAM_3_1 = {
  model: '@cf/moondream/moondream3.1-9B-A2B',
  page: 'https://developers.cloudflare.com/workers-ai/models/moondream3.1-9B-A2B/',
  input: z
    .object({
      task: z.enum(['query', 'caption', 'point', 'detect']).optional(),
      image: z.string().optional(),
      question: z.string().optional(),
      caption_length: z.enum(['short', 'normal', 'long']).optional(),
      target: z.string().optional(),
      reasoning: z.boolean().optional(),
      temperature: z.number().min(0).max(2).optional(),
      top_p: z.number().min(0).max(1).optional(),
      max_tokens: z.number().int().min(1).max(2048).optional(),
      max_objects: z.number().int().min(1).max(500).optional(),
      stream: z.boolean().optional(),
    })
    .strict(),
  output: z.object({
    finish_reason: z.string(),
    metrics: z.object({
      input_tokens: z.number().int(),
      output_tokens: z.number().int(),
      prefill_time_ms: z.number(),
      decode_time_ms: z.number(),
      ttft_ms: z.number(),
    }),
    answer: z.string().nullable().optional(),
    caption: z.string().nullable().optional(),
    points: z
      .array(z.object({ x: z.number(), y: z.number() }))
      .nullable()
      .optional(),
    objects: z.array(box).nullable().optional(),
    reasoning: z
      .object({ text: z.string(), grounding: z.array(z.record(z.string(), z.unknown())).optional() })
      .nullable()
      .optional(),
  }),
} as const satisfies ModelContract;

/** Every model the adapter may call, by name: a call to a model missing here has no contract and fails the tests. */
export const CONTRACTS: Readonly<Record<string, ModelContract>> = Object.fromEntries(
  [FLUX_1_SCHNELL, SDXL_LIGHTNING, LLAMA_3_3_70B, LLAMA_4_SCOUT, MOONDREAM_3_1].map((c) => [c.model, c]),
);
