import sharp from 'sharp';
import { BadImageError } from './image';

/**
 * Background removal runs in a separate program (local-ai/background-removal/, AGPL-3.0, ADR 0061): the only
 * model we found that ships in an npm package is AGPL, so it stays out of this service's process and licence and
 * is reached over HTTP on loopback. When it is not installed or not running, callers get a clear 503.
 */
export const backgroundPort = () => Number(process.env.LOCAL_AI_BG_PORT ?? 8791);
export const BACKGROUND_UNAVAILABLE =
  'Background removal is not available offline right now: its separate program is not running. Start Memeforge with npm start to install and run it.';

export class UnavailableError extends Error {}

/** The program takes PNG, JPEG and WebP; anything else sharp reads (GIF, AVIF, TIFF…) is converted to PNG first. */
async function normalise(bytes: Uint8Array, contentType: string): Promise<{ body: Uint8Array; type: string }> {
  if (['image/png', 'image/jpeg', 'image/webp'].includes(contentType)) return { body: bytes, type: contentType };
  try {
    return { body: await sharp(bytes).rotate().png().toBuffer(), type: 'image/png' };
  } catch {
    throw new BadImageError('The image could not be read. Please upload a PNG, JPEG, GIF or WebP image.');
  }
}

const TIMEOUT_MS = 170_000;

export async function removeBackground(
  input: Uint8Array,
  contentType: string,
  port = backgroundPort(),
): Promise<Buffer> {
  const { body, type } = await normalise(input, contentType);
  let res: Response;
  try {
    res = await fetch(`http://127.0.0.1:${port}/remove-background`, {
      method: 'POST',
      body: body as Uint8Array<ArrayBuffer>,
      headers: { 'content-type': type },
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    throw new UnavailableError(BACKGROUND_UNAVAILABLE);
  }
  if (!res.ok) {
    const answer = (await res.json().catch(() => null)) as { error?: string } | null;
    const message = answer?.error ?? 'Background removal failed.';
    if (res.status === 415 || res.status === 413) throw new BadImageError(message);
    throw new Error(message);
  }
  return Buffer.from(await res.arrayBuffer());
}
