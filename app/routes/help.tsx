import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import type { ReactNode } from 'react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { SHARE_FREE_DAYS } from '../../core/api/share-links';
import {
  EXPORT_MAX_SIDE,
  FREE_DAILY_AI_LIMIT,
  IMAGE_TTL_SECONDS_DEFAULT,
  MAX_IMAGE_PIXELS,
  MAX_UPLOAD_MB,
} from '../../core/limits';

export const meta: MetaFunction = () =>
  pageMeta(
    'Help',
    'Answers to common questions: making, downloading and sharing memes, the image tools, the AI allowance and privacy.',
  );

export const handle: RouteHandle = { breadcrumb: [{ label: 'Help' }] };

const slug = (heading: string) => heading.toLowerCase().replace(/[^a-z]+/g, '-');
const link = 'font-semibold text-brand-700 underline dark:text-brand-400';

function To({ to, children }: { to: string; children: ReactNode }) {
  return (
    <Link to={to} className={link}>
      {children}
    </Link>
  );
}

/** Answers as the product behaves (docs/product.md), each pointing to the guide or screen that does the job. */
const TOPICS: { heading: string; questions: { q: string; a: ReactNode }[] }[] = [
  {
    heading: 'Making memes',
    questions: [
      {
        q: 'How do I make a meme?',
        a: (
          <>
            Open the <To to="/meme-generator">Meme Generator</To>, pick a template (or upload your picture, or describe
            one for the AI), type your captions in the boxes under the picture, and press Download Meme. The{' '}
            <To to="/how-to/meme-generator-guide">step-by-step guide</To> shows each step.
          </>
        ),
      },
      {
        q: 'I cannot find a famous meme.',
        a: 'Our templates are our own drawings, so a famous meme may go by another name: search for what happens in it, or browse them all. Or upload the picture you have in mind.',
      },
      {
        q: 'Which pictures can I upload?',
        a: `JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF and HEIC (an iPhone photo), up to ${MAX_UPLOAD_MB} MB and ${MAX_IMAGE_PIXELS / 1_000_000} megapixels. An animated GIF or WebP keeps moving. If a file is refused, the message says why: too large, damaged, or not a picture we read.`,
      },
    ],
  },
  {
    heading: 'Downloading and sharing',
    questions: [
      {
        q: 'Which format should I download?',
        a: (
          <>
            JPG opens everywhere and suits photos, PNG keeps text crisp, WebP is smaller still. The share size (at most
            2,048 px) fits every network; the original size goes up to {EXPORT_MAX_SIDE.toLocaleString('en-US')} px.
            Nothing is ever watermarked. More in <To to="/how-to/download-memes">How to download your memes</To>.
          </>
        ),
      },
      {
        q: 'How do I share a meme by link?',
        a: (
          <>
            In the Download dialog, press Share a link and copy the link it gives you. It works for {SHARE_FREE_DAYS}{' '}
            days, and the browser you shared it from can delete it from its page; your links are listed on the{' '}
            <To to="/dashboard">dashboard</To>. See <To to="/how-to/share-memes-online">How to share memes online</To>.
          </>
        ),
      },
    ],
  },
  {
    heading: 'Image tools and AI',
    questions: [
      {
        q: 'What can the image tools do?',
        a: (
          <>
            <To to="/tools/optimize">Optimize</To> compresses, upscales and removes backgrounds;{' '}
            <To to="/tools/modify">Modify</To> resizes, crops, rotates and works on many pictures at once;{' '}
            <To to="/tools/convert">Convert</To> changes formats and turns HTML into a picture;{' '}
            <To to="/tools/security">Security</To> adds watermarks, blurs faces and removes private metadata such as GPS
            location.
          </>
        ),
      },
      {
        q: 'How does the daily AI allowance work?',
        a: (
          <>
            You have {FREE_DAILY_AI_LIMIT} AI operations a day: generating a picture, upscaling, removing a background,
            and blurring faces, people or a background each use one. They come back at midnight UTC, and one that fails
            or is cancelled is given back. Caption ideas and the other tools never count. <To to="/pricing">Premium</To>{' '}
            has no daily cap.
          </>
        ),
      },
    ],
  },
  {
    heading: 'Privacy and your account',
    questions: [
      {
        q: 'What happens to my pictures?',
        a: (
          <>
            They are processed to make your result and deleted after {IMAGE_TTL_SECONDS_DEFAULT / 60} minutes; downloads
            from the editor are made in your browser. The <To to="/privacy">privacy page</To> lists everything that is
            kept.
          </>
        ),
      },
      {
        q: 'Do I need an account?',
        a: (
          <>
            No. Making memes and using the tools needs none, and downloads never carry a watermark. An account, if you
            want one, keeps your share links, saved memes, API keys and Premium on every device you sign in on: make it
            on <To to="/account">your account page</To> with a passkey (your device's fingerprint, face or PIN; no
            password, no e-mail) and keep the recovery code it shows once. To get Premium, ask on the{' '}
            <To to="/contact?plan=premium">contact page</To>.
          </>
        ),
      },
    ],
  },
];

export default function Route() {
  return (
    <Page
      title="Help"
      lead="Answers to the questions people ask most. Each points to the guide or the screen that does the job."
    >
      <div className="space-y-10">
        {TOPICS.map((topic) => (
          <section key={topic.heading} aria-labelledby={`help-${slug(topic.heading)}`}>
            <h2 id={`help-${slug(topic.heading)}`} className="text-xl font-bold text-slate-900 dark:text-white">
              {topic.heading}
            </h2>
            <dl className="mt-4 space-y-5">
              {topic.questions.map(({ q, a }) => (
                <div key={q}>
                  <dt className="font-semibold text-slate-900 dark:text-white">{q}</dt>
                  <dd className="mt-1 text-slate-700 dark:text-slate-200">{a}</dd>
                </div>
              ))}
            </dl>
          </section>
        ))}
        <section aria-labelledby="help-more" className="rounded-xl bg-brand-50 p-5 dark:bg-slate-900">
          <h2 id="help-more" className="text-lg font-bold text-slate-900 dark:text-white">
            Still stuck?
          </h2>
          <p className="mt-2 text-slate-700 dark:text-slate-200">
            The <To to="/tutorials">how-to guides</To> walk through every step, and the{' '}
            <To to="/pricing">pricing questions</To> cover plans and limits. Anything else:{' '}
            <To to="/contact">write to us</To>, and we answer by e-mail.
          </p>
        </section>
      </div>
    </Page>
  );
}
