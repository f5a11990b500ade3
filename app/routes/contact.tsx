import type { MetaFunction } from '@remix-run/cloudflare';
import { Link, useSearchParams } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { ContactForm } from '~/features/contact/contact-form';
import { topicFrom } from '~/features/contact/contact-fields';
import { BILLING_NOTE, MEMBER_PLAN } from '~/features/pricing/plans';
import { pageMeta } from '~/lib/meta';
import { CONTACT_KEPT_DAYS } from '../../core/limits';
import { ABUSE_EMAIL, SUPPORT_EMAIL } from '../../core/site';

export const meta: MetaFunction = () =>
  pageMeta('Contact', 'Write to the people who run Memeforge: a question, a problem, Premium or billing.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Contact' }] };

const link = 'font-semibold text-brand-700 underline dark:text-brand-400';
const note = 'mb-6 rounded-lg bg-brand-50 p-4 text-slate-800 dark:bg-slate-900 dark:text-slate-100';

export default function Route() {
  const [params] = useSearchParams();
  const topic = topicFrom(params);
  // The pricing page's Premium button and the dashboard's billing link land here (no online billing yet).
  const subject = topic === 'premium' ? 'Premium' : topic === 'billing' ? 'Billing' : null;
  return (
    <Page title="Contact" lead="A question, a problem, Premium or billing: write to us here and we answer by e-mail.">
      {topic === 'premium' ? (
        <p className={note} data-testid="plan-note">
          Interested in {MEMBER_PLAN.name} ({MEMBER_PLAN.price} {MEMBER_PLAN.period})? Send us a message: support sets
          up your membership and sends you the access code that opens your dashboard.
        </p>
      ) : topic === 'billing' ? (
        <p className={note} data-testid="billing-note">
          {BILLING_NOTE} Write to us for a change, a cancellation or a copy of an invoice.
        </p>
      ) : null}
      <div className="grid gap-10 md:grid-cols-[minmax(0,1fr)_18rem]">
        <ContactForm initialTopic={topic} />
        <aside aria-label="Other ways to reach us" className="space-y-5 text-sm text-slate-700 dark:text-slate-200">
          <section>
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">Where your message goes</h2>
            <p className="mt-1">
              It is kept on our servers for the people who run the site to read; it is not e-mailed anywhere. We answer
              from our own mailbox, and delete the message after {CONTACT_KEPT_DAYS} days. The{' '}
              <Link to="/privacy" className={link}>
                privacy page
              </Link>{' '}
              says what else is kept.
            </p>
          </section>
          <section>
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">By e-mail</h2>
            <p className="mt-1">
              <a
                href={`mailto:${SUPPORT_EMAIL}${subject ? `?subject=${encodeURIComponent(subject)}` : ''}`}
                className={link}
              >
                {SUPPORT_EMAIL}
              </a>
            </p>
          </section>
          <section>
            <h2 className="text-base font-semibold text-slate-900 dark:text-white">Reports and take-downs</h2>
            <p className="mt-1">
              To report a shared meme or ask for something to be taken down, use Report this meme on its page, or write
              to{' '}
              <a href={`mailto:${ABUSE_EMAIL}`} className={link}>
                {ABUSE_EMAIL}
              </a>
              .
            </p>
          </section>
        </aside>
      </div>
    </Page>
  );
}
