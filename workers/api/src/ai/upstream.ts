import { HttpError } from '../errors';

/**
 * Upstream model failures become readable 502/503 answers. The raw error is logged for us, never sent to the user.
 */
export function upstreamError(what: string, err: unknown): HttpError {
  if (err instanceof HttpError) return err;
  const text = err instanceof Error ? err.message : String(err);
  console.warn(`AI upstream failure (${what}):`, text.slice(0, 500));
  // Workers AI answers capacity and rate problems with these words (e.g. "3040: Capacity temporarily exceeded").
  if (/capacity|rate limit|too many|overloaded|unavailable|timed? ?out|429|503/i.test(text)) {
    return new HttpError(
      503,
      'ai_upstream_error',
      `The AI service is busy and could not ${what} right now. Please try again in a minute.`,
    );
  }
  return new HttpError(502, 'ai_upstream_error', `The AI service could not ${what}. Please try again.`);
}

/** Reads a stream, a buffer or a Response body fully into bytes. */
export async function toBytes(
  value: ReadableStream<Uint8Array> | ArrayBuffer | Uint8Array | Response,
): Promise<Uint8Array> {
  if (value instanceof Uint8Array) return value;
  if (value instanceof ArrayBuffer) return new Uint8Array(value);
  if (value instanceof Response) return new Uint8Array(await value.arrayBuffer());
  return new Uint8Array(await new Response(value).arrayBuffer());
}

/** Bytes as a fetch body (TypeScript's DOM types reject a Uint8Array over a possibly shared buffer). */
export const asBody = (bytes: Uint8Array): BodyInit => bytes as Uint8Array<ArrayBuffer>;

export function bytesToStream(bytes: Uint8Array): ReadableStream<Uint8Array> {
  return new Response(asBody(bytes)).body!;
}

export function base64ToBytes(b64: string): Uint8Array {
  const bin = atob(b64.replace(/^data:[^,]*,/, ''));
  const out = new Uint8Array(bin.length);
  for (let i = 0; i < bin.length; i++) out[i] = bin.charCodeAt(i);
  return out;
}

export function bytesToBase64(bytes: Uint8Array): string {
  let bin = '';
  const step = 0x8000;
  for (let i = 0; i < bytes.length; i += step) bin += String.fromCharCode(...bytes.subarray(i, i + step));
  return btoa(bin);
}
