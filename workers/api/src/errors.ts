import type { ErrorCode } from '../../../core/api/errors';

/**
 * An expected failure, thrown anywhere in a handler and turned into the JSON error body by `toErrorResponse`.
 * The message is shown to people: say what went wrong and what to do.
 */
export class HttpError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode,
    message: string,
    readonly headers: Record<string, string> = {},
  ) {
    super(message);
    this.name = 'HttpError';
  }
}

export const badRequest = (message: string, code: ErrorCode = 'bad_request') => new HttpError(400, code, message);
export const notFound = (message = 'Not found.') => new HttpError(404, 'not_found', message);

export function errorResponse(status: number, code: ErrorCode, message: string, headers: Record<string, string> = {}) {
  return new Response(JSON.stringify({ error: message, code }), {
    status,
    headers: {
      'content-type': 'application/json; charset=utf-8',
      'cache-control': 'no-store',
      ...headers,
    },
  });
}

/** The one place errors become responses. Unknown errors are logged and answered as a plain 500: never echoed. */
export function toErrorResponse(err: unknown): Response {
  if (err instanceof HttpError) return errorResponse(err.status, err.code, err.message, err.headers);
  console.error('unhandled error', err instanceof Error ? (err.stack ?? err.message) : String(err));
  return errorResponse(500, 'internal_error', 'Something went wrong on our side. Please try again.');
}
