import type { Bill } from '../../billed-calls';
import { bindingPresent, notConfigured, pingLocal, type ServiceProbe } from '../../service-health';
import { cloudflareImageService } from './cloudflare';
import { localImageService } from './local';
import { ImageServiceError, type ImageService } from './types';

/** 8791 is the background-removal program's (local-ai/background.ts). */
export const DEFAULT_LOCAL_IMAGE_URL = 'http://127.0.0.1:8792';

const unconfigured: ImageService = {
  name: 'local',
  run: async () => {
    throw new ImageServiceError(
      503,
      'Large images cannot be processed on this server: no image service is configured.',
    );
  },
};

/**
 * Picks the image service named by `IMAGE_SERVICE` (ADR 0123), like the AI provider: `cloudflare` in production,
 * `local` for the offline Node service. Tests bind the local service in-process as `LOCAL_IMAGES`. `bill` counts each
 * call as a billed transformation (ADR 0148): a request passes its own (`context.billed.bill`).
 */
export function getImageService(env: Env, bill: Bill): ImageService {
  switch (env.IMAGE_SERVICE) {
    case 'cloudflare':
      return cloudflareImageService(env.IMAGES, bill);
    case 'local': {
      // Only the test environment has this binding (test/env.d.ts), so it is not in the generated Env.
      const bound = (env as { LOCAL_IMAGES?: Fetcher }).LOCAL_IMAGES;
      return bound
        ? localImageService({ fetcher: bound, url: 'http://local-images', bill })
        : localImageService({ fetcher: undefined, url: env.LOCAL_IMAGE_URL || DEFAULT_LOCAL_IMAGE_URL, bill });
    }
    default:
      return unconfigured;
  }
}

/**
 * How the health route asks the image service (ADR 0117): the offline service's `GET /health`; the Images binding
 * only for presence, since any real call is a billed transformation.
 */
export function imageServiceProbe(env: Env): ServiceProbe {
  switch (env.IMAGE_SERVICE) {
    case 'cloudflare':
      return bindingPresent(typeof env.IMAGES?.info === 'function', 'Images binding');
    case 'local': {
      const bound = (env as { LOCAL_IMAGES?: Fetcher }).LOCAL_IMAGES;
      return bound
        ? pingLocal(bound, 'http://local-images', 'image service')
        : pingLocal(undefined, env.LOCAL_IMAGE_URL || DEFAULT_LOCAL_IMAGE_URL, 'image service');
    }
    default:
      return notConfigured('image service');
  }
}
