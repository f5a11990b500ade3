/**
 * The one check an imported template image passes before anything is written: not empty, within the upload size,
 * an image by its bytes under the same rule as uploads (core/images/intake), a JPEG, PNG or GIF, and decodable to
 * the last pixel by sharp. Every failure is a reason in words for the importer's "skipped" list, never a crash.
 */
import sharp from 'sharp';
import { checkImageBytes } from '../../core/images/intake';
import { MAX_UPLOAD_BYTES } from '../../core/limits';

const TYPES = { jpeg: ['image/jpeg', 'jpg'], png: ['image/png', 'png'], gif: ['image/gif', 'gif'] } as const;
type TemplateFormat = keyof typeof TYPES;

export type TemplateImage =
  | { ok: true; width: number; height: number; contentType: string; extension: string }
  | { ok: false; reason: string };

export async function checkTemplateImage(bytes: Uint8Array, name: string): Promise<TemplateImage> {
  if (bytes.length === 0) return { ok: false, reason: `${name} is empty` };
  const intake = checkImageBytes(bytes, { maxBytes: MAX_UPLOAD_BYTES });
  if (!intake.ok) return { ok: false, reason: `${name}: ${intake.problem.message}` };
  const format = intake.info.format;
  if (!(format in TYPES))
    return { ok: false, reason: `${name} is a ${format.toUpperCase()}; templates are JPEG, PNG or GIF` };
  try {
    // sharp throws synchronously on some inputs, so the pipeline is built inside the try. A full decode (at a small
    // size) finds broken pixel data that the header alone does not show.
    const image = sharp(bytes, { failOn: 'error' });
    const meta = await image.metadata();
    await image.resize(16, 16, { fit: 'inside' }).raw().toBuffer();
    if (!meta.width || !meta.height) return { ok: false, reason: `${name} has no size` };
    const [contentType, extension] = TYPES[format as TemplateFormat];
    return { ok: true, width: meta.width, height: meta.pageHeight ?? meta.height, contentType, extension };
  } catch (err) {
    return {
      ok: false,
      reason: `${name} cannot be decoded (${err instanceof Error ? err.message.split('\n')[0] : String(err)})`,
    };
  }
}
