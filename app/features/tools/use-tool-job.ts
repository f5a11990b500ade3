import { useCallback, useEffect, useRef, useState } from 'react';
import type { ToolResult } from '../../../core/api/tools';
import type { ToolFields, ToolPath } from '~/lib/api/tool-fields';
import { runToolJob, type JobView } from './tool-job';

export interface RunningJob {
  /** The operation's name, for the words of the processing phase. */
  operation: string;
  view: JobView;
}

/**
 * One tool job at a time with real progress (ADR 0105): `run` posts the picture and fields and follows the upload
 * and the server's phases; `cancel` aborts the request, so the server stops and refunds. `job` is null when idle.
 */
export function useToolJob() {
  const [job, setJob] = useState<RunningJob | null>(null);
  const controller = useRef<AbortController | null>(null);
  useEffect(() => () => controller.current?.abort(), []);

  const run = useCallback(
    async <P extends ToolPath>(url: P, file: File, fields: ToolFields<P>): Promise<ToolResult> => {
      controller.current?.abort();
      const abort = new AbortController();
      controller.current = abort;
      const operation = 'operation' in fields ? String(fields.operation) : '';
      const form = new FormData();
      form.set('image', file);
      // A second file (a watermark's logo) goes as a file part; every other field as text.
      for (const [k, v] of Object.entries(fields as Record<string, unknown>))
        if (v !== undefined) form.set(k, v instanceof Blob ? v : String(v));
      try {
        return await runToolJob(url, form, { signal: abort.signal, onView: (view) => setJob({ operation, view }) });
      } finally {
        if (controller.current === abort) {
          controller.current = null;
          setJob(null);
        }
      }
    },
    [],
  );

  const cancel = useCallback(() => controller.current?.abort(), []);
  return { job, busy: job !== null, run, cancel };
}
