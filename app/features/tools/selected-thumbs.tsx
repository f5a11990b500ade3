import { useEffect, useState } from 'react';
import { previewFileUrl } from './browser-preview';

const MAX_THUMBS = 6;

/** The chosen files as thumbnails: the first six, then how many more. */
export function SelectedThumbs({ files }: { files: File[] }) {
  const thumbs = useThumbs(files);
  if (!files.length) return null;
  return (
    <ul className="grid grid-cols-3 gap-2 sm:grid-cols-6" aria-label="Selected files">
      {thumbs.map((t) => (
        <li key={t.url}>
          <img src={t.url} alt={t.name} className="h-16 w-full rounded bg-slate-100 object-cover dark:bg-slate-800" />
        </li>
      ))}
      {files.length > MAX_THUMBS ? (
        <li className="grid h-16 place-items-center rounded bg-slate-100 text-sm font-semibold text-slate-800 dark:bg-slate-800 dark:text-slate-100">
          +{files.length - MAX_THUMBS} more
        </li>
      ) : null}
    </ul>
  );
}

/** Previews of the first files, drawable whatever their format (a TIFF is decoded: browser-preview.ts). */
function useThumbs(files: File[]) {
  const [thumbs, setThumbs] = useState<{ name: string; url: string }[]>([]);
  useEffect(() => {
    let live = true;
    let made: string[] = [];
    void Promise.all(
      files.slice(0, MAX_THUMBS).map(async (f) => ({ name: f.name, url: await previewFileUrl(f) })),
    ).then((list) => {
      made = list.map((t) => t.url);
      if (live) setThumbs(list);
      else made.forEach((url) => URL.revokeObjectURL(url));
    });
    return () => {
      live = false;
      made.forEach((url) => URL.revokeObjectURL(url));
    };
  }, [files]);
  return thumbs;
}
