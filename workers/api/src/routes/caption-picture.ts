/**
 * The person's own picture for caption ideas: read from storage by the address the upload answered, and sent to
 * the model as a small JPEG (a vision model reads a few hundred pixels a side; a 10 MB photo as a data URI would
 * cost far more tokens and time for nothing).
 */
import { IMAGE_ADDRESS_RULE } from '../../../../core/api/ai';
import { imageIdOfAddress } from '../../../../core/images/address';
import { HttpError } from '../errors';
import { siteOrigins } from '../http';
import { intake, run } from '../imaging/engine';
import { getImage } from '../storage/image-store';
import type { Bill } from '../billed-calls';
import { engineServices } from './tools/deps';

/** The longest side of the copy the vision model sees. */
export const CAPTION_PICTURE_SIDE = 768;

export async function captionPicture(env: Env, imageUrl: string, bill: Bill): Promise<Uint8Array> {
  // Only this site's pictures, as answers name them (on one of its configured names, ADR 0155) or by path; nothing is
  // fetched from the address.
  const id = siteOrigins(env)
    .map((origin) => imageIdOfAddress(imageUrl, origin))
    .find((found) => found !== null);
  if (!id) throw new HttpError(400, 'validation_failed', IMAGE_ADDRESS_RULE);
  const { object } = await getImage(env.BUCKET, id);
  // A stored picture (an upload, an AI result, a saved meme) is taken in by the same rule as a sent one.
  const picture = await intake(new Uint8Array(await object.arrayBuffer()));
  const { width, height } = picture.upright;
  const scale = Math.min(1, CAPTION_PICTURE_SIDE / Math.max(width, height));
  const size = { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
  const copy = await run(
    'resize',
    picture,
    { ...size, maintainAspectRatio: false, background: '#ffffff', format: 'jpeg', quality: 85 },
    engineServices(env, bill),
  );
  if (!('bytes' in copy)) throw new Error('a resize answered a stream');
  return copy.bytes;
}
