import { z } from './zod';

/**
 * How answers name a picture: its absolute address on the site that answered (`https://{site}/api/images/{id}`, a
 * template's `https://{site}/templates/{id}.png`), so a client fetches it as it is wherever it runs.
 */
export const imageUrlSchema = z
  .string()
  .describe('The picture’s absolute address on the site that answered (https://…/api/images/{id}); fetch it as it is.');
