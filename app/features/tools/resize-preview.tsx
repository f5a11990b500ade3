import { coverCrop, type ResizeTarget } from '../../../core/tools/resize-options';
import type { CoverWindow } from '../../../core/tools/cover-framing';
import type { Size } from './crop-math';
import { useGreyThumb } from './use-grey-thumb';

// The Resize tab's preview of the result: the kept window over the photo for Fill, the result's shape otherwise.

/** The window the server kept in the last resize of this photo (the answer's `framing`) and the box it filled. */
export interface ServerFraming {
  window: CoverWindow;
  box: Size;
}

const OBJECT_FIT = { cover: 'cover', contain: 'contain', stretch: 'fill', inside: 'contain' } as const;

const FRAME_WORDS = {
  faces: 'The frame is where the server cropped: on the faces.',
  detail: 'The frame is where the server cropped: on the most detailed part.',
  centre: 'The frame is where the server cropped: the centre.',
} as const;

/**
 * Fill shows the whole photo with the part that is kept framed and the rest dimmed, so the person sees what is cut;
 * Fit and Stretch show the result's own shape. Keeping the subject, the frame is first the browser's estimate from
 * detail (faces are found by the server), then, once a resize of this box has run, the window the server kept.
 */
export function ResizePreview({
  target,
  natural,
  background,
  src,
  smart,
  framed,
}: {
  target: ResizeTarget;
  natural: Size;
  background: string;
  src: string;
  smart: boolean;
  framed?: ServerFraming;
}) {
  const thumb = useGreyThumb(src, smart && target.fit === 'cover');
  if (target.fit === 'cover') {
    const server =
      smart &&
      framed &&
      framed.box.width === target.width &&
      framed.box.height === target.height &&
      framed.window.by !== 'centre'
        ? framed.window
        : undefined;
    const kept = server ?? coverCrop(natural, target, smart ? thumb : undefined);
    const crops = kept.width < natural.width || kept.height < natural.height;
    const pct = (v: number, of: number) => `${(v / of) * 100}%`;
    const says = server
      ? FRAME_WORDS[server.by]
      : smart && crops
        ? 'The frame is an estimate from detail: faces, if any, are found when you resize, and the frame then shows where the server cropped.'
        : null;
    return (
      <div className="flex flex-col gap-1">
        <div
          data-testid="resize-preview"
          data-fit="cover"
          data-position={smart && (server || thumb) ? 'smart' : 'centre'}
          data-framing={server ? server.by : smart && thumb ? 'estimate' : 'centre'}
          className="relative w-fit shrink-0 overflow-hidden rounded border border-slate-300 dark:border-slate-600"
        >
          <img src={src} alt="" className="block max-h-40 max-w-[16rem]" />
          <div
            data-testid="resize-frame"
            aria-hidden="true"
            className="absolute outline outline-2 outline-white"
            style={{
              left: pct(kept.x, natural.width),
              top: pct(kept.y, natural.height),
              width: pct(kept.width, natural.width),
              height: pct(kept.height, natural.height),
              boxShadow: '0 0 0 100vmax rgb(15 23 42 / 0.6)',
            }}
          />
        </div>
        {says ? (
          <p className="max-w-[16rem] text-xs text-slate-600 dark:text-slate-400" data-testid="resize-frame-note">
            {says}
          </p>
        ) : null}
      </div>
    );
  }
  return (
    <div
      data-testid="resize-preview"
      data-fit={target.fit}
      className="relative max-h-40 w-32 shrink-0 overflow-hidden rounded border border-slate-300 dark:border-slate-600"
      style={{
        aspectRatio: `${target.width} / ${target.height}`,
        background: target.fit === 'contain' ? background : undefined,
      }}
    >
      <img src={src} alt="" className="h-full w-full" style={{ objectFit: OBJECT_FIT[target.fit] }} />
    </div>
  );
}
