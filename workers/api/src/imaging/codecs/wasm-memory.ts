/**
 * The WASM codecs' memory, watched so that budgets can be measured (WebAssembly memory grows and never shrinks, so
 * its byteLength after an operation is that operation's peak).
 *
 * Because memory never shrinks, an instance that once handled a large picture would keep that memory for the
 * isolate's life, and eight warm codecs would keep their sum. So every codec can be dropped and instantiated again
 * on its next use (codec-instances.ts). After each operation the idle instances are kept, most recently used first,
 * only while together they hold at most IDLE_WASM_LIMIT_BYTES; the rest are dropped. With every operation's own peak
 * under WASM_OPERATION_LIMIT_BYTES (the pixel budgets in options.ts, asserted by imaging-memory.test.ts), the
 * isolate's WASM memory stays under 100 MB. See ADR 0123. */
import { type CodecName, drop, liveMemory } from './codec-instances';

/** Idle codec instances kept warm between operations hold at most this much together (one mozjpeg is 16 MB). */
export const IDLE_WASM_LIMIT_BYTES = 20 * 1024 * 1024;
/** What one operation may grow its codec to, so that it and the idle instances stay under 100 MB. */
export const WASM_OPERATION_LIMIT_BYTES = 100 * 1024 * 1024 - IDLE_WASM_LIMIT_BYTES;

/** The largest memory each codec has had, including instances already dropped. */
const peaks = new Map<CodecName, number>();

/** When each codec last finished an operation (a counter, not a clock). */
const lastUse = new Map<CodecName, number>();
let uses = 0;

/**
 * Call after an operation of `name` finished (in `finally`): records its peak, then keeps idle instances, most
 * recently used first, while together they fit IDLE_WASM_LIMIT_BYTES, and drops the others so that their memory can
 * be collected. A jSquash call still running on a dropped instance keeps it alive until it returns; the next call
 * instantiates a fresh one. (wasm-bindgen calls are synchronous, so none can be running.)
 */
export function releaseCodec(name: CodecName): void {
  const memory = liveMemory(name);
  if (memory) peaks.set(name, Math.max(peaks.get(name) ?? 0, memory.buffer.byteLength));
  lastUse.set(name, ++uses);
  const idle = Object.entries(wasmMemory()) as [CodecName, number][];
  idle.sort(([a], [b]) => (lastUse.get(b) ?? 0) - (lastUse.get(a) ?? 0));
  let kept = 0;
  for (const [codec, bytes] of idle) {
    if (kept + bytes <= IDLE_WASM_LIMIT_BYTES) kept += bytes;
    else drop(codec);
  }
}

const ALL_CODECS: CodecName[] = [
  'jpegDec',
  'jpegEnc',
  'webpDec',
  'webpEnc',
  'avifDec',
  'png',
  'oxipng',
  'resize',
  'photon',
  'resvg',
];

/** WASM memory retained now by every live codec instance, in bytes. */
export function wasmMemory(): Record<string, number> {
  const out: Record<string, number> = {};
  for (const name of ALL_CODECS) {
    const memory = liveMemory(name);
    if (memory) out[name] = memory.buffer.byteLength;
  }
  return out;
}

/** Forgets the recorded peaks (for measurements that start over, such as a test after a deliberately large step). */
export function resetWasmPeaks(): void {
  peaks.clear();
}

/** The peak WASM memory of every codec so far (dropped instances included), in bytes. */
export function wasmPeaks(): Record<string, number> {
  const out: Record<string, number> = Object.fromEntries(peaks);
  for (const [name, bytes] of Object.entries(wasmMemory())) out[name] = Math.max(out[name] ?? 0, bytes);
  return out;
}
