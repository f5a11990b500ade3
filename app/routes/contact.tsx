import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { Page } from '~/components/layout/page';
import { pageMeta } from '~/lib/meta';
import { SUPPORT_EMAIL } from '../../core/site';

export const meta: MetaFunction = () => pageMeta('Contact', 'How to reach Memeforge support.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Contact' }] };

export default function Route() {
  return (
    <Page title="Contact" lead="A contact form is on its way. Until then, write to us by e-mail.">
      <a href={`mailto:${SUPPORT_EMAIL}`} className="font-semibold text-brand-600 underline dark:text-brand-400">
        {SUPPORT_EMAIL}
      </a>
    </Page>
  );
}
