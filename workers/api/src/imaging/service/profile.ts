/**
 * Colour profiles across the image service (ADR 0126, 0153). A photo tagged Adobe RGB or Display P3 is sent to the
 * service without its profile, so every implementation reads the file's own pixel values, as the isolate's codecs do
 * (icc.ts); the profile is put back on the JPEG, PNG or WebP it answers. A HEIC (an iPhone's photo, Display P3 in its
 * `colr` box) goes the same way: its `colr` is made to say sRGB in place. What a service would have done with the
 * profile never matters for those: libvips converts to sRGB on decode, and the Images binding documents that
 * "embedded color profiles are always applied" (https://developers.cloudflare.com/images/transform-images/
 * transform-via-workers/, `metadata`) without saying whether its HEIC reader applies a `colr` box, nor what
 * becomes of WebP or raw output. Raw `rgba` (the sample `quality=auto` judges) is then in the same values as the file
 * the service writes, so the judge compares like with like; no call is added.
 */
import { embedProfile, readProfile, withoutProfile } from '../metadata/icc';
import { readHeader } from '../intake/sniff';
import type { ImageService, ServiceJob, ServiceResult } from './types';

/** The picture's own bytes without a non-sRGB profile, and that profile; `icc` null where there is nothing to carry. */
function untagged(bytes: Uint8Array): { bytes: Uint8Array; icc: Uint8Array | null } {
  const format = readHeader(bytes)?.format;
  const icc = format ? readProfile(bytes, format) : null;
  const stripped = icc && format ? withoutProfile(bytes, format) : null;
  // A container we cannot walk goes as it came: the service then applies the profile itself (sRGB out, none kept).
  return stripped ? { bytes: stripped, icc } : { bytes, icc: null };
}

/** `service` with every job's input and overlays sent untagged, and the input's profile on what it writes. */
export function carryingProfiles(service: ImageService): ImageService {
  return {
    name: service.name,
    async run(job: ServiceJob): Promise<ServiceResult> {
      // No profile is written into AVIF here: its input keeps its own, and the service converts the colours to sRGB
      // (the binding "always applies" embedded profiles; local-images converts a HEIC's colr as sharp converts a JPEG).
      if (job.output.format === 'avif') return service.run(job);
      const input = untagged(job.input);
      const overlays = job.overlays?.map((o) => ({ ...o, image: untagged(o.image).bytes }));
      const out = await service.run({ ...job, input: input.bytes, ...(overlays ? { overlays } : {}) });
      if (!input.icc || out.format === 'rgba') return out;
      return { ...out, bytes: embedProfile(out.bytes, out.format, input.icc, out) };
    },
  };
}
