/**
 * The Cloudflare REST API as the deploy uses it where wrangler has no command: the answer's envelope
 * (`{ success, errors, result }`, https://developers.cloudflare.com/fundamentals/api/) read the same way everywhere,
 * and a refusal for want of a permission told apart from other failures, so the sentence can name the permission.
 * `fetch` is passed in: the tests answer from recorded answers (scripts/deploy/fixtures/) with no network.
 */
export const API_BASE = 'https://api.cloudflare.com/client/v4';

export interface ApiAnswer {
  status: number;
  success: boolean;
  result: unknown;
  errors: { code?: number; message: string }[];
}

export type Method = 'GET' | 'POST' | 'PUT' | 'PATCH';
/** One call: the path after API_BASE (with its query), and a JSON body. Never throws for an HTTP status. */
export type Api = (method: Method, path: string, body?: unknown) => Promise<ApiAnswer>;

export function restApi(doFetch: typeof fetch, token: string): Api {
  return async (method, path, body) => {
    const res = await doFetch(`${API_BASE}${path}`, {
      method,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const answer = (await res.json().catch(() => ({}))) as Partial<ApiAnswer>;
    return {
      status: res.status,
      success: res.ok && answer.success !== false,
      result: answer.result,
      errors: answer.errors ?? [],
    };
  };
}

/** The errors of an answer in one line: `403 Authentication error (10000)`. */
export const errorText = (a: ApiAnswer) =>
  `${a.status} ${a.errors.map((e) => `${e.message}${e.code === undefined ? '' : ` (${e.code})`}`).join('; ') || 'no error message'}`;

/**
 * Whether the token may not do this: 403, or the codes Cloudflare gives a token without the permission (10000
 * "Authentication error", 9109 "Unauthorized to access requested resource") whatever the status.
 */
export const lacksPermission = (a: ApiAnswer) =>
  a.status === 403 || a.errors.some((e) => e.code === 10000 || e.code === 9109);

/** The result of a successful answer; otherwise an error naming the call and, when it is one, the missing permission. */
export function resultOf(answer: ApiAnswer, call: string, permission: string): unknown {
  if (answer.success) return answer.result;
  if (lacksPermission(answer))
    throw new Error(
      `${call} was refused (${errorText(answer)}): the token needs ${permission} (docs/deploy.md lists every permission the deploy needs)`,
    );
  throw new Error(`${call} failed: ${errorText(answer)}`);
}
