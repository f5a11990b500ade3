import type { HtmlRenderOptions, RenderOutcome } from '../../../../core/tools/html';
import type { CaptureProblem } from '../../../../core/tools/html-capture';

/** Renders a page of HTML into a picture, keeping to the network rule of `renderMayLoad` (ADR 0104). */
export interface HtmlRenderer {
  readonly name: 'cloudflare' | 'local';
  render(options: HtmlRenderOptions): Promise<RenderOutcome>;
}

/** A renderer's expected failure, in words for people; the route turns it into the JSON error. */
export class RendererError extends Error {
  constructor(
    readonly status: 400 | 413 | 422 | 503,
    readonly code:
      | 'payload_too_large'
      | 'render_timeout'
      | 'render_failed'
      | 'renderer_busy'
      | 'renderer_unavailable'
      | CaptureProblem['code'],
    message: string,
  ) {
    super(message);
    this.name = 'RendererError';
  }
}

export const timeoutMessage = (ms: number) =>
  `The page took longer than ${ms / 1000} seconds to render, so we stopped it. Remove endless scripts or heavy content and try again.`;
