import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { IMAGE_TTL_SECONDS_DEFAULT } from '../../core/limits';
import { SUPPORT_EMAIL } from '../../core/site';
import { SHARE_FREE_DAYS } from '../../core/api/shares';

export const meta: MetaFunction = () => pageMeta('Privacy', 'How Memeforge handles your images and data: processed, then deleted; never sold.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Privacy' }] };

export default function Route() {
  const minutes = IMAGE_TTL_SECONDS_DEFAULT / 60;
  return (
    <Page
      title="Privacy"
      lead={`Images you upload are only processed to produce your results, and are deleted automatically after ${minutes} minutes. Personal data is not stored permanently and never sold.`}
    >
      <ul className="list-disc space-y-3 pl-6 text-slate-700 dark:text-slate-200">
        <li>You do not need an account. We do not ask for your name or e-mail to make memes or use the tools.</li>
        <li>
          Uploads, tool results and AI images are kept only long enough for you to download them: they expire after {minutes} minutes
          and are then deleted.
        </li>
        <li>To enforce the free daily AI allowance we keep a count of AI operations per visitor for the day, not what you made.</li>
        <li>Premium members&apos; saved memes are kept until the member deletes them.</li>
        <li>
          A meme you share by link is public to anyone with the link, without its metadata, for {SHARE_FREE_DAYS} days (a premium member&apos;s until
          deleted); the browser that shared it can delete it from its page at any time.
        </li>
        <li>We never sell or share your images or data.</li>
      </ul>
      <p className="mt-6 text-slate-600 dark:text-slate-300">
        Questions? Write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-700 underline dark:text-brand-400">
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </Page>
  );
}
