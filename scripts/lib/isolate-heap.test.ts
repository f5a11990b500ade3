import { createServer } from 'node:net';
import { describe, expect, it } from 'vitest';
import { heapUsage, workerTargets } from './isolate-heap';

describe('the Workers among workerd’s inspector targets', () => {
  it('keeps our Workers by name and leaves miniflare’s own and its internal services out', () => {
    const list = [
      { id: 'core:user:memeforge', webSocketDebuggerUrl: 'ws://127.0.0.1:41943/core:user:memeforge' },
      { id: 'core:user:memeforge-api', webSocketDebuggerUrl: 'ws://127.0.0.1:41943/core:user:memeforge-api' },
      { id: 'core:user:miniflare-observability-collector', webSocketDebuggerUrl: 'ws://127.0.0.1:41943/x' },
      { id: 'core:custom-fetch:0:#ASSETS', webSocketDebuggerUrl: 'ws://127.0.0.1:41943/core:custom-fetch:0:#ASSETS' },
      { id: 'd1:db', webSocketDebuggerUrl: 'ws://127.0.0.1:41943/d1:db' },
      { id: 'core:user:broken' },
    ];
    expect([...workerTargets(list)]).toEqual([
      ['memeforge', 'ws://127.0.0.1:41943/core:user:memeforge'],
      ['memeforge-api', 'ws://127.0.0.1:41943/core:user:memeforge-api'],
    ]);
    expect(workerTargets({ error: 'not a list' }).size).toBe(0);
  });

  it('answers null, not an error, when the inspector is gone or never answers', async () => {
    // A port that accepts connections and says nothing: the WebSocket handshake never completes.
    const silent = createServer(() => undefined);
    await new Promise<void>((r) => silent.listen(0, '127.0.0.1', r));
    const { port } = silent.address() as { port: number };
    try {
      expect(await heapUsage(`ws://127.0.0.1:${port}/core:user:memeforge-api`, { timeoutMs: 300 })).toBeNull();
    } finally {
      silent.close();
    }
    expect(await heapUsage(`ws://127.0.0.1:${port}/core:user:memeforge-api`, { timeoutMs: 300 })).toBeNull();
  });
});
