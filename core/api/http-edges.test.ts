import { describe, expect, it } from 'vitest';
import { FRAMING_MESSAGES, framingProblem, readWithin } from './http-edges';

/** A request as a client can send it raw: workerd hands a GET its body, which the Request constructor never would. */
const raw = (method: string, headers: Record<string, string>, body: unknown = null) => ({ method, headers: new Headers(headers), body });
const someBody = new ReadableStream();

describe('framingProblem', () => {
  it('refuses a GET or HEAD that carries a body', () => {
    expect(framingProblem(raw('GET', { 'content-length': '5' }, someBody))).toBe(FRAMING_MESSAGES.bodyOnRead);
    expect(framingProblem(raw('HEAD', { 'transfer-encoding': 'chunked' }, someBody))).toBe(FRAMING_MESSAGES.bodyOnRead);
  });

  it('lets a GET through with no body, or with a declared empty one', () => {
    expect(framingProblem(raw('GET', {}))).toBeNull();
    expect(framingProblem(raw('GET', { 'content-length': '0' }, someBody))).toBeNull();
    expect(framingProblem(raw('POST', { 'content-length': '5' }, someBody))).toBeNull();
    expect(framingProblem(raw('DELETE', {}))).toBeNull();
  });

  it('refuses a Content-Length sent twice (joined as "5, 5"), or one that is not a whole number', () => {
    for (const value of ['5, 5', '5, 6', '-1', '1e3', '0x10', ' ', '']) {
      expect(framingProblem(raw('POST', { 'content-length': value }, someBody)), JSON.stringify(value)).toBe(FRAMING_MESSAGES.contentLength);
    }
  });
});

describe('readWithin', () => {
  it('answers the next chunk when it comes in time', async () => {
    const reader = new ReadableStream<Uint8Array>({ start: (c) => c.enqueue(new Uint8Array([1, 2])) }).getReader();
    expect(await readWithin(reader, 1000)).toEqual({ done: false, value: new Uint8Array([1, 2]) });
  });

  it('answers stalled when nothing comes for the idle time', async () => {
    const reader = new ReadableStream<Uint8Array>().getReader();
    const started = performance.now();
    expect(await readWithin(reader, 50)).toBe('stalled');
    expect(performance.now() - started).toBeGreaterThanOrEqual(45);
  });
});
