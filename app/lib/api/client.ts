/**
 * The app's one way to call /api: openapi-fetch typed by the generated `paths` (scripts/build-api-types.ts), so a
 * path, parameter or body the document does not describe is a type error. `call` keeps one error rule for every call: a
 * non-success answer raises an ApiClientError with the status, `status: body-or-statusText` and the server's words.
 * Every call carries the D1 bookmark (bookmark.ts, ADR 0115).
 */
import createClient from 'openapi-fetch';
import { ApiClientError } from '../api-client';
import { bookmarkMiddleware } from './bookmark';
import type { paths } from './schema';

export const api = createClient<paths>({ credentials: 'include' });
// Every call sends the newest D1 bookmark seen and keeps the one it answers, so a member reads their own writes.
api.use(bookmarkMiddleware());

interface Answer<T> {
  data?: T;
  error?: unknown;
  response: Response;
}

/** The answer's body (undefined for 204), or an ApiClientError. */
export async function call<T>(request: Promise<Answer<T>>): Promise<T> {
  const { data, error, response } = await request;
  if (response.ok) return data as T;
  const text = typeof error === 'string' ? error : error === undefined ? '' : JSON.stringify(error);
  const body = typeof error === 'object' && error !== null ? (error as { error?: unknown; code?: unknown }) : {};
  throw new ApiClientError(
    response.status,
    `${response.status}: ${text || response.statusText}`,
    typeof body.error === 'string' ? body.error : undefined,
    typeof body.code === 'string' ? body.code : undefined,
  );
}

/** A multipart body: openapi-fetch sends FormData as it is; the document's form type describes its fields. */
export const multipart = (form: FormData) => form as never;
