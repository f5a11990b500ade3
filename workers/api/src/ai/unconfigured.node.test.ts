import { describe, expect, it } from 'vitest';
import { toErrorResponse } from '../errors';
import { unconfiguredProvider } from './unconfigured';

describe('the unconfigured AI provider', () => {
  it('answers every AI call at once with 503 ai_not_configured', async () => {
    const calls = [
      () => unconfiguredProvider.generateImage('a cat'),
      () => unconfiguredProvider.suggestCaptions({ id: 't', name: 'T', examples: [], boxCount: 2 }, ''),
      () => unconfiguredProvider.removeBackground(new Uint8Array(), { format: 'png' }),
      () => unconfiguredProvider.upscale(new Uint8Array(), 2, { format: 'png' }),
      () => unconfiguredProvider.detectFaces(new Uint8Array()),
      () => unconfiguredProvider.detectPeople(new Uint8Array()),
    ];
    for (const call of calls) {
      const res = toErrorResponse(await call().catch((e: unknown) => e));
      expect(res.status).toBe(503);
      expect(await res.json()).toEqual({
        error: 'AI is not configured on this server. Please try again later.',
        code: 'ai_not_configured',
      });
    }
  });

  it('turns an unexpected error into a plain 500 without leaking its message', async () => {
    const res = toErrorResponse(new Error('secret stack detail at /src/x.ts:10'));
    expect(res.status).toBe(500);
    const text = await res.text();
    expect(text).not.toContain('secret');
    expect(JSON.parse(text)).toMatchObject({ code: 'internal_error' });
  });
});
