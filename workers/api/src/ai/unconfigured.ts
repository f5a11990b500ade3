import { HttpError } from '../errors';
import type { AiProvider } from './provider';

const notConfigured = async (): Promise<never> => {
  throw new HttpError(503, 'ai_not_configured', 'AI is not configured on this server. Please try again later.');
};

/** Answers every AI call with 503 at once: never a hang, never a crash. */
export const unconfiguredProvider: AiProvider = {
  name: 'none',
  generateImage: notConfigured,
  suggestCaptions: notConfigured,
  suggestMemes: notConfigured,
  removeBackground: notConfigured,
  upscale: notConfigured,
  detectFaces: notConfigured,
  detectPeople: notConfigured,
};
