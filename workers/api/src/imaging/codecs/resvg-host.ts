/**
 * resvg (the `@resvg/resvg-wasm` build that `@cf-wasm/resvg` ships as `resvg.wasm`) through WasmHost, so that it can
 * be dropped and instantiated again like the other codecs (codec-instances.ts, ADR 0123). Its own glue keeps one instance for
 * the isolate's life, whose memory grows to about 10 bytes a pixel of the largest picture drawn (a 4 MP meme's
 * captions: 42 MB) and stays there (ADR 0157).
 *
 * This build is of wasm-bindgen's older kind: JS values the module holds (the SVG text, the font list, errors, the
 * pixels it hands back) live in a heap of slots addressed by index, not in an externref table. The imports below are
 * the glue's, one for one; `workers/api/test/isolate/wasm-host.test.ts` holds our pixels to the glue's, byte for byte.
 */
import type { Raster } from './raster';
import type { ImportTable, WasmExports, WasmHost } from './wasm-host';

/** The glue's heap: indices under 128 unused, then undefined, null, true and false; freed slots chain to the next free. */
class ObjectHeap {
  private readonly slots: unknown[] = [...new Array<unknown>(128).fill(undefined), undefined, null, true, false];
  private nextFree = this.slots.length;

  add(value: unknown): number {
    if (this.nextFree === this.slots.length) this.slots.push(this.slots.length + 1);
    const idx = this.nextFree;
    this.nextFree = this.slots[idx] as number;
    this.slots[idx] = value;
    return idx;
  }

  get(idx: number): unknown {
    return this.slots[idx];
  }

  take(idx: number): unknown {
    const value = this.slots[idx];
    if (idx >= 132) {
      this.slots[idx] = this.nextFree;
      this.nextFree = idx;
    }
    return value;
  }
}

/** One heap per instance: a fresh instance (a fresh memory) starts with an empty one. */
const heaps = new WeakMap<WebAssembly.Memory, ObjectHeap>();
function heapOf(host: WasmHost): ObjectHeap {
  const memory = host.exports.memory;
  let heap = heaps.get(memory);
  if (!heap) heaps.set(memory, (heap = new ObjectHeap()));
  return heap;
}

type Iter = { next(): { done?: boolean; value: unknown } };

export const RESVG_IMPORTS: ImportTable = {
  // Three imports share this name: `new Error(message)`, `new Uint8Array(value)` and `new Array()`. WebAssembly passes
  // exactly the parameters of the import's type, so the argument count tells them apart.
  __wbg_new:
    (host) =>
    (...args: number[]) => {
      const heap = heapOf(host);
      if (args.length === 2) return heap.add(new Error(host.string(args[0]!, args[1]!)));
      if (args.length === 1) return heap.add(new Uint8Array(heap.get(args[0]!) as ArrayBufferLike));
      return heap.add([]);
    },
  __wbindgen_memory: (host) => () => heapOf(host).add(host.exports.memory),
  __wbg_buffer: (host) => (obj: number) => heapOf(host).add((heapOf(host).get(obj) as WebAssembly.Memory).buffer),
  __wbg_newwithbyteoffsetandlength: (host) => (buffer: number, offset: number, length: number) =>
    heapOf(host).add(new Uint8Array(heapOf(host).get(buffer) as ArrayBuffer, offset >>> 0, length >>> 0)),
  __wbindgen_object_drop_ref: (host) => (obj: number) => void heapOf(host).take(obj),
  __wbg_values: (host) => (obj: number) => heapOf(host).add((heapOf(host).get(obj) as unknown[]).values()),
  __wbg_next: (host) => (iter: number) => {
    try {
      return heapOf(host).add((heapOf(host).get(iter) as Iter).next());
    } catch (err) {
      host.exports.__wbindgen_exn_store!(heapOf(host).add(err));
      return undefined;
    }
  },
  __wbg_done: (host) => (step: number) => (heapOf(host).get(step) as { done: boolean }).done,
  __wbg_value: (host) => (step: number) => heapOf(host).add((heapOf(host).get(step) as { value: unknown }).value),
  __wbg_instanceof_Uint8Array: (host) => (obj: number) => heapOf(host).get(obj) instanceof Uint8Array,
  __wbindgen_string_get: (host) => (at: number, obj: number) => {
    const value = heapOf(host).get(obj);
    if (typeof value === 'string') {
      const [ptr, len] = host.passString(value);
      host.writePair(at, ptr, len);
    } else host.writePair(at, 0, 0);
  },
  __wbindgen_string_new: (host) => (ptr: number, len: number) => heapOf(host).add(host.string(ptr, len)),
  __wbg_push: (host) => (array: number, value: number) =>
    (heapOf(host).get(array) as unknown[]).push(heapOf(host).get(value)),
  __wbg_length: (host) => (obj: number) => (heapOf(host).get(obj) as { length: number }).length,
  __wbg_set: (host) => (target: number, source: number, offset: number) =>
    (heapOf(host).get(target) as Uint8Array).set(heapOf(host).get(source) as Uint8Array, offset >>> 0),
  __wbindgen_throw: (host) => (ptr: number, len: number) => {
    throw new Error(host.string(ptr, len));
  },
};

/** The three i32 a fallible call writes at its return pointer: the value, the error and whether it failed. */
function result(wasm: WasmExports, heap: ObjectHeap, retptr: number): number {
  const view = new DataView(wasm.memory.buffer);
  const [value, error, failed] = [0, 4, 8].map((o) => view.getInt32(retptr + o, true)) as [number, number, number];
  if (failed) throw heap.take(error);
  return value >>> 0;
}

/**
 * Draws `svg` with the fonts given (OpenType bytes) and answers its pixels, as the glue's `new Resvg(svg, { font: {
 * fontBuffers, defaultFontFamily } }).render().pixels` does. Every object made inside the module is freed before this
 * returns; a call that fails drops the instance (WasmHost.run).
 */
export function resvgRender(host: WasmHost, svg: string, fonts: Uint8Array[], defaultFontFamily: string): Raster {
  return host.run((wasm) => {
    const heap = heapOf(host);
    const retptr = wasm.__wbindgen_add_to_stack_pointer!(-16) as number;
    try {
      // The options as the glue serialises them: the font list goes apart, as JS values.
      const [optionsPtr, optionsLen] = host.passString(JSON.stringify({ font: { defaultFontFamily } }));
      wasm.resvg_new!(retptr, heap.add(svg), optionsPtr, optionsLen, heap.add(fonts));
      const resvg = result(wasm, heap, retptr);
      try {
        wasm.resvg_render!(retptr, resvg);
        const image = result(wasm, heap, retptr);
        try {
          const pixels = heap.take(wasm.renderedimage_pixels!(image) as number) as Uint8Array;
          const width = (wasm.renderedimage_width!(image) as number) >>> 0;
          const height = (wasm.renderedimage_height!(image) as number) >>> 0;
          return { data: new Uint8ClampedArray(pixels.buffer, pixels.byteOffset, pixels.byteLength), width, height };
        } finally {
          wasm.__wbg_renderedimage_free!(image);
        }
      } finally {
        wasm.__wbg_resvg_free!(resvg);
      }
    } finally {
      wasm.__wbindgen_add_to_stack_pointer!(16);
    }
  });
}
