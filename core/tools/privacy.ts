/** Privacy: removes private metadata from the file without touching the pixels. */
import { z } from '../api/zod';
import { formBool } from './fields';

export const privacyFieldsSchema = z.object({
  operation: z.literal('privacy'),
  removeExif: formBool(true),
  removeLocation: formBool(true),
  removeTimestamp: formBool(false),
});
export type PrivacyOptions = z.infer<typeof privacyFieldsSchema>;

export const privacyLogSchema = z.object({
  removed: z.array(z.string()),
  actions: z.array(z.string()),
  preserved: z.array(z.string()),
});
export type PrivacyLog = z.infer<typeof privacyLogSchema>;
