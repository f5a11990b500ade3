import type { MetaFunction } from '@remix-run/cloudflare';
import { toolCrumbs, type RouteHandle } from '~/components/layout/breadcrumbs';
import { ConvertScreen } from '~/features/tools/convert-screen';
import { ToolPage } from '~/features/tools/tool-page';
import { pageMeta } from '~/lib/meta';
import { FORMAT_NAMES, listOf } from '../../core/images/kinds';
import { OUTPUT_FORMATS } from '../../core/tools/convert-options';

// Named from the list the format menu offers, so a format added there is never missing here (AVIF once was).
const LEAD = `Change image formats: ${listOf(
  OUTPUT_FORMATS.map((f) => FORMAT_NAMES[f]),
  'and',
)}, one file or many. Or render a page of HTML to a picture.`;

export const meta: MetaFunction = () => pageMeta('Convert', LEAD);

export const handle: RouteHandle = { breadcrumb: toolCrumbs('Convert') };

export default function Route() {
  return (
    <ToolPage title="Convert" lead={LEAD}>
      <ConvertScreen />
    </ToolPage>
  );
}
