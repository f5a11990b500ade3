import { EXPORT_FORMATS, type ExportFormat } from '../../../../core/editor';
import { EXPORT_QUALITY, SHARE_MAX_BYTES, SHARE_MAX_SIDE } from '../../../../core/limits';
import type { ExportFile, ExportSession } from '../canvas/export-session';
import type { MotionSession } from '../canvas/motion-session';
import type { ExportSize, OutputSize } from '../model/export-plan';
import {
  durationSeconds,
  MOTION_FORMATS,
  MOTION_SHARE_BYTES,
  MOTION_SHARE_SIDE,
  type MotionFormat,
} from '../model/motion-plan';
import { saveToDashboard } from './download';

/** Every format a download can be: a still meme's three, an animated one's three. */
export type Format = ExportFormat | MotionFormat;

export const FORMAT_LABEL: Record<Format, string> = { png: 'PNG', jpg: 'JPG', webp: 'WebP', gif: 'GIF', mp4: 'MP4' };

/** A format's size in the dialog: estimated until the file exists, with a note (the quality it takes) or a warning. */
export interface FormatEstimate {
  bytes: number;
  exact: boolean;
  note: string | null;
  warning: string | null;
}

type Progress = (done: number, total: number) => void;

/**
 * What the one export dialog (export-dialog.tsx, ADR 0184) offers over either session: a still meme's
 * (canvas/export-session.ts) or an animated one's (canvas/motion-session.ts). The words, hints and rules that
 * differ between the two live here, so the dialog and its options panel have one shape.
 */
export interface ExportSource {
  /** Counted in frames while a file is made; null for a still meme. */
  frames: number | null;
  sizes: Record<ExportSize, OutputSize>;
  oneSize: boolean;
  description: string;
  /** The formats in the order shown, each with its hint; `sure` ones are offered before the browser is asked. */
  formats: readonly { format: Format; hint: string; sure: boolean }[];
  sizeHints: { share: string; original: string };
  oneSizeNote: string;
  /** Notes under the formats: what is not offered here, and how the sizes are known. */
  notes: (offered: readonly Format[]) => string[];
  initialFormat: () => Format;
  /** Save to dashboard (a premium member's; a still meme only), or null. */
  save: ((blob: Blob, name: string, format: Format) => Promise<void>) | null;
  offered: (size: ExportSize) => Promise<Format[]>;
  /** The order sizes are measured in: a still meme's chosen format first; an animation's GIF first. */
  estimateOrder: (chosen: Format, offered: readonly Format[]) => Format[];
  estimate: (size: ExportSize, format: Format, dither: boolean, signal: AbortSignal) => Promise<FormatEstimate>;
  file: (
    size: ExportSize,
    format: Format,
    dither: boolean,
    progress: Progress,
    signal: AbortSignal,
  ) => Promise<ExportFile>;
  /** The file a share link uploads (ADR 0139, 0142). */
  share: (format: Format, dither: boolean, progress: Progress, signal: AbortSignal) => Promise<Blob>;
  /** After a download or a save: the format is offered first next time (a still meme's only). */
  remember: (format: Format) => void;
  dispose: () => void;
}

const FORMAT_KEY = 'memeforge.exportFormat';
const NOT_ANIMATED = 'The file is made on your device; a download sends nothing to our servers.';
const isStill = (f: Format): f is ExportFormat => (EXPORT_FORMATS as readonly string[]).includes(f);
const still = (f: Format): ExportFormat => (isStill(f) ? f : 'jpg');

const STILL_HINT: Record<ExportFormat, string> = {
  png: 'Lossless: crisp text and flat colours',
  jpg: 'Opens everywhere; best for photos',
  webp: 'Smaller still; modern browsers and apps',
};

