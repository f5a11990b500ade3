import { useEffect, useState } from 'react';
import { api, call } from '~/lib/api/client';

/**
 * Whether this visitor has a premium session, asked once when the editor opens, so the export dialog can offer
 * Save to dashboard without a request of its own: a download must send nothing (ADR 0120). False until known and
 * when the question fails; the server decides again on the save itself.
 */
export function usePremium(): boolean {
  const [premium, setPremium] = useState(false);
  useEffect(() => {
    let live = true;
    call(api.GET('/api/session'))
      .then((s) => live && setPremium(s.premium))
      .catch(() => undefined);
    return () => {
      live = false;
    };
  }, []);
  return premium;
}
