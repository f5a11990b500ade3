import type { ReactNode } from 'react';
import {
  logoSize,
  markPlace,
  watermarkLayout,
  watermarkStrip,
  watermarkTiles,
} from '../../../core/tools/watermark-options';
import type { Size } from './crop-math';
import type { WatermarkSettings } from './watermark-settings';

// The Watermark tab's live preview: the marks drawn in an SVG over the picture, where and as the server will draw them.

/** The width and height of a line of text as the server's bundled bold font draws it, measured in this browser. */
function measureText(text: string, fontPx: number): Size {
  const context = typeof document === 'undefined' ? null : document.createElement('canvas').getContext('2d');
  if (!context) return { width: Math.round(text.length * fontPx * 0.6), height: fontPx };
  context.font = `700 ${fontPx}px 'Noto Sans', sans-serif`;
  const m = context.measureText(text);
  return {
    width: Math.max(1, Math.ceil(m.width)),
    height: Math.max(1, Math.ceil(m.actualBoundingBoxAscent + m.actualBoundingBoxDescent)),
  };
}

/**
 * The picture with the watermark drawn where the server will draw it (core/tools/watermark.ts's geometry, the same
 * font family): text at a corner, the logo at its size, or either tiled in the server's rows.
 */
export function WatermarkPreview({ src, natural, s }: { src: string; natural: Size; s: WatermarkSettings }) {
  const picture = { width: natural.width || 1, height: natural.height || 1 };
  const text = s.text.trim();
  const fill = { fill: s.color, fillOpacity: s.opacity / 100 };
  let marks: ReactNode = null;
  if (natural.width && s.mark === 'logo' && s.logo) {
    const box = logoSize(picture.width, s.size, s.logo.size);
    const image = (x: number, y: number, key?: string) => (
      <image
        key={key}
        href={s.logo!.url}
        x={x}
        y={y}
        width={box.width}
        height={box.height}
        opacity={s.opacity / 100}
        preserveAspectRatio="none"
      />
    );
    if (s.tiled)
      marks = watermarkTiles(picture, box).rows.flatMap((r) => r.xs.map((x) => image(x, r.y, `${x}:${r.y}`)));
    else {
      const at = markPlace(picture, box, s.position);
      marks = image(at.x, at.y);
    }
  } else if (natural.width && text && s.tiled) {
    const { fontPx } = watermarkStrip(picture.width, s.size, 'top-left');
    const box = measureText(text, fontPx);
    marks = watermarkTiles(picture, box).rows.flatMap((r) =>
      r.xs.map((x) => (
        <text
          key={`${x}:${r.y}`}
          x={x}
          y={r.y + Math.round(box.height * 0.8)}
          fontFamily="'Noto Sans', sans-serif"
          fontWeight={700}
          fontSize={fontPx}
          {...fill}
        >
          {text}
        </text>
      )),
    );
  } else if (natural.width && text) {
    const l = watermarkLayout(picture.width, picture.height, s.size, s.position);
    marks = (
      <text
        x={l.x}
        y={l.baseline}
        fontFamily="'Noto Sans', sans-serif"
        fontWeight={700}
        fontSize={l.fontPx}
        textAnchor={l.anchor}
        {...fill}
      >
        {text}
      </text>
    );
  }
  return (
    <div className="relative mx-auto w-full max-w-2xl" data-testid="watermark-preview">
      <img src={src} alt="Watermark preview" className="block w-full" />
      {marks ? (
        <svg
          aria-hidden="true"
          viewBox={`0 0 ${picture.width} ${picture.height}`}
          className="pointer-events-none absolute inset-0 h-full w-full"
          data-testid="watermark-marks"
        >
          {marks}
        </svg>
      ) : null}
    </div>
  );
}
