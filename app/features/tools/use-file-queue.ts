import { useCallback, useRef, useState } from 'react';
import type { ToolResult } from '../../../core/api/tools';
import type { ToolFields, ToolPath } from '~/lib/api/tool-fields';
import { failureText } from './api';
import { isCancelled } from './tool-job';
import { useToolJob } from './use-tool-job';

export interface QueueOutcome {
  done: { index: number; name: string; result: ToolResult }[];
  failed: { name: string; reason: string }[];
  /** The person pressed Cancel: the file running then and the rest were not processed. */
  cancelled: boolean;
}

/**
 * Several files through one tool route, one after another, each with its own upload and phases (ADR 0105): the
 * file being worked on, its job for the progress card, and Cancel, which stops the running file and the rest. A
 * file the server refuses is listed with its reason and the queue goes on.
 */
export function useFileQueue() {
  const { job, run, cancel: cancelJob } = useToolJob();
  const [current, setCurrent] = useState<{ index: number; total: number; name: string } | null>(null);
  const stopped = useRef(false);

  const runAll = useCallback(
    async <P extends ToolPath>(
      url: P,
      files: File[],
      // One set of fields for every file, or one per file (the batch's "Don't enlarge").
      fields: ToolFields<P> | ((index: number) => ToolFields<P>),
      fallback: string,
    ): Promise<QueueOutcome> => {
      stopped.current = false;
      const outcome: QueueOutcome = { done: [], failed: [], cancelled: false };
      for (const [i, file] of files.entries()) {
        if (stopped.current) break;
        setCurrent({ index: i, total: files.length, name: file.name });
        try {
          outcome.done.push({
            index: i + 1,
            name: file.name,
            result: await run(url, file, typeof fields === 'function' ? fields(i) : fields),
          });
        } catch (err) {
          if (isCancelled(err)) break;
          outcome.failed.push({ name: file.name, reason: failureText(err, fallback) });
        }
      }
      setCurrent(null);
      outcome.cancelled = stopped.current;
      return outcome;
    },
    [run],
  );

  const cancel = useCallback(() => {
    stopped.current = true;
    cancelJob();
  }, [cancelJob]);

  /** The progress card's line above the phase: "File 2 of 3: holiday.jpg". */
  const detail = current ? `File ${current.index + 1} of ${current.total}: ${current.name}` : undefined;
  return { job, busy: current !== null, detail, runAll, cancel };
}
