import type { MetaFunction } from '@remix-run/cloudflare';
import { Link } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { FREE_DAILY_AI_LIMIT, IMAGE_TTL_SECONDS_DEFAULT } from '../../core/limits';
import { ABUSE_EMAIL, SITE_NAME } from '../../core/site';
import { SHARE_FREE_DAYS } from '../../core/api/share-links';

export const meta: MetaFunction = () =>
  pageMeta(
    'Terms of Service',
    'The terms of using Memeforge: what you may do, what is yours, shared links and take-downs.',
  );

export const handle: RouteHandle = { breadcrumb: [{ label: 'Terms' }] };

const link = 'font-semibold text-brand-700 underline dark:text-brand-400';
const h2 = 'mt-10 text-xl font-bold text-slate-900 dark:text-white';
const p = 'mt-3 text-slate-700 dark:text-slate-200';

/**
 * The terms, in plain words and no further than the product can back: what it does (docs/product.md), shared links and
 * their take-down (ADR 0139), the limits it enforces (§8), Premium through support (ADR 0070, 0159).
 */
export default function Route() {
  const minutes = IMAGE_TTL_SECONDS_DEFAULT / 60;
  return (
    <Page
      title="Terms of Service"
      lead={`By using ${SITE_NAME} you agree to these terms. They are short, and we mean them.`}
    >
      <h2 className={h2}>1. Use it responsibly</h2>
      <p className={p}>
        Do not upload, make or share anything illegal or harmful: content that harasses or threatens people, sexual
        content involving minors, material that breaks someone else&apos;s copyright or privacy, or pictures of people
        who have not agreed to them where that hurts them. Only upload pictures you have the right to use.
      </p>

      <h2 className={h2}>2. What you make is yours</h2>
      <p className={p}>
        We claim no rights in your pictures or in the memes you make. We process what you send only to give you your
        result: uploads and results are deleted after {minutes} minutes, and what you share or save is kept only as long
        as section 3 and the{' '}
        <Link to="/privacy" className={link}>
          privacy page
        </Link>{' '}
        say. Our built-in templates are drawings made for {SITE_NAME} and free for anyone to use (some include Fluent
        Emoji artwork under its own free licence); you answer for the pictures you add to them.
      </p>

      <h2 className={h2}>3. Shared links</h2>
      <p className={p}>
        A meme you share by link is public to anyone who has the link, for {SHARE_FREE_DAYS} days (a Premium
        member&apos;s until it is deleted). You can delete it at any time from its page, in the browser you shared it
        from.
      </p>

      <h2 className={h2}>4. Reports and take-downs</h2>
      <p className={p}>
        If a shared meme breaks these terms or the law, or uses your work without your permission, press Report this
        meme on its page, or write to{' '}
        <a href={`mailto:${ABUSE_EMAIL}`} className={link}>
          {ABUSE_EMAIL}
        </a>{' '}
        with its link and why it should go. Reports reach the people who run the site, who take down what breaks these
        terms: a taken-down link says &ldquo;This meme is gone&rdquo; and its picture is deleted.
      </p>

      <h2 className={h2}>5. Fair limits</h2>
      <p className={p}>
        Everyone has {FREE_DAILY_AI_LIMIT} AI operations a day, and every route has a limit on requests a minute, so one
        person cannot slow the service down for the rest. Programs use the{' '}
        <Link to="/developers" className={link}>
          API
        </Link>{' '}
        within the same limits, or with a Premium member&apos;s API key. We may refuse requests that try to get around
        these limits.
      </p>

      <h2 className={h2}>6. Premium</h2>
      <p className={p}>
        Premium is set up, changed and invoiced by our support team by e-mail; there is no online billing. What it
        includes is on the{' '}
        <Link to="/pricing" className={link}>
          pricing page
        </Link>
        .
      </p>

      <h2 className={h2}>7. No guarantees</h2>
      <p className={p}>
        We work to keep {SITE_NAME} running and correct, but it is provided as it is, without a promise that it will
        always be available or free of mistakes. Keep your own copy of anything that matters to you: uploads and results
        expire after {minutes} minutes.
      </p>

      <h2 className={h2}>8. Changes and questions</h2>
      <p className={p}>
        This page always shows the terms that apply. Questions about them:{' '}
        <Link to="/contact" className={link}>
          contact us
        </Link>
        .
      </p>
    </Page>
  );
}
