import { z } from './zod';

/** The one error body every API route answers with. */
export const apiErrorSchema = z.object({
  error: z.string(),
  code: z.string(),
});

/** Stable, snake_case error codes. Add here; never rename. */
export const ERROR_CODES = [
  'bad_request',
  'invalid_json',
  'validation_failed',
  'unauthorized',
  'forbidden',
  'not_found',
  'method_not_allowed',
  'conflict',
  'gone',
  'request_timeout',
  'payload_too_large',
  'unsupported_media_type',
  'unprocessable_image',
  'invalid_source_url',
  'source_failed',
  'source_unreachable',
  'source_timeout',
  'rate_limited',
  'quota_exceeded',
  'ai_not_configured',
  'ai_upstream_error',
  'image_service_unavailable',
  'image_service_failed',
  'image_service_over_allowance',
  'render_timeout',
  'render_failed',
  'renderer_busy',
  'renderer_unavailable',
  'invalid_selector',
  'selector_not_found',
  'not_configured',
  'cancelled',
  'no_faces_found',
  'no_people_found',
  'took_too_long',
  'api_unavailable',
  'topic_too_long',
  'topic_unreadable',
  'topic_refused',
  'challenge_expired',
  'passkey_refused',
  'internal_error',
] as const;
export type ErrorCode = (typeof ERROR_CODES)[number];