export function stillSource(session: ExportSession): ExportSource {
  return {
    frames: null,
    sizes: session.sizes,
    oneSize: session.oneSize,
    description: NOT_ANIMATED,
    formats: EXPORT_FORMATS.map((format) => ({ format, hint: STILL_HINT[format], sure: true })),
    sizeHints: {
      share: `${SHARE_MAX_SIDE} px at most, under ${SHARE_MAX_BYTES / 1_000_000} MB for posting`,
      original: 'Every pixel of your picture',
    },
    oneSizeNote: ', trimmed to your meme.',
    notes: () => [],
    initialFormat: () => {
      const v = typeof localStorage === 'undefined' ? null : localStorage.getItem(FORMAT_KEY);
      return isStill(v as Format) ? (v as ExportFormat) : 'jpg';
    },
    save: (blob, name, format) => saveToDashboard(blob, name, still(format)),
    offered: async () => [...EXPORT_FORMATS],
    estimateOrder: (chosen, offered) => [chosen, ...offered.filter((f) => f !== chosen)],
    estimate: async (size, format, _dither, signal) => {
      const e = await session.estimate(size, still(format), signal);
      return {
        bytes: e.bytes,
        exact: e.exact,
        note: e.quality < EXPORT_QUALITY ? `quality ${Math.round(e.quality * 100)}` : null,
        warning: e.bytes > SHARE_MAX_BYTES ? `over ${SHARE_MAX_BYTES / 1_000_000} MB` : null,
      };
    },
    file: (size, format, _dither, _progress, signal) => session.file(size, still(format), signal),
    // A share's file: the share size in the chosen format; a PNG over a share's limit goes as JPG (ADR 0139).
    share: async (format, _dither, _progress, signal) => {
      const file = await session.file('share', still(format), signal);
      return file.blob.size > SHARE_MAX_BYTES ? (await session.file('share', 'jpg', signal)).blob : file.blob;
    },
    remember: (format) => localStorage.setItem(FORMAT_KEY, format),
    dispose: () => session.dispose(),
  };
}

const MOTION_HINT: Record<MotionFormat, string> = {
  gif: 'Animated; plays everywhere',
  webp: 'Animated; usually smaller for photos; modern browsers and apps',
  mp4: 'Video; the smallest, for apps that turn GIFs into video anyway',
};
const motion = (f: Format): MotionFormat =>
  (MOTION_FORMATS as readonly string[]).includes(f) ? (f as MotionFormat) : 'gif';

/**
 * An animated meme (docs/decisions/0138-animated-meme-export.md): GIF, WebP or MP4 (MP4 only where this browser can
 * encode it), dithering for GIF, made frame by frame; a share link sends the share-size GIF, or the WebP when that is
 * chosen (an MP4 is not a picture a page can show).
 */
export function motionSource(session: MotionSession): ExportSource {
  const frames = session.motion.frames.length;
  const seconds = String(Number(durationSeconds(session.motion.delays).toFixed(2)));
  return {
    frames,
    sizes: session.sizes,
    oneSize: session.oneSize,
    description: `Your meme moves: ${frames} frames, ${seconds} s. ${NOT_ANIMATED}`,
    formats: MOTION_FORMATS.map((format) => ({ format, hint: MOTION_HINT[format], sure: format !== 'mp4' })),
    sizeHints: {
      share: `${MOTION_SHARE_SIDE} px at most, under ${MOTION_SHARE_BYTES / 1_000_000} MB for messengers`,
      original: 'The animation’s own pixels',
    },
    oneSizeNote: '',
    notes: (offered) => [
      ...(offered.includes('mp4') ? [] : ['MP4 is not offered: this browser cannot encode video.']),
      'GIF and WebP sizes are estimated from a few frames; MP4’s is the video itself, made in the background.',
    ],
    initialFormat: () => 'gif',
    save: null,
    offered: async (size) => {
      const can = await Promise.all(MOTION_FORMATS.map((f) => session.supports(f, size)));
      return MOTION_FORMATS.filter((_, i) => can[i]);
    },
    estimateOrder: (_chosen, offered) => [...offered],
    estimate: async (size, format, dither, signal) => {
      const e = await session.estimate(size, motion(format), dither, signal);
      return { bytes: e.bytes, exact: e.exact, note: e.note, warning: null };
    },
    file: (size, format, dither, progress, signal) => session.file(size, motion(format), dither, progress, signal),
    share: async (format, dither, progress, signal) =>
      (await session.file('share', format === 'webp' ? 'webp' : 'gif', dither, progress, signal)).blob,
    remember: () => undefined,
    dispose: () => session.dispose(),
  };
}
