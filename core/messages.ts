// User-facing messages shared by the API and the UI, in a module without zod so browser bundles stay small.

import { ACCEPTED_FORMATS_TEXT } from './images/kinds';

export const AI_LIMIT_MESSAGE =
  'You have used all of today’s free AI operations. They come back at midnight UTC; premium has no daily limit.';
/** Why a free visitor's search made no more tries on the image service today (ADR 0148), inside a note. */
export const searchCallsSpent = (limit: number) =>
  `today’s ${limit} free tries on our image service are used up; they come back at midnight UTC, and premium has no daily limit`;
/** Why a smart crop did not look for faces: the visitor's daily AI allowance is spent (ADR 0148), inside a note. */
export const aiUnitsSpent = (limit: number) =>
  `today’s ${limit} free AI operations are used up; they come back at midnight UTC`;

/** Upload wording, the same from the server and from the browser's checks (core/images/intake.ts). */
export const UPLOAD_TOO_LARGE_MESSAGE = 'Please upload an image smaller than 10MB.';
/** Names exactly the formats intake accepts (core/images/kinds.ts), so it grows with that list. */
export const UNSUPPORTED_IMAGE_MESSAGE = `Please upload an image file (${ACCEPTED_FORMATS_TEXT}).`;
export const MISSING_IMAGE_MESSAGE = 'Please choose an image to upload.';
export const EMPTY_FILE_MESSAGE = 'This file is empty (0 bytes). Please choose an image.';

/** The editor's Download Meme and Share on a canvas that shows nothing yet. */
export const NOTHING_TO_DOWNLOAD = {
  title: 'Nothing to download yet',
  description: 'Pick a template, upload a picture or add some text first.',
} as const;

/** The premium dashboard's access code (POST /api/session). */
export const INVALID_ACCESS_CODE_MESSAGE = 'That access code is not right. Please check it and try again.';
export const PREMIUM_REQUIRED_MESSAGE = 'Please unlock the premium dashboard with your access code first.';
