import type { MetaFunction } from '@remix-run/cloudflare';
import { useSearchParams } from '@remix-run/react';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { BILLING_NOTE, PLANS, TEAM_PLANS } from '~/features/pricing/plans';
import { pageMeta } from '~/lib/meta';
import { ABUSE_EMAIL, SUPPORT_EMAIL } from '../../core/site';

export const meta: MetaFunction = () => pageMeta('Contact', 'How to reach Memeforge support.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Contact' }] };

export default function Route() {
  const [params] = useSearchParams();
  // The paid-plan buttons of /pricing and the dashboard land here (no online billing yet): say which plan they asked
  // about; the dashboard's billing link says it is about billing.
  const plan = [...PLANS, ...TEAM_PLANS].find((p) => p.id === params.get('plan') && p.id !== 'free');
  const billing = params.get('topic') === 'billing';
  const topic = plan ? `${plan.name} plan` : billing ? 'Billing' : null;
  const subject = topic ? `?subject=${encodeURIComponent(topic)}` : '';
  return (
    <Page title="Contact" lead="A contact form is on its way. Until then, write to us by e-mail.">
      {plan ? (
        <p className="mb-4 rounded-lg bg-brand-50 p-4 text-slate-800 dark:bg-slate-900 dark:text-slate-100">
          Interested in the {plan.name} plan ({plan.price} {plan.period})?{' '}
          {plan.audience === 'team'
            ? 'E-mail us how many people will use it and we will set your team up.'
            : 'E-mail us and we will set you up with your 7-day free trial.'}
        </p>
      ) : billing ? (
        <p className="mb-4 rounded-lg bg-brand-50 p-4 text-slate-800 dark:bg-slate-900 dark:text-slate-100" data-testid="billing-note">
          {BILLING_NOTE} Write to us for a change of plan, a cancellation or a copy of an invoice.
        </p>
      ) : null}
      <p className="text-slate-700 dark:text-slate-200">
        Support:{' '}
        <a href={`mailto:${SUPPORT_EMAIL}${subject}`} className="font-semibold text-brand-700 underline dark:text-brand-400">
          {SUPPORT_EMAIL}
        </a>
      </p>
      <p className="mt-4 text-slate-700 dark:text-slate-200">
        To report a shared meme or ask for something to be taken down:{' '}
        <a href={`mailto:${ABUSE_EMAIL}`} className="font-semibold text-brand-700 underline dark:text-brand-400">
          {ABUSE_EMAIL}
        </a>
      </p>
    </Page>
  );
}
