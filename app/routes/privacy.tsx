import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { ACCOUNT_SESSION_TTL_SECONDS, IMAGE_TTL_SECONDS_DEFAULT, PREMIUM_SESSION_TTL_SECONDS } from '../../core/limits';
import { SUPPORT_EMAIL } from '../../core/site';
import { CONTACT_KEPT_DAYS } from '../../core/limits';
import { SHARE_FREE_DAYS } from '../../core/api/share-links';

export const meta: MetaFunction = () =>
  pageMeta('Privacy', 'How Memeforge handles your images and data: processed, then deleted; never sold.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Privacy' }] };

const link = 'font-semibold text-brand-700 underline dark:text-brand-400';
const h2 = 'mt-8 text-xl font-bold text-slate-900 dark:text-white';
const list = 'mt-3 list-disc space-y-3 pl-6 text-slate-700 dark:text-slate-200';

/** What is kept, where and for how long: each line is what the code does (docs/product.md §1, §6, §8; ADR 0109, 0158). */
export default function Route() {
  const minutes = IMAGE_TTL_SECONDS_DEFAULT / 60;
  return (
    <Page
      title="Privacy"
      lead={`Images you upload are only processed to produce your results, and are deleted automatically after ${minutes} minutes. We keep as little as the service needs, for as short a time as it needs it, and never sell any of it.`}
    >
      <ul className={list}>
        <li>
          You do not need an account. We do not ask for your name or e-mail to make memes or use the tools, nor to make
          an account.
        </li>
        <li>
          Uploads, tool results and AI images are kept only long enough for you to download them: they expire after{' '}
          {minutes} minutes and are then deleted.
        </li>
        <li>We never sell or share your images or data.</li>
      </ul>

      <h2 className={h2}>What is kept, and for how long</h2>
      <ul className={list}>
        <li>
          <strong>Your daily AI count.</strong> To hold the free allowance, a cookie holds a random visitor id, and the
          day&apos;s count of AI operations is kept for that id and for your network. The network is kept only as a code
          made from your address with a key that changes every day, never the address itself, and the counts are gone
          after the day.
        </li>
        <li>
          <strong>Shared memes.</strong> A meme you share by link is public to anyone with the link, without its
          metadata, for {SHARE_FREE_DAYS} days (a premium member&apos;s until deleted); the browser that shared it can
          delete it from its page at any time.
        </li>
        <li>
          <strong>Contact messages.</strong> When you write to us with the contact form, we keep your name (if you give
          one), your e-mail address, the topic and your message for {CONTACT_KEPT_DAYS} days so we can answer, and then
          delete them. Only the people who run the site read them; nothing about your network or browser is kept with
          them.
        </li>
        <li>
          <strong>Premium members.</strong> A sign-in lasts {PREMIUM_SESSION_TTL_SECONDS / 3600} hours. Saved memes are
          kept until the member deletes them, with daily counts of AI operations and downloads for the dashboard&apos;s
          figures. API keys are kept only as a code that cannot be turned back into the key.
        </li>
        <li>
          <strong>Accounts.</strong> An account keeps, for each passkey, its public key and where it was made (such as
          &quot;Chrome on Linux&quot;), and for each signed-in device the same words and when it signed in (a sign-in
          lasts {ACCOUNT_SESSION_TTL_SECONDS / 86_400} days); the recovery code only as a code that cannot be turned
          back. Delete my account removes everything the account kept, and Export my data gives you a copy first.
        </li>
        <li>
          <strong>Request logs.</strong> The hosting platform keeps logs of requests to the service for 7 days, which we
          use only to find faults.
        </li>
        <li>
          <strong>In your browser.</strong> Your dark-mode choice and the links you shared (with what deletes them) stay
          in your browser&apos;s storage, not on our servers; clearing the site&apos;s data removes them.
        </li>
      </ul>
      <p className="mt-8 text-slate-600 dark:text-slate-300">
        Questions, or a request about your data? Use the{' '}
        <Link to="/contact" className={link}>
          contact form
        </Link>{' '}
        or write to{' '}
        <a href={`mailto:${SUPPORT_EMAIL}`} className={link}>
          {SUPPORT_EMAIL}
        </a>
        .
      </p>
    </Page>
  );
}
