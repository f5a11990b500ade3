import type { AiProvider } from './provider';
import { unconfiguredProvider } from './unconfigured';

/** Picks the AI implementation named by `AI_PROVIDER`. Implementations are added by the AI work (issue 6). */
export function getAiProvider(env: Env): AiProvider {
  switch (env.AI_PROVIDER) {
    default:
      return unconfiguredProvider;
  }
}
