import { FORMAT_NAMES, listOf } from '../../../core/images/kinds';
import {
  WATERMARK_COLOUR_DEFAULT,
  WATERMARK_LOGO_FORMATS,
  WATERMARK_OPACITY_DEFAULT,
  WATERMARK_SIZE,
  logoSize,
  watermarkStrip,
  type WatermarkPosition,
} from '../../../core/tools/watermark-options';
import type { Size } from './crop-math';
import type { ToolFields } from '~/lib/api/tool-fields';

// The Watermark tab's settings as plain data: their defaults, the job's fields, and why they cannot be applied yet.

/** The person's logo: the file sent as `logo`, a URL to draw it in the preview, and its upright size. */
export interface ChosenLogo {
  file: File;
  url: string;
  size: Size;
}

export interface WatermarkSettings {
  mark: 'text' | 'logo';
  /** Empty until the person types: their photo never carries our name (ADR 0163). */
  text: string;
  logo: ChosenLogo | null;
  tiled: boolean;
  position: WatermarkPosition;
  opacity: number;
  size: number;
  color: string;
}
export const defaultWatermark = (): WatermarkSettings => ({
  mark: 'text',
  text: '',
  logo: null,
  tiled: false,
  position: 'bottom-right',
  opacity: Math.round(WATERMARK_OPACITY_DEFAULT * 100),
  size: WATERMARK_SIZE.default,
  color: WATERMARK_COLOUR_DEFAULT,
});

/** The job's fields for these settings: the text or the logo file (exactly one), and the rest. */
export function watermarkFields(s: WatermarkSettings): ToolFields<'/api/security'> {
  const mark = s.mark === 'logo' && s.logo ? { logo: s.logo.file } : { text: s.text };
  return {
    operation: 'watermark',
    ...mark,
    position: s.position,
    opacity: s.opacity / 100,
    size: s.size,
    color: s.color,
    tiled: s.tiled,
  };
}

// Named from the formats the server takes, as the field's label does: it once said "a PNG" beside "PNG or WebP".
const CHOOSE_LOGO = `Choose a logo (a ${listOf(WATERMARK_LOGO_FORMATS.map((f) => FORMAT_NAMES[f]))}) first.`;

/** Why the settings cannot be applied yet, in the words of the server's rule; null when they can. */
export function notReady(s: WatermarkSettings): string | null {
  if (s.mark === 'logo') return s.logo ? null : CHOOSE_LOGO;
  if (!s.text.trim()) return 'Type the text of your watermark first.';
  return /^#[0-9a-fA-F]{6}$/.test(s.color) ? null : 'The colour must look like #ffffff.';
}

/**
 * The size slider's label: its number is measured on an 800 px wide picture (core/tools/watermark-options.ts), so
 * beside it the height the mark comes out on this picture, as the server draws it; "20px" read as 20 pixels.
 */
export function sizeWords(s: WatermarkSettings, pictureWidth: number | undefined): string {
  if (!pictureWidth) return `Size: ${s.size}`;
  const px =
    s.mark === 'logo' && s.logo
      ? logoSize(pictureWidth, s.size, s.logo.size).height
      : watermarkStrip(pictureWidth, s.size, s.position).fontPx;
  return `Size: ${s.size} (${px} px on this picture)`;
}
