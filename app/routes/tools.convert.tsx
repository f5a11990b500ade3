import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { ConvertTool } from '~/features/tools/convert-tool';
import { ToolPage } from '~/features/tools/tool-page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () => pageMeta('Convert', 'Change image formats: JPEG, PNG, WebP, BMP and TIFF, one file or many.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Convert') };

export default function Route() {
  return (
    <ToolPage title="Convert" lead="Change image formats: JPEG, PNG, WebP, BMP and TIFF, one file or many.">
      <ConvertTool />
    </ToolPage>
  );
}
