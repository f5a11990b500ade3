import { useEffect, useState } from 'react';
import { greyThumb, THUMB_LONG_SIDE, type GreyThumb } from '../../../core/tools/salient-window';

/**
 * The grey copy the server's window search reads (core/tools/salient-window.ts), made here from the photo on a canvas
 * of the same size, so the Resize preview's frame shows the part the server will keep (to a pixel or so: the browser
 * scales the copy).
 */
export function useGreyThumb(src: string, wanted: boolean): GreyThumb | undefined {
  const [thumb, setThumb] = useState<{ src: string; thumb: GreyThumb }>();
  useEffect(() => {
    if (!wanted || thumb?.src === src) return;
    let live = true;
    const img = new Image();
    img.onload = () => {
      const scale = Math.min(1, THUMB_LONG_SIDE / Math.max(img.naturalWidth, img.naturalHeight));
      const canvas = document.createElement('canvas');
      canvas.width = Math.max(1, Math.round(img.naturalWidth * scale));
      canvas.height = Math.max(1, Math.round(img.naturalHeight * scale));
      const ctx = canvas.getContext('2d');
      if (!ctx || !live) return;
      ctx.drawImage(img, 0, 0, canvas.width, canvas.height);
      try {
        const data = ctx.getImageData(0, 0, canvas.width, canvas.height).data;
        setThumb({ src, thumb: greyThumb(data, canvas.width, canvas.height) });
      } catch {
        // A picture the page may not read (another origin): the frame stays centred; the server still finds the subject.
      }
    };
    img.src = src;
    return () => {
      live = false;
    };
  }, [src, wanted, thumb?.src]);
  return wanted && thumb?.src === src ? thumb.thumb : undefined;
}
