/**
 * Counts the turns of the event loop (timer callbacks) that happen while `work` runs: 0 when it never let the loop
 * turn. A WASM encode awaited in a loop resolves through microtasks only, so work that never yields lets nothing else
 * run on the isolate's thread (no other request, no socket) until it ends: under the fuzzer that stalled wrangler's
 * dev proxy connection for seconds and its requests failed with 503.
 */
export async function loopTurnsDuring<T>(work: () => Promise<T>): Promise<{ result: T; turns: number }> {
  let turns = 0;
  let running = true;
  const tick = () => {
    if (!running) return;
    turns++;
    setTimeout(tick, 0);
  };
  setTimeout(tick, 0);
  const result = await work();
  running = false;
  return { result, turns };
}
