/**
 * The anchor of `quality=auto`'s target (ADR 0135): on each photo, auto's file must be at least as faithful as the
 * reference encoder at its default, libvips' JPEG at quality 75 (libjpeg-turbo: the Annex K tables, 4:2:0 chroma, no
 * trellis quantisation). mozjpeg with the Annex K tables and its trellis switched off decodes to the same pixels as
 * that file (measured against sharp's: PSNR 47 dB to identical on the corpus photos, the judge's scores equal to
 * three decimals), so the judged picture is encoded so, scored by the judge, and the search's target is the lower of
 * AUTO_TARGET_SCORE and that score (less ANCHOR_MARGIN, for the judge's small disagreements with `ssimulacra_main`).
 */
import { decode } from '../../codecs/decode';
import { encode } from '../../codecs/encode';
import type { Raster } from '../../codecs/raster';
import { readHeader } from '../../intake/sniff';
import { AUTO_TARGET_SCORE } from '../../options';
import type { Judge } from './judge/judge';

/** libvips' `jpegsave` defaults (quality 75, Annex K tables, 4:2:0, no trellis) in mozjpeg's words. */
export const REFERENCE_JPEG = {
  quality: 75,
  tuning: {
    quant_table: 0,
    chroma_subsample: 2,
    auto_subsample: false,
    trellis_multipass: false,
    trellis_opt_zero: false,
    trellis_opt_table: false,
    trellis_loops: 0,
  },
} as const;

/** The anchored target sits this far under the reference's score: our judge and `ssimulacra_main` differ by up to 4.7% (ADR 0102). */
export const ANCHOR_MARGIN = 0.95;

export interface Target {
  /** The score the search must reach. */
  score: number;
  /** The judge's score of the reference JPEG q75 of the judged picture. */
  reference: number;
  /** The reference, not AUTO_TARGET_SCORE, set the target. */
  anchored: boolean;
  /** The reference was a near copy of an already-compressed JPEG, so NEAR_COPY_TARGET was used instead. */
  nearCopy?: boolean;
}

/**
 * A picture with its own colour profile is judged in its own values, but shown (and judged by outside tools)
 * converted to sRGB, which stretches a wide-gamut picture's differences: rocket.jpg (Adobe RGB) read 11% worse by
 * `ssimulacra_main` than by the judge at the target. Its target is held this much lower.
 */
export const OWN_PROFILE_MARGIN = 0.9;

/**
 * Below this the reference of a JPEG input is a near copy of it: the input was saved at about quality 75 already, and
 * libvips' q75 of it scores 0.0001–0.0012 on the film stills of the bench (and is larger than them), 0.0023 on
 * libjpeg's test picture as cjpeg saved it (where no quality up to 97 re-encodes it as faithfully), so it says nothing
 * about what looks the same. A JPEG saved at quality 80 scored 0.0047, a camera's quality-75 JPEG (other tables and
 * chroma) 0.038; only JPEG inputs are read so, as a PNG of a smooth picture can score as little (0.0036).
 */
export const NEAR_COPY = 0.003;
/** The target for such a JPEG: SSIMULACRA's own "cannot be told apart" (ADR 0140). */
export const NEAR_COPY_TARGET = 0.01;

/**
 * The target on this picture: AUTO_TARGET_SCORE, or the reference's level where that is more faithful; for a JPEG
 * whose reference is a near copy of it, NEAR_COPY_TARGET; lower by OWN_PROFILE_MARGIN where the picture carries its
 * own colour profile.
 */
export async function anchoredTarget(
  judged: Raster,
  judge: Judge,
  input: { ownProfile?: boolean; jpeg?: boolean } = {},
): Promise<Target> {
  const bytes = await encode(judged, 'jpeg', REFERENCE_JPEG);
  const reference = judge(await decode(bytes, readHeader(bytes)!));
  const profile = input.ownProfile ? OWN_PROFILE_MARGIN : 1;
  if (input.jpeg && reference < NEAR_COPY)
    return { score: NEAR_COPY_TARGET * profile, reference, anchored: false, nearCopy: true };
  const anchoredScore = reference * ANCHOR_MARGIN;
  return anchoredScore < AUTO_TARGET_SCORE
    ? { score: anchoredScore * profile, reference, anchored: true }
    : { score: AUTO_TARGET_SCORE * profile, reference, anchored: false };
}

/** The note's words for a target. */
export const targetWords = (t: Target) =>
  t.nearCopy
    ? ' This JPEG was already saved at a modest quality, so it was held to looking exactly like it: nothing more is lost.'
    : t.anchored
      ? ' This picture is easy to compress well, so it was held to look at least as good as a standard JPEG of it would.'
      : '';
