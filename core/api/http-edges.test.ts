import { describe, expect, it } from 'vitest';
import { dropUnreadBody, FRAMING_MESSAGES, framingProblem, readWithin, UNREAD_BODY_GRACE_MS } from './http-edges';

/** A request as a client can send it raw: workerd hands a GET its body, which the Request constructor never would. */
const raw = (method: string, headers: Record<string, string>, body: unknown = null) => ({
  method,
  headers: new Headers(headers),
  body,
});
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
      expect(framingProblem(raw('POST', { 'content-length': value }, someBody)), JSON.stringify(value)).toBe(
        FRAMING_MESSAGES.contentLength,
      );
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

/** A body of `chunks` chunks of 1 KB, one every `everyMs`, then (when `end`) its end; counts what was pulled. */
function trickle(chunks: number, everyMs: number, end = true) {
  const state = { pulled: 0, cancelled: false };
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      if (state.pulled === chunks) {
        if (end) controller.close();
        else await new Promise(() => undefined);
        return;
      }
      await new Promise((r) => setTimeout(r, everyMs));
      state.pulled += 1;
      controller.enqueue(new Uint8Array(1024));
    },
    cancel: () => {
      state.cancelled = true;
    },
  });
  return { body, state };
}

describe('dropUnreadBody', () => {
  it('reads an upload still arriving to its end, so the client is not cut off under it', async () => {
    const { body, state } = trickle(20, 5);
    await dropUnreadBody(body, String(20 * 1024), 64 * 1024);
    expect(state).toEqual({ pulled: 20, cancelled: false });
  });

  it('cancels at once a body declared larger than any route takes, reading none of it', async () => {
    const { body, state } = trickle(20, 5);
    const started = performance.now();
    await dropUnreadBody(body, String(100 * 1024 * 1024), 64 * 1024);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThanOrEqual(1);
    expect(performance.now() - started).toBeLessThan(100);
  });

  it(`cancels a body that stalls, or keeps coming, after ${UNREAD_BODY_GRACE_MS} ms`, async () => {
    for (const { body, state } of [trickle(1, 5, false), trickle(10_000, 20)]) {
      const started = performance.now();
      await dropUnreadBody(body, null, 64 * 1024 * 1024);
      expect(state.cancelled).toBe(true);
      expect(performance.now() - started).toBeGreaterThanOrEqual(UNREAD_BODY_GRACE_MS - 50);
      expect(performance.now() - started).toBeLessThan(UNREAD_BODY_GRACE_MS + 500);
    }
  });

  it('cancels past the byte bound even within the grace time', async () => {
    const { body, state } = trickle(10_000, 0);
    await dropUnreadBody(body, null, 8 * 1024);
    expect(state.cancelled).toBe(true);
    expect(state.pulled).toBeLessThan(20);
  });
});
