import type { Bill } from '../billed-calls';
import { bindingPresent, notConfigured, pingLocal, type ServiceProbe } from '../service-health';
import { cloudflareRenderer } from './cloudflare';
import { localRenderer } from './local';
import { RendererError, type HtmlRenderer } from './types';

/** 8790 local AI, 8791 background removal, 8792 local images. */
export const DEFAULT_LOCAL_RENDER_URL = 'http://127.0.0.1:8793';

const unconfigured: HtmlRenderer = {
  name: 'local',
  render: async () => {
    throw new RendererError(
      503,
      'renderer_unavailable',
      'HTML to image is not available on this server: no renderer is configured.',
    );
  },
};

/**
 * Picks the HTML renderer named by `HTML_RENDERER` (ADR 0104), like the AI provider and the image service:
 * `cloudflare` is Browser Rendering through the `BROWSER` binding (production), `local` the offline Chromium service.
 * Tests bind the local service in-process as `LOCAL_RENDER`. `bill` counts each page rendered as one Browser
 * Rendering session (ADR 0148), offline too; the unconfigured renderer makes none.
 */
export function getHtmlRenderer(env: Env, bill: Bill): HtmlRenderer {
  switch (env.HTML_RENDERER) {
    case 'cloudflare':
      return env.BROWSER ? billedPerPage(cloudflareRenderer(env.BROWSER), bill) : unconfigured;
    case 'local': {
      // Only the test environment has this binding (test/env.d.ts), so it is not in the generated Env.
      const bound = (env as { LOCAL_RENDER?: Fetcher }).LOCAL_RENDER;
      const renderer = bound
        ? localRenderer({ fetcher: bound, url: 'http://local-render' })
        : localRenderer({ fetcher: undefined, url: env.LOCAL_RENDER_URL || DEFAULT_LOCAL_RENDER_URL });
      return billedPerPage(renderer, bill);
    }
    default:
      return unconfigured;
  }
}

/**
 * A page is one billed Browser Rendering session's use (a session is joined or launched for it and kept warm a minute,
 * render/cloudflare.ts); its browser time is the price, so the count is of pages, each a few seconds at most.
 */
const billedPerPage = (renderer: HtmlRenderer, bill: Bill): HtmlRenderer => ({
  name: renderer.name,
  render: (options) => {
    bill('browser');
    return renderer.render(options);
  },
});

/** How the health route asks the renderer (ADR 0117): the offline one's `GET /health`; Browser Rendering's binding for presence. */
export function rendererProbe(env: Env): ServiceProbe {
  switch (env.HTML_RENDERER) {
    case 'cloudflare':
      return bindingPresent(Boolean(env.BROWSER), 'Browser Rendering binding');
    case 'local': {
      const bound = (env as { LOCAL_RENDER?: Fetcher }).LOCAL_RENDER;
      return bound
        ? pingLocal(bound, 'http://local-render', 'HTML renderer')
        : pingLocal(undefined, env.LOCAL_RENDER_URL || DEFAULT_LOCAL_RENDER_URL, 'HTML renderer');
    }
    default:
      return notConfigured('HTML renderer');
  }
}
