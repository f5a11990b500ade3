import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { ModifyTool } from '~/features/tools/modify-tool';
import { ToolPage } from '~/features/tools/tool-page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Modify', 'Resize, crop, rotate and flip images, one at a time or in batches.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Modify') };

export default function Route() {
  return (
    <ToolPage title="Modify" lead="Resize, crop, rotate and flip images, one at a time or in batches.">
      <ModifyTool />
    </ToolPage>
  );
}
