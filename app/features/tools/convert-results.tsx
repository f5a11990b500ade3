import { useState } from 'react';
import type { ToolResult } from '../../../core/api/tools';
import { toast } from '~/lib/toast';
import { countOf, formatBytes, resultName, uniqueNames, zipName } from './format';
import { DownloadLink, Notes, ResultCard } from './result-card';
import { btnPrimary, btnSecondary, muted } from './styles';
import { downloadZip } from './zip-download';

/** A file the server converted: the name it was chosen with and the server's answer. */
export interface Converted {
  originalName: string;
  result: ToolResult;
}

/** The converted files: one file's download, or each file's line and Download All as one ZIP. */
export function ConvertResults({ done, total }: { done: Converted[]; total: number }) {
  const fmt = done[0]!.result.format.toUpperCase();
  const [zipping, setZipping] = useState(false);
  const all = async () => {
    setZipping(true);
    try {
      const names = uniqueNames(done.map((d) => resultName(d.originalName, 'convert', d.result.format)));
      await downloadZip(
        done.map((d, i) => ({ name: names[i]!, url: d.result.imageUrl })),
        zipName(
          done.map((d) => d.originalName),
          'convert',
        ),
      );
      toast.success('Downloading...', `${done.length} files in one ZIP`);
    } catch {
      toast.error('Download failed', 'Some results have expired. Please convert the images again.');
    } finally {
      setZipping(false);
    }
  };
  return (
    <ResultCard title="Conversion Complete" frames={done.length === 1 ? done[0]!.result.frames : undefined}>
      <p className={muted}>
        {done.length} of {countOf(total, 'image')} converted.
      </p>
      {done.length === 1 ? <Notes notes={done[0]!.result.notes} /> : null}
      {done.length === 1 ? (
        <DownloadLink
          imageUrl={done[0]!.result.imageUrl}
          name={resultName(done[0]!.originalName, 'convert', done[0]!.result.format)}
          label={`Download ${fmt}`}
        />
      ) : (
        <>
          <button type="button" className={btnPrimary} disabled={zipping} onClick={all}>
            {zipping ? 'Preparing ZIP...' : `Download All (${done.length} files)`}
          </button>
          <h3 className="font-semibold text-slate-900 dark:text-white">Converted Files ({done.length})</h3>
          <ul className="grid gap-2 sm:grid-cols-2" data-testid="converted-files">
            {done.map((d) => {
              const name = resultName(d.originalName, 'convert', d.result.format);
              return (
                <li
                  key={d.result.imageUrl}
                  className="flex items-center gap-2 rounded-lg border border-slate-200 p-2 dark:border-slate-700"
                  data-testid="converted-file"
                >
                  <div className="min-w-0 flex-1">
                    <p className="truncate text-sm font-medium text-slate-900 dark:text-white">{name}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      <span className="rounded bg-slate-200 px-1 font-semibold text-slate-800 dark:bg-slate-700 dark:text-slate-100">
                        {d.result.format.toUpperCase()}
                      </span>{' '}
                      <span data-testid="converted-size">{formatBytes(d.result.size)}</span>
                      {d.result.frames && d.result.frames > 1 ? (
                        <span data-testid="converted-frames">, {d.result.frames} frames, animated</span>
                      ) : null}
                    </p>
                    <Notes notes={d.result.notes} className="text-xs text-slate-600 dark:text-slate-400" />
                  </div>
                  <DownloadLink imageUrl={d.result.imageUrl} name={name} label="Download" className={btnSecondary} />
                </li>
              );
            })}
          </ul>
        </>
      )}
    </ResultCard>
  );
}
