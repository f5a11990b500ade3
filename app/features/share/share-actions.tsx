import { Link } from '@remix-run/react';
import { useEffect, useState } from 'react';
import type { Share } from '../../../core/api/shares';
import { sameOriginPath, shareFileName, shareIntents } from './share-intents';

export const button =
  'inline-flex items-center justify-center rounded-lg px-4 py-2 text-sm font-semibold focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 disabled:opacity-60';
export const primary = `${button} bg-brand-700 text-white hover:bg-brand-800`;
export const secondary = `${button} border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 dark:border-slate-600 dark:bg-slate-800 dark:text-slate-100 dark:hover:bg-slate-700`;
const chip =
  'inline-flex items-center rounded-full border border-slate-300 px-3 py-1.5 text-sm font-medium text-slate-800 hover:border-brand-700 hover:text-brand-800 focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-700 dark:border-slate-600 dark:text-slate-100 dark:hover:border-brand-400 dark:hover:text-white';

/** The editor, opened on the same template (or empty, for a meme made from a picture). */
const makeYourOwn = (share: Share) =>
  share.template ? `/meme-generator?template=${encodeURIComponent(share.template.id)}` : '/meme-generator';

/** The picture as a PNG, the one image type every browser's clipboard takes. */
async function asPng(url: string): Promise<Blob> {
  const blob = await (await fetch(url)).blob();
  if (blob.type === 'image/png') return blob;
  const bitmap = await createImageBitmap(blob);
  const canvas = document.createElement('canvas');
  canvas.width = bitmap.width;
  canvas.height = bitmap.height;
  canvas.getContext('2d')!.drawImage(bitmap, 0, 0);
  bitmap.close();
  return new Promise((resolve, reject) =>
    canvas.toBlob((b) => (b ? resolve(b) : reject(new Error('no PNG'))), 'image/png'),
  );
}

/**
 * What to do with a shared meme, first on the page: Copy link and Download, on a phone the system's share sheet and
 * on a computer Copy image, the networks' own share pages as plain links (share-intents.ts), and Make your own.
 */
export function ShareActions({ share, title }: { share: Share; title: string }) {
  const [phone, setPhone] = useState(false);
  const [said, setSaid] = useState('');

  // What the server cannot know: whether this is a touch device with a share sheet.
  useEffect(
    () => setPhone(typeof navigator.share === 'function' && window.matchMedia('(pointer: coarse)').matches),
    [],
  );

  useEffect(() => {
    if (!said) return;
    const timer = setTimeout(() => setSaid(''), 4000);
    return () => clearTimeout(timer);
  }, [said]);

  const shareSheet = async () => {
    try {
      await navigator.share({ title, url: share.url });
    } catch (e) {
      if (!(e instanceof DOMException && e.name === 'AbortError'))
        setSaid('Sharing did not work; copy the link instead.');
    }
  };
  const copyLink = async () => {
    try {
      await navigator.clipboard.writeText(share.url);
      setSaid('Link copied');
    } catch {
      setSaid(`Could not copy. The link is ${share.url}`);
    }
  };
  const copyImage = async () => {
    try {
      // The item gets a promise, so the copy still counts as the click's (Safari asks for that).
      await navigator.clipboard.write([new ClipboardItem({ 'image/png': asPng(share.imageUrl) })]);
      setSaid('Image copied');
    } catch {
      setSaid('This browser could not copy the image; copy the link, or use Download.');
    }
  };

  return (
    <section aria-label="Share this meme">
      <div className="grid grid-cols-2 gap-2">
        {phone ? (
          <button type="button" onClick={() => void shareSheet()} className={`${primary} col-span-2`}>
            Share…
          </button>
        ) : null}
        <button type="button" onClick={() => void copyLink()} className={phone ? secondary : primary}>
          Copy link
        </button>
        <a href={sameOriginPath(share.imageUrl)} download={shareFileName(share)} className={secondary}>
          Download
        </a>
        {phone ? null : (
          <button type="button" onClick={() => void copyImage()} className={`${secondary} col-span-2`}>
            Copy image
          </button>
        )}
      </div>
      <p role="status" className="mt-2 min-h-5 text-sm text-slate-700 dark:text-slate-200">
        {said}
      </p>
      <h2 className="mt-2 text-sm font-semibold text-slate-900 dark:text-white">Share on</h2>
      <ul className="mt-2 flex flex-wrap gap-2">
        {shareIntents(share.url, title).map((intent) => (
          <li key={intent.name}>
            {intent.href.startsWith('mailto:') ? (
              <a href={intent.href} aria-label={`Share by ${intent.name}`} className={chip}>
                {intent.name}
              </a>
            ) : (
              <a
                href={intent.href}
                target="_blank"
                rel="noopener noreferrer"
                aria-label={`Share on ${intent.name} (opens in a new tab)`}
                className={chip}
              >
                {intent.name}
              </a>
            )}
          </li>
        ))}
      </ul>
      <Link to={makeYourOwn(share)} className={`${secondary} mt-4 w-full`}>
        Make your own{share.template ? ` ${share.template.name} meme` : ''}
      </Link>
    </section>
  );
}
