/**
 * Every accepted format can be previewed and compared on the tool screens. Browsers draw them all but TIFF and HEIC
 * (only Safari draws either). A TIFF is decoded here with utif2, the engine's own TIFF decoder, loaded only when one
 * is chosen, into a PNG the page can show. A HEIC is decoded as the editor decodes it: /api/upload stores the JPEG
 * the image service makes of it (ADR 0132), and that JPEG is the preview (ADR 0162). The file sent to the tool is
 * always the person's own.
 */
import type { ImageFormat } from '../../../core/images/kinds';
import { detectFormat } from '../../../core/images/sniff';
import { api, call, multipart } from '~/lib/api/client';

/** Formats Chromium and Firefox cannot draw in an <img>. */
const UNDRAWABLE: readonly ImageFormat[] = ['tiff', 'heic'];

export const needsDecoding = (format: string) => (UNDRAWABLE as readonly string[]).includes(format);

/** A URL an <img> can show for these bytes (revoke it with URL.revokeObjectURL). */
export async function previewUrl(blob: Blob, format: string): Promise<string> {
  if (!needsDecoding(format)) return URL.createObjectURL(blob);
  try {
    return URL.createObjectURL(format === 'heic' ? await serverCopy(blob) : await tiffToPng(await blob.arrayBuffer()));
  } catch {
    // A TIFF utif2 cannot read, or a HEIC the server could not copy, shows as a broken picture; the screen still
    // knows its size from the header (use-image-file.ts), and the tool's own answer says what is wrong with it.
    return URL.createObjectURL(blob);
  }
}

/** The browser's copy of a HEIC the editor would draw: /api/upload's JPEG, fetched as bytes so it is an object URL too. */
async function serverCopy(blob: Blob): Promise<Blob> {
  const form = new FormData();
  form.append('image', blob);
  const { imageUrl } = await call(api.POST('/api/upload', { body: multipart(form) }));
  const res = await fetch(imageUrl);
  if (!res.ok) throw new Error(`the copy answered ${res.status}`);
  return res.blob();
}

async function tiffToPng(buffer: ArrayBuffer): Promise<Blob> {
  const { UTIF } = await import('./tiff.client');
  const [first] = UTIF.decode(buffer);
  if (!first) throw new Error('no image in the TIFF');
  UTIF.decodeImage(buffer, first);
  const rgba = UTIF.toRGBA8(first);
  const { width, height } = first;
  const canvas = document.createElement('canvas');
  canvas.width = width;
  canvas.height = height;
  const context = canvas.getContext('2d');
  if (!context) throw new Error('no 2D canvas');
  context.putImageData(
    new ImageData(
      new Uint8ClampedArray(rgba.buffer as ArrayBuffer, rgba.byteOffset, width * height * 4),
      width,
      height,
    ),
    0,
    0,
  );
  return new Promise((resolve, reject) =>
    canvas.toBlob((png) => (png ? resolve(png) : reject(new Error('no PNG'))), 'image/png'),
  );
}

/** The same for a stored result: fetched and decoded when the browser cannot draw its format. */
export async function resultPreviewUrl(imageUrl: string, format: string): Promise<string | null> {
  if (!needsDecoding(format)) return null;
  const res = await fetch(imageUrl);
  if (!res.ok) return null;
  return previewUrl(await res.blob(), format);
}

/** previewUrl for a file whose format is not known yet: read from its first bytes, as intake does. */
export async function previewFileUrl(file: Blob): Promise<string> {
  const format = detectFormat(new Uint8Array(await file.slice(0, 64).arrayBuffer()));
  return previewUrl(file, format ?? '');
}
