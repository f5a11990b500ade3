import { z } from './zod';

export const healthSchema = z.object({
  ok: z.boolean(),
  bindings: z.object({
    db: z.boolean(),
    bucket: z.boolean(),
    images: z.boolean(),
    ai: z.string(),
  }),
});
export type Health = z.infer<typeof healthSchema>;
