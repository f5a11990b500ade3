/**
 * Background removal runs in a separate program (local-ai/background-removal/, AGPL-3.0, ADR 0061): the only
 * model we found that ships in an npm package is AGPL, so it stays out of this service's process and licence and
 * is reached over HTTP on loopback. When it is not installed or not running, callers get a clear 503.
 */
export const backgroundPort = () => Number(process.env.LOCAL_AI_BG_PORT ?? 8791);
export const BACKGROUND_UNAVAILABLE =
  'Offline background removal is not running. `npm start` installs and starts it (local-ai/background-removal); see the README.';

export class UnavailableError extends Error {}

const TIMEOUT_MS = 170_000;

export async function removeBackground(bytes: Uint8Array, contentType: string, port = backgroundPort()): Promise<Buffer> {
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}/remove-background`, {
      method: 'POST',
      body: bytes as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': contentType },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new UnavailableError(BACKGROUND_UNAVAILABLE);
  }
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    throw new Error(body?.error ?? 'Background removal failed.');
  }
  return Buffer.from(await res.arrayBuffer());
}
