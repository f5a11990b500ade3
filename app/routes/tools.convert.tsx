import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { ConvertScreen } from '~/features/tools/convert-screen';
import { ToolPage } from '~/features/tools/tool-page';
import { pageMeta } from '~/lib/meta';

const LEAD =
  'Change image formats: JPEG, PNG, WebP, BMP and TIFF, one file or many. Or render a page of HTML to a picture.';

export const meta: MetaFunction = () => pageMeta('Convert', LEAD);

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Convert') };

export default function Route() {
  return (
    <ToolPage title="Convert" lead={LEAD}>
      <ConvertScreen />
    </ToolPage>
  );
}
