import type { MetaFunction } from '@remix-run/cloudflare';
import { NotFound } from '~/components/layout/not-found';
import { pageMeta } from '~/lib/meta';

// Any path no other route matches: answered with HTTP 404 and the 404 page.
export function loader() {
  throw new Response('Not Found', { status: 404 });
}

export const meta: MetaFunction = () => pageMeta('Page not found', 'This page does not exist.');

export default function Route() {
  return <NotFound />;
}
