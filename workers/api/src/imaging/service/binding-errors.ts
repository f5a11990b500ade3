/**
 * The Images binding's errors, by their code, as answers for people. The binding throws an `ImagesError`
 * (workers-types: `{ code: number, message }`); workerd's implementation (src/cloudflare/internal/images-api.ts)
 * takes the code from the service's `cf-images-binding: err=NNNN` header and writes the message as
 * `IMAGES_TRANSFORM_ERROR 9422: <text>` (older builds: `IMAGES_TRANSFORM_<text>`), with 9523 for any other failed
 * answer. The code is read from `code`, else from the message.
 *
 * Codes and their meaning: https://developers.cloudflare.com/images/reference/errors/ and
 * https://developers.cloudflare.com/images/reference/troubleshooting/ (9422: the free plan's 5,000 unique
 * transformations a month are used up; 9432: the account still has the legacy Image Resizing subscription).
 */
import {
  allowanceRenewsAt,
  IMAGE_SERVICE_FREE_MONTHLY_TRANSFORMATIONS,
  IMAGE_SERVICE_MAX_FILE_BYTES,
  IMAGE_SERVICE_MAX_SIDE,
} from '../../../../../core/image-service';
import { HttpError } from '../../errors';
import { ImageServiceError, type ImageServiceStatus } from './types';

/** The binding's error code, from an ImagesError or its message; null when the error is not one of the binding's. */
export function imagesErrorCode(err: unknown): number | null {
  if (
    err &&
    typeof err === 'object' &&
    'code' in err &&
    typeof err.code === 'number' &&
    err.code >= 9000 &&
    err.code < 10_000
  )
    return err.code;
  const message = err instanceof Error ? err.message : typeof err === 'string' ? err : '';
  const found = /\b(9\d{3})\b/.exec(message);
  return found ? Number(found[1]) : null;
}

const TRY_ANOTHER = 'Please try another file, or a smaller copy of this one.';
const BUSY = 'The image service is busy right now. Please try again in a minute.';
const FAILED = 'The image service failed on this picture. Please try again; if it fails again, try a smaller copy.';

interface Answer {
  status: ImageServiceStatus;
  message: string;
  retryAfter?: number;
  /** Our own request was wrong or the account is not set up: worth an operator's look. */
  ours?: boolean;
}

/** Each documented code the binding can answer a transformation with, as our status and words. */
const ANSWERS: Record<number, Answer> = {
  // Missing or invalid parameters; a request loop; invalid HTTP parameters; a transformer used twice: our bugs.
  9401: { status: 502, message: FAILED, ours: true },
  9403: { status: 502, message: FAILED, ours: true },
  9424: { status: 502, message: FAILED, ours: true },
  9525: { status: 502, message: FAILED, ours: true },
  // "The image was too large" (413 on the errors page).
  9402: {
    status: 413,
    message: `This picture is too large for the image service (at most ${IMAGE_SERVICE_MAX_FILE_BYTES / 1_000_000} MB and ${IMAGE_SERVICE_MAX_SIDE.toLocaleString('en-US')} pixels a side). ${TRY_ANOTHER}`,
  },
  // Over the area or a side, enlarged too much, an animation too large, an output format refused.
  9413: {
    status: 413,
    message: `This picture is larger than the image service can process (at most ${IMAGE_SERVICE_MAX_SIDE.toLocaleString('en-US')} pixels a side and 100 megapixels). ${TRY_ANOTHER}`,
  },
  // Not an image, or a kind it does not read (HEIC, TIFF, AVIF without Enterprise, SVG to raster).
  9412: {
    status: 422,
    message: `The image service could not read this file as a picture; it may be damaged. ${TRY_ANOTHER}`,
  },
  9420: {
    status: 415,
    message:
      'The image service does not read this kind of picture. Please convert it to JPEG or PNG first, then try again.',
  },
  9520: {
    status: 415,
    message:
      'The image service does not read this kind of picture. Please convert it to JPEG or PNG first, then try again.',
  },
  // An error while decoding (422) or encoding (500) it.
  9516: {
    status: 422,
    message: `The image service could not decode or encode this picture; it may be damaged. ${TRY_ANOTHER}`,
  },
  // Access to the binding denied, or the account still on legacy Image Resizing billing: the operator must act.
  9430: {
    status: 503,
    message: 'Large pictures cannot be processed on this server right now: the image service is not set up for it.',
    ours: true,
  },
  9432: {
    status: 503,
    message: 'Large pictures cannot be processed on this server right now: the image service is not set up for it.',
    ours: true,
  },
  // Busy or over its processing limit in this data centre.
  9522: { status: 503, message: BUSY, retryAfter: 60 },
  9527: { status: 503, message: BUSY, retryAfter: 60 },
  9529: { status: 503, message: BUSY, retryAfter: 60 },
  // Internal errors and aborted operations.
  9523: { status: 502, message: FAILED },
  9528: { status: 502, message: FAILED },
};

const dateWords = (d: Date) =>
  d.toLocaleDateString('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });

/** 9422 (and 9423, its code on older pages): the month's free transformations are used up. Never "damaged". */
function overAllowance(now: Date): ImageServiceError {
  const back = allowanceRenewsAt(now);
  return new ImageServiceError(
    503,
    `Large pictures cannot be processed until ${dateWords(back)}: the image service has used this month's allowance of ${IMAGE_SERVICE_FREE_MONTHLY_TRANSFORMATIONS.toLocaleString('en-US')} transformations. Smaller pictures still work, and large ones will again from then.`,
    { overAllowance: true, retryAfter: Math.max(1, Math.ceil((back.getTime() - now.getTime()) / 1000)) },
  );
}

/** A binding failure as the answer people get; anything unknown is logged and answered as a failure of the service. */
export function fromBindingError(err: unknown, now = new Date()): ImageServiceError {
  const code = imagesErrorCode(err);
  const text = err instanceof Error ? err.message.slice(0, 300) : String(err).slice(0, 300);
  if (code === 9422 || code === 9423) {
    console.warn(`image service (cloudflare): over the monthly allowance (${code}): ${text}`);
    return overAllowance(now);
  }
  const answer = code === null ? undefined : ANSWERS[code];
  if (!answer) {
    console.error(`image service (cloudflare): unexpected failure (${code ?? 'no code'}): ${text}`);
    return new ImageServiceError(502, FAILED);
  }
  (answer.ours ? console.error : console.warn)(`image service (cloudflare): binding error ${code}: ${text}`);
  return new ImageServiceError(
    answer.status,
    answer.message,
    answer.retryAfter ? { retryAfter: answer.retryAfter } : {},
  );
}

/**
 * The AI features of the binding (background removal, upscaling: ai/cloudflare.ts) are billed transformations too:
 * over the allowance they answer as every other binding call does, not as a failing AI model. Null otherwise.
 */
export function overAllowanceAnswer(err: unknown, now = new Date()): HttpError | null {
  const code = imagesErrorCode(err);
  if (code !== 9422 && code !== 9423) return null;
  const answer = fromBindingError(err, now);
  return new HttpError(503, 'image_service_over_allowance', answer.message, {
    'retry-after': String(answer.detail.retryAfter),
  });
}
