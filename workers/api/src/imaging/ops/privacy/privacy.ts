/**
 * Privacy protection: removes private data from the container without re-encoding the pixels, at any size. What
 * stays is chosen from an allow-list (ADR 0118): the picture, its colour profile, its orientation, and the kinds of
 * EXIF tags the person asked to keep (dates, location, camera); maker notes, thumbnails and previews, owner and serial
 * numbers, XMP, IPTC, comments and text go whenever anything is to be removed (metadata/strip.ts, which Compress
 * uses too). A HEIC, whose container is not rewritten, is written as a JPEG by the image service.
 */
import type { PrivacyLog } from '../../../../../../core/api/tools';
import type { PrivacyOptions } from '../../../../../../core/tools/privacy';
import { protectPrivacy } from '../../metadata/strip';
import { stripJpeg } from '../../metadata/strip-jpeg';
import { assertServiceCan, viaService } from '../../pipeline/paths';
import type { EngineResult, EngineServices, OperationEntry, Picture } from '../../types';

/** Quality of the JPEG a HEIC is written as when its metadata goes (ADR 0132): close to the photo, still smaller. */
export const HEIC_CLEAN_QUALITY = 95;

/**
 * A HEIC's metadata lives in items of its container, which we do not rewrite, and the isolate cannot decode it: the
 * image service writes the picture as a JPEG, which carries none of it (the service writes no metadata; the JPEG is
 * stripped here too, so nothing rests on that).
 */
async function heicWithoutMetadata(input: Picture, services: EngineServices, notes: string[]): Promise<EngineResult> {
  assertServiceCan(input, input.upright, 'jpeg');
  const out = await viaService(() =>
    services.images.run({ input: input.bytes, steps: [], output: { format: 'jpeg', quality: HEIC_CLEAN_QUALITY } }),
  );
  const clean = stripJpeg(out.bytes, { time: false, location: false, camera: false });
  const log: PrivacyLog = {
    removed: ['All metadata'],
    actions: [
      `Written as a JPEG at quality ${HEIC_CLEAN_QUALITY} by the image service, with no metadata: a HEIC's metadata is not removed in place.`,
    ],
    // An iPhone's Display P3 goes with the pixels (ADR 0153), as any kept profile does (ADR 0118).
    preserved: ['Image pixels (re-encoded)', ...(clean.icc ? ['ICC colour profile'] : [])],
  };
  return {
    operation: 'privacy',
    originalSize: input.bytes.length,
    notes: [...notes, 'HEIC pictures are not written; the result is a JPEG, which every device opens.'],
    bytes: clean.removed.size > 0 ? clean.bytes : out.bytes,
    format: 'jpeg',
    width: out.width,
    height: out.height,
    engine: 'images',
    privacyLog: log,
    details: log.actions.join(' '),
  };
}

/** Privacy's record: every frame is kept, and the answer carries the log of what went. */
export const privacyOperation: OperationEntry<Omit<PrivacyOptions, 'operation'>> = {
  allFrames: true,
  readsFileOnly: true,
  async run({ input, services, notes }, o) {
    if (input.header.format === 'heic' && (o.removeExif || o.removeLocation || o.removeTimestamp))
      return heicWithoutMetadata(input, services, notes);
    // Only a JPEG's reader knows what follows its end (a camera's preview images, or other data) and names it.
    const whole = input.header.format === 'jpeg' ? (input.received ?? input.bytes) : input.bytes;
    const r = await protectPrivacy(whole, input.header, o);
    return {
      operation: 'privacy',
      originalSize: whole.length,
      notes,
      bytes: r.bytes,
      format: r.format,
      width: r.width,
      height: r.height,
      engine: r.reencoded ? 'wasm' : 'passthrough',
      privacyLog: r.log,
      details: r.log.actions.join(' '),
    };
  },
};
