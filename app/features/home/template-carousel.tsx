import { Link } from '@remix-run/react';
import { useRef, type PointerEvent, type ReactNode } from 'react';
import type { Template } from '../../../core/api/templates';
import { CAROUSEL_PAGE_SIZE } from '../../../core/limits';
import { carouselPages, templateHref } from './carousel-model';
import { useCarousel } from './use-carousel';
import { useTemplates } from './use-templates';

const arrow =
  'grid h-9 w-9 place-items-center rounded-full border border-slate-300 bg-white text-slate-800 hover:border-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-600 dark:bg-slate-900 dark:text-slate-100';

/** Popular templates, 8 at a time. Loading shows 8 grey tiles; an empty catalog shows nothing at all. */
export function TemplateCarousel() {
  const { state, retry } = useTemplates();

  if (state.status === 'loading') {
    return (
      <CarouselFrame>
        <p role="status" className="sr-only">
          Loading popular templates…
        </p>
        <ul aria-hidden="true" className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-8">
          {Array.from({ length: CAROUSEL_PAGE_SIZE }, (_, i) => (
            <li
              key={i}
              data-testid="carousel-placeholder"
              className="aspect-square animate-pulse rounded-xl bg-slate-200 motion-reduce:animate-none dark:bg-slate-800"
            />
          ))}
        </ul>
      </CarouselFrame>
    );
  }
  if (state.status === 'error') {
    return (
      <CarouselFrame>
        <p className="text-sm text-slate-600 dark:text-slate-300">
          Templates could not be loaded right now.{' '}
          <button type="button" onClick={retry} className="font-semibold text-brand-700 underline dark:text-brand-400">
            Try again
          </button>
        </p>
      </CarouselFrame>
    );
  }
  const pages = carouselPages(state.templates);
  if (pages.length === 0) return null;
  return <CarouselPages pages={pages} />;
}

function CarouselFrame({ children }: { children: ReactNode }) {
  return (
    <section aria-labelledby="carousel-heading" className="w-full">
      <h2 id="carousel-heading" className="mb-4 text-left text-xl font-bold text-slate-900 dark:text-white">
        Popular templates
      </h2>
      {children}
    </section>
  );
}

/** A horizontal swipe of at least this many CSS pixels turns the page (and is not a tap on a tile). */
const SWIPE_PX = 40;

function CarouselPages({ pages }: { pages: Template[][] }) {
  const { page, goTo, autoAdvancing } = useCarousel(pages.length);
  const current = pages[page] ?? [];
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const onPointerDown = (e: PointerEvent) => {
    start.current = { x: e.clientX, y: e.clientY };
    swiped.current = false;
  };
  const onPointerUp = (e: PointerEvent) => {
    const from = start.current;
    start.current = null;
    if (!from || pages.length < 2) return;
    const dx = e.clientX - from.x;
    if (Math.abs(dx) < SWIPE_PX || Math.abs(dx) < Math.abs(e.clientY - from.y)) return;
    swiped.current = true;
    goTo(dx < 0 ? page + 1 : page - 1);
  };
  return (
    <CarouselFrame>
      <div
        role="group"
        aria-roledescription="carousel"
        aria-label="Popular templates"
        data-auto-advance={autoAdvancing}
        // Swipe left or right on touch screens (vertical scrolling stays the browser's); the swipe is not a click.
        className="touch-pan-y"
        onPointerDown={onPointerDown}
        onPointerUp={onPointerUp}
        onPointerCancel={() => (start.current = null)}
        onClickCapture={(e) => {
          if (swiped.current) {
            e.preventDefault();
            swiped.current = false;
          }
        }}
      >
        <ul
          aria-live={autoAdvancing ? 'off' : 'polite'}
          aria-label={`Page ${page + 1} of ${pages.length}`}
          className="grid grid-cols-4 gap-2 sm:gap-3 lg:grid-cols-8"
        >
          {current.map((template) => (
            <li key={template.id}>
              <Link
                to={templateHref(template)}
                data-testid="carousel-tile"
                className="group block overflow-hidden rounded-xl border border-slate-200 bg-white hover:border-brand-700 focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700 dark:border-slate-700 dark:bg-slate-900 dark:hover:border-brand-400"
              >
                <img
                  src={template.imageUrl}
                  alt=""
                  loading="lazy"
                  decoding="async"
                  className="aspect-square w-full bg-slate-100 object-contain dark:bg-slate-800"
                />
                {/* Two lines, so a name is read whole on a phone's narrow tiles. The padding is outside the clamped
                    box: a clamped box clips at its padding edge, and a third line would show in its padding. */}
                <span className="block px-1.5 py-1 sm:px-2" title={template.name}>
                  <span className="line-clamp-2 min-h-[2.5em] break-words text-xs font-medium leading-tight text-slate-800 sm:text-sm dark:text-slate-100">
                    {template.name}
                  </span>
                </span>
              </Link>
            </li>
          ))}
        </ul>
        {pages.length > 1 ? (
          <div className="mt-4 flex items-center justify-center gap-3">
            <button type="button" aria-label="Previous templates" onClick={() => goTo(page - 1)} className={arrow}>
              <span aria-hidden="true">‹</span>
            </button>
            {pages.map((_, i) => (
              <button
                key={i}
                type="button"
                aria-label={`Show page ${i + 1}`}
                aria-current={i === page ? 'true' : undefined}
                onClick={() => goTo(i)}
                className="grid h-9 w-9 place-items-center rounded-full focus-visible:outline focus-visible:outline-2 focus-visible:outline-brand-700"
              >
                <span
                  aria-hidden="true"
                  className={`h-2.5 w-2.5 rounded-full ${i === page ? 'bg-brand-700 dark:bg-brand-400' : 'bg-slate-300 dark:bg-slate-600'}`}
                />
              </button>
            ))}
            <button type="button" aria-label="Next templates" onClick={() => goTo(page + 1)} className={arrow}>
              <span aria-hidden="true">›</span>
            </button>
          </div>
        ) : null}
      </div>
    </CarouselFrame>
  );
}
