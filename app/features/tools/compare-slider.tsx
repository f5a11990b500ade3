import { useEffect, useRef, useState, type KeyboardEvent, type PointerEvent } from 'react';
import { centred, dividerInPicture } from './compare-zoom';

const BACKDROP =
  'bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] dark:bg-[repeating-conic-gradient(#334155_0_25%,#1e293b_0_50%)]';

/**
 * Before/after over the same frame: drag the divider, or focus it and use the arrow keys. Given the result's `size`,
 * a "100%" button shows both pictures at that pixel size in a window that pans (scroll, or drag on a touch screen),
 * the divider staying where it is in the window; "Fit" goes back.
 */
export function CompareSlider({
  before,
  after,
  size,
  label = 'Compare original and result',
}: {
  before: string;
  after: string;
  size?: { width: number; height: number };
  label?: string;
}) {
  const [pos, setPos] = useState(50);
  const [actual, setActual] = useState(false);
  const [view, setView] = useState({ left: 0, width: 0 });
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const zoomed = actual && size !== undefined;
  const measure = () => box.current && setView({ left: box.current.scrollLeft, width: box.current.offsetWidth });
  useEffect(() => {
    const el = box.current;
    if (!zoomed || !el) return;
    // Opens on the middle of the picture, where there is most to inspect.
    el.scrollTo(centred(size.width, el.clientWidth), centred(size.height, el.clientHeight));
    measure();
    window.addEventListener('resize', measure);
    return () => window.removeEventListener('resize', measure);
  }, [zoomed, size?.width, size?.height]);
  const fromPointer = (e: PointerEvent) => {
    const r = box.current?.getBoundingClientRect();
    if (!r || r.width === 0) return;
    setPos(Math.round(Math.min(100, Math.max(0, ((e.clientX - r.left) / r.width) * 100))));
  };
  const onKey = (e: KeyboardEvent) => {
    const step = e.shiftKey ? 10 : 2;
    if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') setPos((p) => Math.max(0, p - step));
    else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') setPos((p) => Math.min(100, p + step));
    else if (e.key === 'Home') setPos(0);
    else if (e.key === 'End') setPos(100);
    else return;
    e.preventDefault();
  };
  // At 100% both pictures are laid at the result's pixel size from the same corner, so they stay aligned; the
  // original is cut where the divider stands in the window, in the picture's pixels.
  const cut = zoomed ? dividerInPicture(pos, view.left, view.width, size.width) : 0;
  const pixels = zoomed ? { width: size.width, height: size.height, maxWidth: 'none' } : undefined;
  const drag = {
    onPointerDown: (e: PointerEvent) => {
      dragging.current = true;
      (e.target as Element).setPointerCapture?.(e.pointerId);
      fromPointer(e);
    },
    onPointerMove: (e: PointerEvent) => dragging.current && fromPointer(e),
    onPointerUp: () => (dragging.current = false),
  };
  return (
    <div className="space-y-2">
      {size ? (
        <div className="flex justify-end">
          <button
            type="button"
            aria-pressed={zoomed}
            onClick={() => setActual((a) => !a)}
            className="rounded-lg border border-slate-300 px-3 py-1 text-sm font-medium text-slate-800 hover:bg-slate-100 focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-700 dark:border-slate-600 dark:text-slate-100 dark:hover:bg-slate-800"
            data-testid="compare-zoom"
          >
            {zoomed ? 'Fit' : '100%'}
            <span className="sr-only">{zoomed ? ': show the whole picture' : ': show actual pixels'}</span>
          </button>
        </div>
      ) : null}
      {/* Fit: a drag anywhere moves the divider. 100%: the window pans; the divider's handle is dragged. */}
      <div
        className={zoomed ? 'relative' : 'relative touch-none'}
        style={zoomed ? { maxWidth: size.width } : undefined}
        {...(zoomed ? {} : drag)}
      >
        <div
          ref={box}
          onScroll={measure}
          className={`relative w-full select-none rounded-lg ${BACKDROP} ${zoomed ? 'max-h-96 overflow-auto' : 'overflow-hidden'}`}
          data-testid="compare-slider"
        >
          <div className="relative" style={pixels}>
            <img
              src={after}
              alt="Result"
              className={zoomed ? 'block' : 'block max-h-96 w-full object-contain'}
              style={pixels}
              draggable={false}
            />
            <img
              src={before}
              alt="Original"
              className={zoomed ? 'absolute top-0 left-0' : 'absolute inset-0 h-full w-full object-contain'}
              style={
                zoomed
                  ? { ...pixels, clipPath: `inset(0 ${size.width - cut}px 0 0)` }
                  : { clipPath: `inset(0 ${100 - pos}% 0 0)` }
              }
              draggable={false}
            />
          </div>
        </div>
        <div
          role="slider"
          tabIndex={0}
          aria-label={label}
          aria-valuemin={0}
          aria-valuemax={100}
          aria-valuenow={pos}
          aria-valuetext={`${pos}% original`}
          onKeyDown={onKey}
          {...(zoomed ? drag : {})}
          className="absolute inset-y-0 w-1 -translate-x-1/2 cursor-ew-resize touch-none bg-white shadow focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-700"
          style={{ left: `${pos}%` }}
        >
          <span
            aria-hidden="true"
            className="absolute top-1/2 left-1/2 grid h-8 w-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white text-xs font-bold text-slate-800 shadow"
          >
            ⇆
          </span>
        </div>
        <span className="pointer-events-none absolute top-2 left-2 rounded bg-black/70 px-2 py-0.5 text-xs text-white">
          Before
        </span>
        <span className="pointer-events-none absolute top-2 right-2 rounded bg-black/70 px-2 py-0.5 text-xs text-white">
          After
        </span>
      </div>
    </div>
  );
}
