/**
 * The error every API call raises on a non-success answer, the app's one rule: its message is `status:
 * body-or-statusText`. Calls go through the generated client in `api/client.ts`; the tool screens' upload job
 * (XMLHttpRequest, for progress) raises it through `throwIfNotOk`.
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
