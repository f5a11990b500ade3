import { useRef, useState, type PointerEvent } from 'react';

/** Before/after over the same frame: drag the divider, or focus it and use the arrow keys. */
export function CompareSlider({ before, after, label = 'Compare original and result' }: { before: string; after: string; label?: string }) {
  const [pos, setPos] = useState(50);
  const box = useRef<HTMLDivElement>(null);
  const dragging = useRef(false);
  const fromPointer = (e: PointerEvent) => {
    const r = box.current?.getBoundingClientRect();
    if (!r || r.width === 0) return;
    setPos(Math.round(Math.min(100, Math.max(0, ((e.clientX - r.left) / r.width) * 100))));
  };
  return (
    <div
      ref={box}
      className="relative w-full touch-none select-none overflow-hidden rounded-lg bg-[repeating-conic-gradient(#e2e8f0_0_25%,#fff_0_50%)] bg-[length:16px_16px] dark:bg-[repeating-conic-gradient(#334155_0_25%,#1e293b_0_50%)]"
      onPointerDown={(e) => {
        dragging.current = true;
        (e.target as Element).setPointerCapture?.(e.pointerId);
        fromPointer(e);
      }}
      onPointerMove={(e) => dragging.current && fromPointer(e)}
      onPointerUp={() => (dragging.current = false)}
      data-testid="compare-slider"
    >
      <img src={after} alt="Result" className="block max-h-96 w-full object-contain" draggable={false} />
      <img
        src={before}
        alt="Original"
        className="absolute inset-0 h-full w-full object-contain"
        style={{ clipPath: `inset(0 ${100 - pos}% 0 0)` }}
        draggable={false}
      />
      <div
        role="slider"
        tabIndex={0}
        aria-label={label}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={pos}
        aria-valuetext={`${pos}% original`}
        onKeyDown={(e) => {
          const step = e.shiftKey ? 10 : 2;
          if (e.key === 'ArrowLeft' || e.key === 'ArrowDown') setPos((p) => Math.max(0, p - step));
          else if (e.key === 'ArrowRight' || e.key === 'ArrowUp') setPos((p) => Math.min(100, p + step));
          else if (e.key === 'Home') setPos(0);
          else if (e.key === 'End') setPos(100);
          else return;
          e.preventDefault();
        }}
        className="absolute inset-y-0 w-1 -translate-x-1/2 cursor-ew-resize bg-white shadow focus:outline-none focus-visible:ring-4 focus-visible:ring-brand-700"
        style={{ left: `${pos}%` }}
      >
        <span aria-hidden="true" className="absolute top-1/2 left-1/2 grid h-8 w-8 -translate-x-1/2 -translate-y-1/2 place-items-center rounded-full bg-white text-xs font-bold text-slate-800 shadow">
          ⇆
        </span>
      </div>
      <span className="pointer-events-none absolute top-2 left-2 rounded bg-black/70 px-2 py-0.5 text-xs text-white">Before</span>
      <span className="pointer-events-none absolute top-2 right-2 rounded bg-black/70 px-2 py-0.5 text-xs text-white">After</span>
    </div>
  );
}
