import type { ToolResult } from '../../../core/api/tools';
import { FailedFiles, type FailedFile } from './failed-files';
import { countOf, formatBytes, middleEllipsis } from './format';
import { ResultPicture } from './result-card';
import { btnPrimary, card } from './styles';

/** A file the batch processed: its place in the batch, its name and the server's answer. */
export interface BatchDone {
  index: number;
  name: string;
  result: ToolResult;
}

/** A file the server refused during the batch, with its reason. */
export type BatchFailure = FailedFile;

/** The batch's outcome: how many were processed, each failure with its reason, the savings and Download All. */
export function BatchResults({
  done,
  failed,
  zipping,
  onDownloadAll,
}: {
  done: BatchDone[];
  failed: BatchFailure[];
  zipping: boolean;
  onDownloadAll: () => void;
}) {
  return (
    <section aria-label="Batch results" className={`${card} space-y-3`} data-testid="batch-results">
      <p className="font-semibold text-slate-900 dark:text-white">
        Successfully processed {done.length}/{countOf(done.length + failed.length, 'image')}
      </p>
      <FailedFiles failed={failed} testId="batch-failures" />
      <SavingsTable done={done} />
      {done.length ? (
        <button type="button" className={btnPrimary} disabled={zipping} onClick={onDownloadAll}>
          {zipping ? 'Preparing ZIP...' : 'Download All'}
        </button>
      ) : null}
    </section>
  );
}

/** Per file, TinyPNG style: before, after and what was saved (or added), with the total underneath. */
function SavingsTable({ done }: { done: BatchDone[] }) {
  const before = done.reduce((n, d) => n + d.result.originalSize, 0);
  const after = done.reduce((n, d) => n + d.result.size, 0);
  const saved = (from: number, to: number) => (from > 0 ? Math.round(((from - to) / from) * 100) : 0);
  const savedText = (from: number, to: number) => {
    const pct = saved(from, to);
    return pct >= 0 ? `−${pct}%` : `+${-pct}%`;
  };
  return (
    <div
      className="max-h-96 overflow-auto rounded-lg border border-slate-200 dark:border-slate-700"
      tabIndex={0}
      role="region"
      aria-label="Sizes before and after"
    >
      <table className="w-full text-left text-sm" data-testid="batch-savings">
        <thead className="sticky top-0 bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200">
          <tr>
            <th scope="col" className="px-1.5 py-1 sm:px-2">
              File
            </th>
            {/* On a phone a row's sizes go under its name: four columns left each too narrow for "5.73 KB". */}
            <th scope="col" className="hidden px-2 py-1 text-right sm:table-cell">
              Before
            </th>
            <th scope="col" className="hidden px-2 py-1 text-right sm:table-cell">
              After
            </th>
            <th scope="col" className="px-1.5 py-1 text-right sm:px-2">
              Saved
            </th>
          </tr>
        </thead>
        <tbody className="text-slate-800 dark:text-slate-100">
          {done.map((d) => (
            <tr key={d.index} className="border-t border-slate-200 dark:border-slate-700" data-testid="batch-row">
              <td className="px-1.5 py-1 sm:px-2">
                {/* The limit is on the box, not the cell: a table cell's max-width does not cap its width. */}
                <span className="flex max-w-[14rem] items-center gap-2 sm:max-w-[12rem]">
                  <ResultPicture result={d.result} alt="" quiet className="h-8 w-8 shrink-0 rounded object-cover" />
                  {/* Cut in the middle, so two phone photos' names stay apart; the box still clips a wide one. */}
                  <span className="min-w-0 truncate" title={d.name}>
                    {middleEllipsis(d.name, 20)}
                  </span>
                </span>
                <span className="block text-xs text-slate-600 dark:text-slate-300">
                  {d.result.width}×{d.result.height} · {d.result.format.toUpperCase()}
                </span>
                <span className="block text-xs tabular-nums text-slate-600 sm:hidden dark:text-slate-300">
                  {formatBytes(d.result.originalSize)} → {formatBytes(d.result.size)}
                </span>
              </td>
              <td className="hidden whitespace-nowrap px-2 py-1 text-right tabular-nums sm:table-cell">
                {formatBytes(d.result.originalSize)}
              </td>
              <td className="hidden whitespace-nowrap px-2 py-1 text-right tabular-nums sm:table-cell">
                {formatBytes(d.result.size)}
              </td>
              <td className="px-1.5 py-1 text-right font-semibold tabular-nums sm:whitespace-nowrap sm:px-2">
                {savedText(d.result.originalSize, d.result.size)}
              </td>
            </tr>
          ))}
        </tbody>
        <tfoot className="border-t-2 border-slate-300 font-semibold text-slate-900 dark:border-slate-600 dark:text-white">
          <tr data-testid="batch-total">
            <th scope="row" className="px-1.5 py-1 sm:px-2">
              Total ({countOf(done.length, 'file')})
              <span className="block text-xs font-normal tabular-nums sm:hidden">
                {formatBytes(before)} → {formatBytes(after)}
              </span>
            </th>
            <td className="hidden whitespace-nowrap px-2 py-1 text-right tabular-nums sm:table-cell">
              {formatBytes(before)}
            </td>
            <td className="hidden whitespace-nowrap px-2 py-1 text-right tabular-nums sm:table-cell">
              {formatBytes(after)}
            </td>
            <td className="px-1.5 py-1 text-right tabular-nums sm:whitespace-nowrap sm:px-2">
              {savedText(before, after)}
            </td>
          </tr>
        </tfoot>
      </table>
    </div>
  );
}
