import { useEffect, useState } from 'react';
import { needsDecoding, resultPreviewUrl } from './browser-preview';

/**
 * A URL an <img> can show for a stored result: its own address, or for a format the browser cannot draw (TIFF) a
 * decoded copy, undefined while it is being made.
 */
export function useDisplayable(imageUrl: string | undefined, format: string | undefined): string | undefined {
  const decode = imageUrl !== undefined && format !== undefined && needsDecoding(format);
  const [decoded, setDecoded] = useState<{ from: string; url: string } | null>(null);
  useEffect(() => {
    if (!decode || !imageUrl || !format) return;
    let made: string | null = null;
    let live = true;
    void resultPreviewUrl(imageUrl, format).then((url) => {
      if (!url) return;
      if (live) setDecoded({ from: imageUrl, url: (made = url) });
      else URL.revokeObjectURL(url);
    });
    return () => {
      live = false;
      if (made) URL.revokeObjectURL(made);
    };
  }, [decode, imageUrl, format]);
  if (!decode) return imageUrl;
  return decoded?.from === imageUrl ? decoded.url : undefined;
}
