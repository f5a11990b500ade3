/**
 * What exiftool may still find in a file after privacy removal (ADR 0118): the file and its format's structure, the
 * picture's size, its orientation and its ICC colour profile. Anything else it finds is a leak. With "Remove
 * timestamps" unticked (the default) the capture dates may stay too.
 */
import type { ExiftoolTag } from './corpus';

const STRUCTURE: Record<string, RegExp> = {
  // The test machine's temporary copy: its name, folder, size, permissions and dates.
  System: /./,
  ExifTool: /^ExifToolVersion$/,
  // exiftool's reading of the format's own header (type, size, coding; a BMP's header fields). The JPEG comment
  // is the one free text it lists in this group.
  File: /^(?!Comment$)/,
  Composite: /^(ImageSize|Megapixels)$/,
  JFIF: /^(JFIFVersion|ResolutionUnit|XResolution|YResolution)$/,
  // APP14 "Adobe": whether the channels are YCbCr, RGB or CMYK (a decoder needs it).
  Adobe: /^(DCTEncodeVersion|APP14Flags0|APP14Flags1|ColorTransform)$/,
  IFD0: /^Orientation$/,
  PNG: /^(ImageWidth|ImageHeight|BitDepth|ColorType|Compression|Filter|Interlace|Gamma|Palette|SignificantBits|Transparency|BackgroundColor|WhitePointX|WhitePointY|RedX|RedY|GreenX|GreenY|BlueX|BlueY|SRGBRendering|ProfileName|AnimationFrames|AnimationPlays)$/,
  'PNG-pHYs': /^(PixelsPerUnitX|PixelsPerUnitY|PixelUnits)$/,
  GIF: /^(GIFVersion|ImageWidth|ImageHeight|HasColorMap|ColorResolutionDepth|BitsPerPixel|BackgroundColor|AnimationIterations|TransparentColor|FrameCount|Duration)$/,
  RIFF: /^(ImageWidth|ImageHeight|WebP_Flags|AlphaPreprocessing|AlphaFiltering|AlphaCompression|VP8Version|HorizontalScale|VerticalScale|BackgroundColor|AnimationLoopCount)$/,
};

/** A TIFF written by the engine's encoder (TIFF input is rewritten losslessly): its strips and what UTIF names itself. */
const TIFF_STRUCTURE =
  /^(ImageWidth|ImageHeight|BitsPerSample|Compression|PhotometricInterpretation|StripOffsets|SamplesPerPixel|RowsPerStrip|StripByteCounts|XResolution|YResolution|PlanarConfiguration|XPosition|YPosition|ResolutionUnit|ExtraSamples)$/;
const OUR_TIFF_WRITER = 'Photopea (UTIF.js)';

const DATES: Record<string, RegExp> = {
  IFD0: /^ModifyDate$/,
  ExifIFD:
    /^(DateTimeOriginal|CreateDate|OffsetTime|OffsetTimeOriginal|OffsetTimeDigitized|SubSecTime|SubSecTimeOriginal|SubSecTimeDigitized)$/,
  Composite: /^(SubSecDateTimeOriginal|SubSecCreateDate|SubSecModifyDate)$/,
  PNG: /^ModifyDate$/,
};

export interface AllowOptions {
  /** The capture dates were kept ("Remove timestamps" unticked). */
  dates?: boolean;
  /** The result is a TIFF the engine wrote. */
  tiff?: boolean;
}

export function allowed(t: ExiftoolTag, o: AllowOptions = {}): boolean {
  if (t.group.startsWith('ICC')) return true;
  if (STRUCTURE[t.group]?.test(t.tag)) return true;
  if (o.dates && DATES[t.group]?.test(t.tag)) return true;
  if (o.tiff && t.group === 'IFD0')
    return TIFF_STRUCTURE.test(t.tag) || (t.tag === 'Software' && t.value === OUR_TIFF_WRITER);
  return false;
}

/** The tags exiftool found that the allow-list does not name, as `[Group] Tag: value` (empty: nothing leaked). */
export const leaks = (tags: ExiftoolTag[], o: AllowOptions = {}) =>
  tags.filter((t) => !allowed(t, o)).map((t) => `[${t.group}] ${t.tag}: ${t.value}`);
