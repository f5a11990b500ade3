import { Link, useNavigate } from '@remix-run/react';
import { lazy, Suspense } from 'react';
import { editorHref } from '~/features/topic-memes/editor-href';
import { HeroUpload } from './hero-upload';
import { TemplateCarousel } from './template-carousel';
import { useImageUpload } from './use-image-upload';
import { usePasteImage } from './use-paste-image';
import { useStrayDropGuard } from './use-stray-drop-guard';

/** Loaded after the first paint, as the API client is (the home's first-load budget, bench/home-bundle.ts). */
const TopicMemes = lazy(() => import('~/features/topic-memes/topic-memes').then((m) => ({ default: m.TopicMemes })));

/**
 * The top of the home page: pitch, the upload drop zone (also fed by paste anywhere), "What's your meme about?" (three
 * memes from a topic, ADR 0173) and the popular templates.
 */
export function HeroSection() {
  const navigate = useNavigate();
  const { uploading, upload } = useImageUpload();
  usePasteImage(upload, !uploading);
  useStrayDropGuard();
  return (
    <section
      aria-labelledby="hero-heading"
      className="bg-gradient-to-b from-brand-50 to-white dark:from-slate-900 dark:to-slate-950"
    >
      <div className="mx-auto grid w-full max-w-6xl gap-10 px-4 pb-6 pt-12 sm:pt-16">
        <div className="mx-auto max-w-2xl text-center">
          <h1
            id="hero-heading"
            className="font-display text-4xl tracking-wide text-slate-900 dark:text-white sm:text-5xl"
          >
            Make memes in seconds
          </h1>
          <p className="mt-4 text-lg text-slate-700 dark:text-slate-300">
            Pick a template, upload a picture or generate one with AI. Free, no watermark, no sign-up.
          </p>
          <div className="mt-8">
            <HeroUpload uploading={uploading} onFile={upload} />
          </div>
          <p className="mt-4 text-sm text-slate-700 dark:text-slate-300">
            or{' '}
            <Link to="/meme-generator" className="font-semibold text-brand-700 underline dark:text-brand-400">
              open the Meme Generator
            </Link>{' '}
            with a blank canvas
          </p>
        </div>
        <div className="mx-auto w-full max-w-4xl rounded-xl border border-slate-200 bg-white/70 p-4 shadow-sm dark:border-slate-700 dark:bg-slate-900/70">
          <Suspense
            fallback={
              <p className="min-h-24 text-lg font-semibold text-slate-900 dark:text-white">
                What&apos;s your meme about?
              </p>
            }
          >
            <TopicMemes onUse={(c) => navigate(editorHref(c))} />
          </Suspense>
        </div>
        <TemplateCarousel />
      </div>
    </section>
  );
}
