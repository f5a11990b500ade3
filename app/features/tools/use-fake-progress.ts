import { useCallback, useEffect, useRef, useState } from 'react';
import { nextFakeProgress } from './format';

/**
 * The spec's progress for single-image work: climbs `step` every `everyMs` up to 90 while the call runs, jumps to
 * 100 when it answers, then resets to 0 when processing ends.
 */
export function useFakeProgress() {
  const [progress, setProgress] = useState(0);
  const [busy, setBusy] = useState(false);
  const timer = useRef<ReturnType<typeof setInterval>>();
  const stop = () => clearInterval(timer.current);
  useEffect(() => stop, []);

  const run = useCallback(async <T,>(work: () => Promise<T>, step = 10, everyMs = 100): Promise<T> => {
    setBusy(true);
    setProgress(0);
    stop();
    timer.current = setInterval(() => setProgress((p) => nextFakeProgress(p, step)), everyMs);
    try {
      const out = await work();
      setProgress(100);
      return out;
    } finally {
      stop();
      setBusy(false);
      setProgress(0);
    }
  }, []);

  return { progress, busy, run, setProgress, setBusy };
}
