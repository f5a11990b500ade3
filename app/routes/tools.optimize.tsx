import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { OptimizeTool } from '~/features/tools/optimize-tool';
import { ToolPage } from '~/features/tools/tool-page';
import { pageMeta } from '~/lib/meta';

export const meta: MetaFunction = () =>
  pageMeta('Optimize', 'Compress images, upscale them with AI, or remove the background.');

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Optimize') };

export default function Route() {
  return (
    <ToolPage title="Optimize" lead="Compress images, upscale them with AI, or remove the background.">
      <OptimizeTool />
    </ToolPage>
  );
}
