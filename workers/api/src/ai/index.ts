import { bindingPresent, notConfigured, pingLocal, type ServiceProbe } from '../service-health';
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

/**
 * How the health route asks the AI provider (ADR 0117): the offline service's `GET /health`; Workers AI's binding
 * only for presence (a model run is billed); the fake provider always works.
 */
export function aiProbe(env: Env): ServiceProbe {
  switch (env.AI_PROVIDER) {
    case 'cloudflare':
      return bindingPresent(Boolean(env.AI), 'Workers AI binding');
    case 'local':
      return env.LOCAL_AI_URL ? pingLocal(undefined, env.LOCAL_AI_URL, 'local AI service') : notConfigured('AI provider');
    case 'fake':
      return { provider: 'fake', check: async () => undefined };
    default:
      return notConfigured('AI provider');
  }
}

type CloudflareAi = { run(model: string, input: Record<string, unknown>): Promise<unknown> };
