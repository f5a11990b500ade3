import { useRef, type ReactNode } from 'react';
import { toast } from '~/lib/toast';
import { downloadUrl, formatBytes } from './format';
import { btnPrimary } from './styles';
import { useDisplayable } from './use-displayable';
import { useFocusOnArrival } from './use-focus-on-arrival';

/**
 * A titled card for a finished result. `frames` is the answer's own (an animation that kept its frames, ADR 0137):
 * every tool screen's result says so here, once, and a still result (no `frames`, or one) says nothing.
 */
export function ResultCard({
  title,
  frames,
  warn = false,
  children,
}: {
  title: string;
  frames?: number;
  /** Headed in amber, not green: a result that is not what was asked (a missed target, a larger file). */
  warn?: boolean;
  children: ReactNode;
}) {
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that started the job was disabled while it ran, so focus fell to <body>: the result's heading takes it.
  useFocusOnArrival(heading, null);
  return (
    <section
      aria-label={title}
      className={`rounded-xl border bg-white p-4 dark:bg-slate-900 ${warn ? 'border-amber-300 dark:border-amber-800' : 'border-emerald-300 dark:border-emerald-800'}`}
      data-testid="result-card"
    >
      <h2
        ref={heading}
        tabIndex={-1}
        className={`text-lg font-semibold focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-700 ${warn ? 'text-amber-900 dark:text-amber-200' : 'text-emerald-800 dark:text-emerald-300'}`}
      >
        {title}
      </h2>
      <div className="mt-3 space-y-3">
        {frames && frames > 1 ? (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            Frames:{' '}
            <span className="font-medium text-slate-900 dark:text-white" data-testid="result-frames">
              {frames}, animated
            </span>
          </p>
        ) : null}
        {children}
      </div>
    </section>
  );
}

/** Label/value pairs; values carry test ids so tests can compare them with the downloaded file. */
export function Facts({ items }: { items: [label: string, value: string, testId?: string][] }) {
  return (
    <dl className="grid grid-cols-2 gap-x-4 gap-y-1 text-sm sm:grid-cols-4">
      {items.map(([label, value, id]) => (
        <div key={label}>
          <dt className="text-slate-600 dark:text-slate-400">{label}</dt>
          <dd className="font-medium text-slate-900 dark:text-white" data-testid={id}>
            {value}
          </dd>
        </div>
      ))}
    </dl>
  );
}

/** A picture result's size, file size and format, the facts every single-picture result shows (its frames: ResultCard). */
export function PictureFacts({ result }: { result: { width: number; height: number; size: number; format: string } }) {
  return (
    <Facts
      items={[
        ['Dimensions', `${result.width} × ${result.height}`, 'result-dimensions'],
        ['File size', formatBytes(result.size), 'new-size'],
        ['Format', result.format.toUpperCase(), 'result-format'],
      ]}
    />
  );
}

/** What the server said about the result (a first frame kept, a setting it could not apply); nothing when silent. */
export function Notes({
  notes,
  className = 'text-sm text-slate-600 dark:text-slate-400',
}: {
  notes: readonly string[];
  className?: string;
}) {
  return notes.length ? (
    <p className={className} data-testid="result-notes">
      {notes.join(' ')}
    </p>
  ) : null;
}

/** A link the server answers as an attachment with the result's download name (docs/product.md §5.1). */
export function DownloadLink({
  imageUrl,
  name,
  label,
  className = btnPrimary,
}: {
  imageUrl: string;
  name: string;
  label: string;
  className?: string;
}) {
  return (
    <a
      href={downloadUrl(imageUrl, name)}
      download={name}
      className={className}
      onClick={() => toast.success('Download started!', name)}
    >
      {label}
    </a>
  );
}

/** A stored result as a picture; a format the browser cannot draw (TIFF) is shown from a decoded copy. */
export function ResultPicture({
  result,
  alt,
  className,
  testId,
  quiet = false,
}: {
  result: { imageUrl: string; format: string };
  alt: string;
  className: string;
  testId?: string;
  quiet?: boolean;
}) {
  const src = useDisplayable(result.imageUrl, result.format);
  if (!src && quiet) return <span aria-hidden="true" className={className} />;
  if (!src) {
    return (
      <div
        role="status"
        className={`${className} grid min-h-32 place-items-center text-sm text-slate-600 dark:text-slate-400`}
      >
        Preparing a preview…
      </div>
    );
  }
  return <img src={src} alt={alt} className={className} data-testid={testId} />;
}
