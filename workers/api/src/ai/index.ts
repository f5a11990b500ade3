import { cloudflareProvider } from './cloudflare';
import { fakeProvider } from './fake';
import { localProvider } from './local';
import type { AiProvider } from './provider';
import { unconfiguredProvider } from './unconfigured';

/**
 * Picks the AI implementation named by `AI_PROVIDER` (ADR 0003): `cloudflare` in production, `local` for the
 * offline Node service, `fake` in Worker tests, anything else answers 503 at once.
 */
export function getAiProvider(env: Env): AiProvider {
  switch (env.AI_PROVIDER) {
    case 'cloudflare': {
      // The binding's run() is overloaded per model; the adapter validates every answer itself.
      const ai = env.AI as unknown as CloudflareAi | undefined;
      return ai ? cloudflareProvider({ AI: ai, IMAGES: env.IMAGES, AI_IMAGE_MODEL: env.AI_IMAGE_MODEL }) : unconfiguredProvider;
    }
    case 'local':
      return env.LOCAL_AI_URL ? localProvider(env) : unconfiguredProvider;
    case 'fake':
      return fakeProvider;
    default:
      return unconfiguredProvider;
  }
}

type CloudflareAi = { run(model: string, input: Record<string, unknown>): Promise<unknown> };
