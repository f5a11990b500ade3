/**
 * Compress never answers a larger file than it was given, whatever was asked: the format (even another one), a
 * quality, `auto` or a target size. When nothing it made is smaller, the person's own file is the answer, said in
 * words (ADR 0123, "Compress never grows a file"). Its private metadata is removed where that needs no re-encoding
 * (JPEG, PNG, WebP: metadata/strip.ts); a TIFF or GIF is answered exactly as it came, since cleaning one means writing it
 * again, larger.
 */
import { formatBytes } from '../../../../../../core/file-size';
import { acceptedFormat, FORMAT_NAMES, type ImageFormat } from '../../../../../../core/images/kinds';
import type { EngineResult, Picture } from '../../types';
import { protectPrivacy } from '../../metadata/strip';

/** Formats whose own encoding we cannot make smaller (uncompressed BMP, utif2's uncompressed TIFF). */
const UNCOMPRESSED_OUTPUT: readonly ImageFormat[] = ['bmp', 'tiff'];

type Kept = Omit<EngineResult, 'operation' | 'originalSize'>;

/**
 * The note for a HEIC whose compressed file is not smaller: it cannot be kept (the rule above), so the larger file is
 * the answer, said as it is, with why and what makes a smaller one; null otherwise.
 */
export function heicLarger(input: Picture, made: { bytes: Uint8Array; format: string }): string | null {
  if (input.header.format !== 'heic' || made.bytes.length < input.bytes.length) return null;
  const name = FORMAT_NAMES[made.format as ImageFormat] ?? made.format.toUpperCase();
  return `The ${name} (${formatBytes(made.bytes.length)}) is larger than the HEIC it came from (${formatBytes(input.bytes.length)}): HEIC is already a very efficient format. WebP or AVIF, or a lower quality, makes a smaller file.`;
}

/**
 * Null when `made` is smaller than the input; else the input as the result. `subject` names the input in the note
 * ("The original", or for the batch's resize-then-compress "The resized picture").
 */
export async function keepWhenNotSmaller(
  input: Picture,
  made: { bytes: Uint8Array; format: string },
  req: { format: string; quality: number | 'auto' },
  subject = 'The original',
): Promise<Kept | null> {
  const { bytes, header } = input;
  // A HEIC is never the answer, however small: no browser but Safari opens one (ADR 0132).
  if (made.bytes.length < bytes.length || header.format === 'heic') return null;
  const clean = await protectPrivacy(bytes, header, {
    removeExif: header.orientation === 1,
    removeLocation: true,
    removeTimestamp: true,
  });
  const stripped = !clean.reencoded && clean.bytes.length <= bytes.length;
  const best = `at best a ${formatBytes(made.bytes.length)} ${FORMAT_NAMES[made.format as ImageFormat] ?? made.format.toUpperCase()}`;
  const notes = [
    `${subject} (${formatBytes(bytes.length)}) was already smaller than anything we could make (${best}); we kept it.`,
  ];
  if (stripped && clean.log.removed.length > 0)
    notes.push('Its private metadata was removed without touching the picture.');
  else if (!stripped)
    notes.push('It is your file exactly as it was, metadata included: Security › Privacy removes that.');
  if (req.format === 'original' && UNCOMPRESSED_OUTPUT.includes(header.format)) {
    notes.push(
      `${FORMAT_NAMES[header.format]} files are not made smaller here: choose JPEG, WebP or PNG as the output format for a smaller file.`,
    );
  }
  return {
    bytes: stripped ? clean.bytes : bytes,
    format: acceptedFormat(header.format),
    width: input.upright.width,
    height: input.upright.height,
    engine: 'passthrough',
    keptOriginal: true,
    notes,
    // The answer is the source itself: nothing to tell apart.
    ...(req.quality === 'auto' ? { score: 0, looksSame: true } : {}),
  };
}
