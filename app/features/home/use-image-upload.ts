import { useNavigate } from '@remix-run/react';
import { useCallback, useEffect, useRef, useState } from 'react';
import { ApiClientError } from '~/lib/api-client';
import { toast } from '~/lib/toast';
import { UPLOAD_REDIRECT_DELAY_MS } from '../../../core/limits';
import { editorUrlForImage, UPLOAD_FAILED_FALLBACK, UPLOAD_FAILED_TITLE, UPLOAD_SUCCESS } from './upload-checks';

/**
 * The hero upload: check the file (lib/file-intake, the server's rule and words, loaded on first use), POST it to
 * /api/upload, then hand the stored image to the editor.
 * One upload at a time; a second file while one is in flight is ignored.
 */
export function useImageUpload() {
  const navigate = useNavigate();
  const [uploading, setUploading] = useState(false);
  const busy = useRef(false);
  const redirectTimer = useRef<ReturnType<typeof setTimeout>>();

  useEffect(() => () => clearTimeout(redirectTimer.current), []);
  // Fetch the intake and the API client once the page has settled, so the first file is checked at once.
  useEffect(() => {
    const warm = () => void Promise.all([import('~/lib/file-intake'), import('~/lib/api/client')]).catch(() => {});
    const idle =
      typeof requestIdleCallback === 'function' ? requestIdleCallback(warm, { timeout: 2000 }) : setTimeout(warm, 1000);
    return () =>
      typeof cancelIdleCallback === 'function'
        ? cancelIdleCallback(idle as number)
        : clearTimeout(idle as ReturnType<typeof setTimeout>);
  }, []);

  const upload = useCallback(
    async (file: File | null) => {
      if (!file || busy.current) return;
      busy.current = true;
      // The header readers load when a file is chosen, not with the page (the home's first-load budget).
      const { inspectFile, toastRefused } = await import('~/lib/file-intake');
      const inspected = await inspectFile(file, { everyFrame: true });
      if (!inspected.ok) {
        busy.current = false;
        toastRefused([inspected]);
        return;
      }
      setUploading(true);
      try {
        const form = new FormData();
        form.append('image', file);
        const { api, call, multipart } = await import('~/lib/api/client');
        const { imageUrl } = await call(api.POST('/api/upload', { body: multipart(form) }));
        toast.success(UPLOAD_SUCCESS.title, UPLOAD_SUCCESS.description);
        // Stay "uploading" until we leave, so the zone cannot take a second file meanwhile.
        redirectTimer.current = setTimeout(
          () => navigate(editorUrlForImage(imageUrl, file.name)),
          UPLOAD_REDIRECT_DELAY_MS,
        );
      } catch (error) {
        busy.current = false;
        setUploading(false);
        toast.error(UPLOAD_FAILED_TITLE, uploadErrorText(error));
      }
    },
    [navigate],
  );

  return { uploading, upload };
}

/** The server's own sentence when it sent one (413/415 …); otherwise our fallback (docs/product.md §3.1). */
function uploadErrorText(error: unknown): string {
  if (error instanceof ApiClientError && error.serverMessage) return error.serverMessage;
  return UPLOAD_FAILED_FALLBACK;
}
