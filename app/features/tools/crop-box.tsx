import { useRef, type KeyboardEvent, type PointerEvent } from 'react';
import { moveBox, resizeBox, type Box, type Corner, type Size } from './crop-math';

const CORNERS: { id: Corner; label: string; pos: string; cursor: string }[] = [
  { id: 'nw', label: 'top-left', pos: 'left-0 top-0', cursor: 'cursor-nwse-resize' },
  { id: 'ne', label: 'top-right', pos: 'right-0 top-0', cursor: 'cursor-nesw-resize' },
  { id: 'sw', label: 'bottom-left', pos: 'left-0 bottom-0', cursor: 'cursor-nesw-resize' },
  { id: 'se', label: 'bottom-right', pos: 'right-0 bottom-0', cursor: 'cursor-nwse-resize' },
];

const ARROWS: Record<string, [number, number]> = {
  ArrowLeft: [-1, 0],
  ArrowRight: [1, 0],
  ArrowUp: [0, -1],
  ArrowDown: [0, 1],
};

interface Props {
  src: string;
  natural: Size;
  box: Box;
  ratio: number | null;
  onChange: (b: Box) => void;
  onLoad: (s: Size) => void;
}

/**
 * The interactive crop: drag inside the box to move it, drag a corner handle to resize it. With focus, arrow keys
 * nudge the box (or, on a handle, that corner) by 1 px, 10 px with Shift. All numbers are image pixels.
 */
export function CropBox({ src, natural, box, ratio, onChange, onLoad }: Props) {
  const frame = useRef<HTMLDivElement>(null);
  const drag = useRef<{ kind: 'move' | Corner; x: number; y: number; start: Box } | null>(null);
  const scale = () =>
    frame.current && natural.width ? frame.current.getBoundingClientRect().width / natural.width : 1;

  const begin = (kind: 'move' | Corner) => (e: PointerEvent) => {
    e.preventDefault();
    e.stopPropagation();
    (e.currentTarget as Element).setPointerCapture?.(e.pointerId);
    drag.current = { kind, x: e.clientX, y: e.clientY, start: box };
  };
  const onMove = (e: PointerEvent) => {
    const d = drag.current;
    if (!d) return;
    const s = scale();
    const dx = (e.clientX - d.x) / s;
    const dy = (e.clientY - d.y) / s;
    onChange(
      d.kind === 'move' ? moveBox(d.start, dx, dy, natural) : resizeBox(d.start, d.kind, dx, dy, natural, ratio),
    );
  };
  const end = () => (drag.current = null);

  const nudge = (kind: 'move' | Corner) => (e: KeyboardEvent) => {
    const dir = ARROWS[e.key];
    if (!dir) return;
    e.preventDefault();
    e.stopPropagation();
    const step = e.shiftKey ? 10 : 1;
    const [dx, dy] = [dir[0] * step, dir[1] * step];
    onChange(kind === 'move' ? moveBox(box, dx, dy, natural) : resizeBox(box, kind, dx, dy, natural, ratio));
  };

  const pct = (v: number, of: number) => `${(v / of) * 100}%`;
  const ready = natural.width > 0;

  return (
    <div
      ref={frame}
      className="relative mx-auto w-full max-w-2xl touch-none select-none overflow-hidden"
      onPointerMove={onMove}
      onPointerUp={end}
      onPointerCancel={end}
    >
      <img
        src={src}
        alt="Image to crop"
        draggable={false}
        className="block w-full"
        onLoad={(e) => onLoad({ width: e.currentTarget.naturalWidth, height: e.currentTarget.naturalHeight })}
      />
      {ready ? (
        <div
          role="group"
          tabIndex={0}
          aria-label={`Crop area ${box.width} by ${box.height} at ${box.x}, ${box.y}. Arrow keys move it, Shift for 10 pixels.`}
          data-testid="crop-area"
          onPointerDown={begin('move')}
          onKeyDown={nudge('move')}
          className="absolute cursor-move border-2 border-white shadow-[0_0_0_9999px_rgba(0,0,0,0.5)] outline-none ring-brand-600 focus-visible:ring-4"
          style={{
            left: pct(box.x, natural.width),
            top: pct(box.y, natural.height),
            width: pct(box.width, natural.width),
            height: pct(box.height, natural.height),
          }}
        >
          {CORNERS.map((c) => (
            <button
              key={c.id}
              type="button"
              aria-label={`Resize from ${c.label} corner`}
              data-testid={`crop-handle-${c.id}`}
              onPointerDown={begin(c.id)}
              onKeyDown={nudge(c.id)}
              className={`absolute h-5 w-5 rounded-sm border-2 border-brand-700 bg-white focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 ${c.pos} ${c.cursor}`}
            />
          ))}
        </div>
      ) : null}
    </div>
  );
}
