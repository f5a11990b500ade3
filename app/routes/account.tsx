import type { MetaFunction } from '@remix-run/cloudflare';
import type { RouteHandle } from '~/components/layout/breadcrumbs';
import { AccountView } from '~/features/account/account-view';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Your Account', 'Sign in with a passkey to keep your memes, share links and keys on every device.');

export const handle: RouteHandle = { breadcrumb: [{ label: 'Account' }] };

export default function Route() {
  return <AccountView />;
}
