import { notBilled, type Bill, type PaidService } from '../billed-calls';
import { bindingPresent, notConfigured, pingLocal, type ServiceProbe } from '../service-health';
import { cloudflareProvider } from './cloudflare';
import { fakeProvider } from './fake';
import { localProvider } from './local';
import type { AiProvider } from './provider';
import { unconfiguredProvider } from './unconfigured';

/**
 * Picks the AI implementation named by `AI_PROVIDER` (ADR 0003): `cloudflare` in production, `local` for the
 * offline Node service, `fake` in Worker tests, anything else answers 503 at once. `bill` counts the billed calls
 * (ADR 0148): production's adapter at each call of Workers AI or the Images binding, the offline and test providers
 * once per operation, as production bills it (BILLED_AS); the unconfigured one makes none.
 */
export function getAiProvider(env: Env, bill: Bill): AiProvider {
  switch (env.AI_PROVIDER) {
    case 'cloudflare': {
      // The binding's run() is overloaded per model; the adapter validates every answer itself.
      const ai = env.AI as unknown as CloudflareAi | undefined;
      return ai
        ? cloudflareProvider({ AI: ai, IMAGES: env.IMAGES, AI_IMAGE_MODEL: env.AI_IMAGE_MODEL }, bill)
        : unconfiguredProvider;
    }
    case 'local':
      return env.LOCAL_AI_URL ? billedAsProduction(localProvider(env), bill) : unconfiguredProvider;
    case 'fake':
      return billedAsProduction(fakeProvider, bill);
    default:
      return unconfiguredProvider;
  }
}

/** The provider's name alone (the health route), with no call to count. */
export const aiProviderName = (env: Env) => getAiProvider(env, notBilled).name;

type Operations = Exclude<keyof AiProvider, 'name'>;

/**
 * What one operation costs in production (ai/cloudflare.ts): one Workers AI run, or one Images binding call for the
 * binding's AI features. A caption call that production repeats (its JSON mode failed once) counts once offline.
 */
export const BILLED_AS: Readonly<Record<Operations, PaidService>> = {
  generateImage: 'ai',
  suggestCaptions: 'ai',
  suggestMemes: 'ai',
  detectFaces: 'ai',
  detectPeople: 'ai',
  removeBackground: 'images',
  upscale: 'images',
};

/** An offline or test provider whose every operation is counted as production would bill it. */
function billedAsProduction(provider: AiProvider, bill: Bill): AiProvider {
  const billed = { name: provider.name } as Record<string, unknown>;
  for (const operation of Object.keys(BILLED_AS) as Operations[]) {
    const call = provider[operation] as (...args: unknown[]) => Promise<unknown>;
    billed[operation] = (...args: unknown[]) => {
      bill(BILLED_AS[operation]);
      return call.apply(provider, args);
    };
  }
  return billed as unknown as AiProvider;
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
      return env.LOCAL_AI_URL
        ? pingLocal(undefined, env.LOCAL_AI_URL, 'local AI service')
        : notConfigured('AI provider');
    case 'fake':
      return { provider: 'fake', check: async () => undefined };
    default:
      return notConfigured('AI provider');
  }
}

type CloudflareAi = { run(model: string, input: Record<string, unknown>): Promise<unknown> };
