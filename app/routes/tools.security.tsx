import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { SecurityTool } from '~/features/tools/security-tool';
import { ToolPage } from '~/features/tools/tool-page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Security', 'Watermark images, blur private areas, and remove hidden metadata such as GPS.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Security') };

export default function Route() {
  return (
    <ToolPage title="Security" lead="Watermark images, blur private areas, and remove hidden metadata such as GPS.">
      <SecurityTool />
    </ToolPage>
  );
}
