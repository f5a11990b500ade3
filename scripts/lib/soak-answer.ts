/**
 * One request of the soak (scripts/soak.ts) and how its answer is judged: our own JSON error {error, code} is the API
 * answering in its words, while a 5xx in anything else, or the local front door's `api_unavailable`, is the dev
 * server's (ADR 0122). A request that has no answer within REQUEST_TIMEOUT_MS is status 0.
 */

/** A request unanswered for this long counts as lost. */
export const REQUEST_TIMEOUT_MS = 120_000;

export interface Answer {
  route: string;
  status: number;
  ms: number;
  /**
   * The dev server's answer, not the API's: a 5xx whose body is not our JSON error, or the local front door's
   * `api_unavailable` (its words for wrangler losing the Worker mid-request; scripts/lib/front-door.ts).
   */
  foreign: boolean;
  /** The error code of a JSON error answer. */
  code?: string;
  body: string;
}

/** The name an answer is listed under: the route, and the operation where the route has several. */
const routeName = (route: string, fields: Record<string, string>) =>
  `${route}${fields.operation ? ` ${fields.operation}` : ''}`;

/** Sends `bytes` as the form's `image`, with `fields`, to `${base}/api/${route}`; never throws. */
export async function post(
  base: string,
  route: string,
  name: string,
  bytes: Uint8Array,
  fields: Record<string, string>,
): Promise<Answer> {
  const form = new FormData();
  form.append('image', new File([bytes as Uint8Array<ArrayBuffer>], name, { type: 'application/octet-stream' }));
  for (const [k, v] of Object.entries(fields)) form.append(k, v);
  const started = performance.now();
  try {
    const res = await fetch(`${base}/api/${route}`, {
      method: 'POST',
      body: form,
      signal: AbortSignal.timeout(REQUEST_TIMEOUT_MS),
    });
    const body = await res.text();
    let code: string | undefined;
    try {
      const json = JSON.parse(body) as { error?: unknown; code?: unknown };
      if (typeof json.error === 'string' && typeof json.code === 'string') code = json.code;
    } catch {
      code = undefined;
    }
    const foreign = res.status >= 500 && (code === undefined || code === 'api_unavailable');
    return {
      route: routeName(route, fields),
      status: res.status,
      ms: performance.now() - started,
      foreign,
      code,
      body: body.slice(0, 200),
    };
  } catch (err) {
    return {
      route: routeName(route, fields),
      status: 0,
      ms: performance.now() - started,
      foreign: false,
      body: String(err),
    };
  }
}
