import { z } from './zod';
import { imageUrlSchema } from './image-url';
import { PROMPT_MAX_CHARS } from '../limits';
import { imageIdOfAddress } from '../images/address';

/** What a caption request's `imageUrl` must be. */
export const IMAGE_ADDRESS_RULE =
  "imageUrl must be the imageUrl POST /api/upload answered (this site's /api/images/{id}).";

export const AI_PROVIDERS = ['cloudflare', 'local', 'fake', 'none'] as const;

/** In core/editor.ts, zod-free for the editor's caption ideas (ADR 0195). */
export { CAPTION_LINE_SEPARATOR } from '../editor';

export const generateImageRequestSchema = z.object({
  prompt: z
    .string({ error: 'Please describe the image you want.' })
    .trim()
    .min(1, 'Please describe the image you want.')
    .max(PROMPT_MAX_CHARS, `Please keep your prompt under ${PROMPT_MAX_CHARS} characters.`),
});

export const generateImageResponseSchema = z.object({
  imageUrl: imageUrlSchema,
  provider: z.enum(AI_PROVIDERS),
  /** True when the server could not really generate (offline): the image is a labelled preview card. */
  isPlaceholder: z.boolean(),
  /** A sentence to show the user about how the image was made, when there is something to say. */
  note: z.string().optional(),
});
export type GenerateImageResponse = z.infer<typeof generateImageResponseSchema>;

export const generateCaptionsRequestSchema = z
  .object({
    /** The template to caption; without one, top and bottom captions for the person's own picture. */
    templateId: z.string().min(1).max(100).optional(),
    /**
     * The person's own picture, as `POST /api/upload` answered it (`https://{site}/api/images/{id}`, or its path):
     * captions about what it shows. The route also checks the address is this site's.
     */
    imageUrl: z
      .string()
      .min(1, IMAGE_ADDRESS_RULE)
      .max(300)
      .refine((url) => imageIdOfAddress(url) !== null, IMAGE_ADDRESS_RULE)
      .optional(),
    context: z.string().max(PROMPT_MAX_CHARS).default(''),
  })
  .refine((b) => !(b.templateId && b.imageUrl), {
    message: 'Send templateId or imageUrl, not both.',
    path: ['imageUrl'],
  });

export const CAPTION_SOURCES = ['model', 'bank'] as const;

export const generateCaptionsResponseSchema = z.object({
  captions: z.array(z.string()),
  provider: z.enum(AI_PROVIDERS),
  /** `model`: written by a language model; `bank`: taken from the caption bank (offline, or the model failed). */
  source: z.enum(CAPTION_SOURCES),
  /** Said whenever the captions did not (all) come from a model. */
  note: z.string().optional(),
});
export type GenerateCaptionsResponse = z.infer<typeof generateCaptionsResponseSchema>;
