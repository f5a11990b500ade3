// User-facing messages shared by the API and the UI, in a module without zod so browser bundles stay small.

export const AI_LIMIT_MESSAGE = 'Daily AI limit reached! Upgrade to premium for unlimited access.';
