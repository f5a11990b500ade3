import { useCallback, useEffect, useState } from 'react';
import type { TemplatesResponse } from '../../../core/api/templates';

export type TemplatesState =
  | { status: 'loading' }
  | { status: 'error' }
  | { status: 'ready'; templates: TemplatesResponse['templates'] };

/** GET /api/templates once on mount; `retry` asks again after a failure. */
export function useTemplates() {
  const [state, setState] = useState<TemplatesState>({ status: 'loading' });
  const [attempt, setAttempt] = useState(0);

  useEffect(() => {
    const controller = new AbortController();
    setState({ status: 'loading' });
    // The client loads after the page (the home's first-load budget, bench/home-bundle.ts), then asks.
    import('~/lib/api/client')
      .then(({ api, call }) => call(api.GET('/api/templates', { signal: controller.signal })))
      .then((body) => setState({ status: 'ready', templates: Array.isArray(body.templates) ? body.templates : [] }))
      .catch(() => {
        if (!controller.signal.aborted) setState({ status: 'error' });
      });
    return () => controller.abort();
  }, [attempt]);

  const retry = useCallback(() => setAttempt((n) => n + 1), []);
  return { state, retry };
}
