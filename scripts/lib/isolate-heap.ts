/**
 * The V8 heap of each Worker isolate in a local workerd, asked through workerd's own inspector (the Chrome DevTools
 * Protocol's `Runtime.getHeapUsage`), for the soak (ADR 0157). wrangler starts the workerd that runs the Workers with
 * `--inspector-addr=127.0.0.1:0`; its port is found among the ports that process listens on (scripts/lib/
 * process-memory.ts), as the one whose `/json/list` names workers. Our Workers are the `core:user:<name>` targets but
 * miniflare's own (`core:user:miniflare-*`).
 */
import { portsOf } from './process-memory';

export interface HeapUsage {
  /** Live JS objects, bytes. */
  usedSize: number;
  /** The JS heap V8 has reserved, bytes. */
  totalSize: number;
  /** ArrayBuffer backing stores, WebAssembly memories among them, bytes. */
  backingStorageSize: number;
}

interface Target {
  id: string;
  webSocketDebuggerUrl: string;
}

/** Our Workers among an inspector's targets (`/json/list`), by Worker name. */
export function workerTargets(list: unknown): Map<string, string> {
  const out = new Map<string, string>();
  if (!Array.isArray(list)) return out;
  for (const t of list as Partial<Target>[]) {
    const m = typeof t.id === 'string' ? /^core:user:(.+)$/.exec(t.id) : null;
    if (m && !m[1]!.startsWith('miniflare-') && typeof t.webSocketDebuggerUrl === 'string')
      out.set(m[1]!, t.webSocketDebuggerUrl);
  }
  return out;
}

/** The Workers' debugger URLs of the workerd process `pid`, or an empty map when none of its ports is an inspector. */
export async function findWorkerTargets(pid: number): Promise<Map<string, string>> {
  for (const port of portsOf(pid)) {
    try {
      const res = await fetch(`http://127.0.0.1:${port}/json/list`, { signal: AbortSignal.timeout(2000) });
      if (!res.ok) continue;
      const targets = workerTargets(await res.json().catch(() => null));
      if (targets.size) return targets;
    } catch {
      // not an inspector (the Workers' own entry socket answers HTML, or nothing)
    }
  }
  return new Map();
}

/**
 * One CDP call on a fresh connection, closed after: nothing stays attached to the isolate between samples. With
 * `collectGarbage`, a full collection is asked first (for the diagnosis of what is garbage and what is held; the
 * soak's own figures are never taken after one).
 */
export async function heapUsage(
  url: string,
  options: { collectGarbage?: boolean; timeoutMs?: number } = {},
): Promise<HeapUsage | null> {
  const timeout = options.timeoutMs ?? 10_000;
  let ws: WebSocket | undefined;
  try {
    // A target's id may hold a '#' (miniflare's `core:custom-fetch:0:#ASSETS`), which a WebSocket URL must not.
    ws = new WebSocket(url.replaceAll('#', '%23'));
    await new Promise<void>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`inspector ${url} did not open in ${timeout} ms`)), timeout);
      ws!.onopen = () => {
        clearTimeout(timer);
        resolve();
      };
      ws!.onerror = () => {
        clearTimeout(timer);
        reject(new Error(`inspector ${url} refused the connection`));
      };
    });
    const pending = new Map<number, (result: unknown) => void>();
    ws.onmessage = (e) => {
      const msg = JSON.parse(String(e.data)) as { id?: number; result?: unknown };
      if (typeof msg.id === 'number') pending.get(msg.id)?.(msg.result);
    };
    let next = 0;
    const call = (method: string) =>
      new Promise<unknown>((resolve, reject) => {
        const id = ++next;
        const timer = setTimeout(() => reject(new Error(`${method} unanswered in ${timeout} ms`)), timeout);
        pending.set(id, (result) => {
          clearTimeout(timer);
          resolve(result);
        });
        ws!.send(JSON.stringify({ id, method }));
      });
    if (options.collectGarbage) await call('HeapProfiler.collectGarbage');
    const r = (await call('Runtime.getHeapUsage')) as Partial<HeapUsage> | undefined;
    if (typeof r?.usedSize !== 'number' || typeof r.totalSize !== 'number') return null;
    return { usedSize: r.usedSize, totalSize: r.totalSize, backingStorageSize: r.backingStorageSize ?? 0 };
  } catch {
    return null;
  } finally {
    ws?.close();
  }
}
