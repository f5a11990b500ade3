/**
 * The shared fetch client of the spec (part 1 §7): a read is a GET of the key segments joined with slashes,
 * with credentials; a non-success answer raises an ApiClientError whose message is `status: body-or-statusText`.
 */
export class ApiClientError extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** The `error` field of a JSON error body, when there is one: the text to show people. */
    readonly serverMessage?: string,
    readonly code?: string,
  ) {
    super(message);
    this.name = 'ApiClientError';
  }
}

export async function throwIfNotOk(res: Response): Promise<Response> {
  if (res.ok) return res;
  const text = await res.text().catch(() => '');
  let serverMessage: string | undefined;
  let code: string | undefined;
  try {
    const body = JSON.parse(text) as { error?: unknown; code?: unknown };
    if (typeof body.error === 'string') serverMessage = body.error;
    if (typeof body.code === 'string') code = body.code;
  } catch {
    // Not JSON: the raw text is still in the message.
  }
  throw new ApiClientError(res.status, `${res.status}: ${text || res.statusText}`, serverMessage, code);
}

/** GET `/api/a/b` for the key `['api', 'a', 'b']` (or a ready path), parsed as JSON. */
export async function getJson<T>(key: string | readonly string[], init?: RequestInit): Promise<T> {
  const url = typeof key === 'string' ? key : `/${key.map(String).join('/')}`;
  const res = await fetch(url, { credentials: 'include', ...init });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}

/** A JSON request with a body (POST, DELETE …), same error rules as reads. */
export async function sendJson<T>(method: string, url: string, body?: unknown, init?: RequestInit): Promise<T> {
  const res = await fetch(url, {
    method,
    credentials: 'include',
    headers: body === undefined ? undefined : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
    ...init,
  });
  await throwIfNotOk(res);
  return res.status === 204 ? (undefined as T) : ((await res.json()) as T);
}

/** A multipart request (uploads and tools), same error rules. */
export async function sendForm<T>(url: string, form: FormData, init?: RequestInit): Promise<T> {
  const res = await fetch(url, { method: 'POST', credentials: 'include', body: form, ...init });
  await throwIfNotOk(res);
  return (await res.json()) as T;
}
