/**
 * Colour profiles across the image service (ADR 0126). A photo tagged Adobe RGB or Display P3 is sent to the service
 * without its profile, so every implementation reads the file's own pixel values, as the isolate's codecs do
 * (icc.ts); the profile is put back on the JPEG, PNG or WebP it answers. What a service would have done with the
 * profile never matters: libvips converts to sRGB on decode, and the Images binding documents only that it
 * "supports ICC color profiles in JPEG and PNG images" (https://developers.cloudflare.com/images/transform-images/),
 * not what it does for WebP or raw output. Raw `rgba` (the sample `quality=auto` judges) is then in the same values
 * as the file the service writes, so the judge compares like with like; no call is added.
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
      // No profile is written into AVIF here: its input keeps its own, and the service converts the colours to sRGB.
      if (job.output.format === 'avif') return service.run(job);
      const input = untagged(job.input);
      const overlays = job.overlays?.map((o) => ({ ...o, image: untagged(o.image).bytes }));
      const out = await service.run({ ...job, input: input.bytes, ...(overlays ? { overlays } : {}) });
      if (!input.icc || out.format === 'rgba') return out;
      return { ...out, bytes: embedProfile(out.bytes, out.format, input.icc, out) };
    },
  };
}
