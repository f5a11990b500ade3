/**
 * A host for one wasm-bindgen module whose instance we create, and can drop and create again.
 *
 * The JS glue that wasm-bindgen generates keeps its instance in a module variable and ignores a second init, so a
 * codec used through that glue keeps the largest memory it ever grew to for the isolate's life (WebAssembly memory
 * never shrinks). Here the compiled module is instantiated by us, with imports we write against the module's ABI, and
 * `drop()` forgets the instance: the next call instantiates a fresh one (a few milliseconds) and the old memory can
 * be collected. A call that throws or traps also drops the instance, because a Rust panic leaves its stack pointer
 * and allocator in an unknown state. See ADR 0123 (the engine).
 *
 * The ABI, as the modules we use expect it: byte vectors go in as (pointer, length) allocated with
 * `__wbindgen_malloc(size, align)`; a returned `Vec<u8>` comes back either as two i32 at a return pointer reserved
 * with `__wbindgen_add_to_stack_pointer(-16)` (older builds) or as a two-value result (newer builds), and is given
 * back with `__wbindgen_free(ptr, size, align)`.
 */

type WasmFunction = (...args: number[]) => unknown;
export type WasmExports = Record<string, WasmFunction> & { memory: WebAssembly.Memory };

/** Imports by name without the hash suffix wasm-bindgen appends (`__wbg_random_039a…` is `__wbg_random`). */
export type ImportTable = Record<string, (host: WasmHost) => (...args: never[]) => unknown>;

const HASH_SUFFIX = /_[0-9a-f]{16}$/;
const utf8 = new TextDecoder();
const toUtf8 = new TextEncoder();

export class WasmHost {
  #exports: WasmExports | null = null;

  constructor(
    readonly name: string,
    private readonly module: WebAssembly.Module,
    private readonly table: ImportTable = {},
  ) {}

  /** The live instance's exports, instantiating the module if there is none. */
  get exports(): WasmExports {
    if (!this.#exports) {
      const instance = new WebAssembly.Instance(this.module, this.imports());
      this.#exports = instance.exports as WasmExports;
      this.#exports.__wbindgen_start?.();
    }
    return this.#exports;
  }

  /** The live instance's memory, or undefined when there is no instance. */
  get memory(): WebAssembly.Memory | undefined {
    return this.#exports?.memory;
  }

  /** Forgets the instance; its memory is collected once nothing refers to it. */
  drop(): void {
    this.#exports = null;
  }

  /** Runs calls on the instance; if any of them throws or traps, the instance is dropped before rethrowing. */
  run<T>(body: (wasm: WasmExports) => T): T {
    try {
      return body(this.exports);
    } catch (err) {
      this.drop();
      throw err;
    }
  }

  bytes(): Uint8Array {
    return new Uint8Array(this.exports.memory.buffer);
  }

  /** Copies bytes into a new allocation the module then owns; answers [pointer, length]. */
  pass(data: Uint8Array): [number, number] {
    const ptr = (this.exports.__wbindgen_malloc!(data.length, 1) as number) >>> 0;
    this.bytes().set(data, ptr);
    return [ptr, data.length];
  }

  passString(text: string): [number, number] {
    return this.pass(toUtf8.encode(text));
  }

  /** Copies a vector the module handed over out of its memory and frees it there. */
  take(ptr: number, len: number): Uint8Array {
    const out = this.bytes().slice(ptr >>> 0, (ptr >>> 0) + len);
    this.exports.__wbindgen_free!(ptr, len, 1);
    return out;
  }

  string(ptr: number, len: number): string {
    return utf8.decode(this.bytes().subarray(ptr >>> 0, (ptr >>> 0) + len));
  }

  /** Writes a (pointer, length) pair at `at`, the way the module reads a returned string or vector. */
  writePair(at: number, ptr: number, len: number): void {
    const view = new DataView(this.exports.memory.buffer);
    view.setInt32(at, ptr, true);
    view.setInt32(at + 4, len, true);
  }

  /**
   * Calls `fn(retptr, inputPtr, inputLen, ...args)`, the older ABI of a function taking bytes and returning a
   * `Vec<u8>` through a return pointer, and answers a copy of that vector.
   */
  bytesThroughReturnPointer(fn: string, input: Uint8Array, ...args: number[]): Uint8Array {
    return this.run((wasm) => {
      const retptr = wasm.__wbindgen_add_to_stack_pointer!(-16) as number;
      try {
        const [ptr, len] = this.pass(input);
        wasm[fn]!(retptr, ptr, len, ...args);
        const view = new DataView(wasm.memory.buffer);
        return this.take(view.getInt32(retptr, true), view.getInt32(retptr + 4, true));
      } finally {
        wasm.__wbindgen_add_to_stack_pointer!(16);
      }
    });
  }

  /** Stores a JS value in the module's externref table (newer builds) and answers its index. */
  externref(value: unknown): number {
    const wasm = this.exports;
    const table = wasm.__wbindgen_externrefs as unknown as WebAssembly.Table;
    const idx = wasm.__externref_table_alloc!() as number;
    table.set(idx, value);
    return idx;
  }

  private imports(): WebAssembly.Imports {
    const out: Record<string, Record<string, (...args: never[]) => unknown>> = {};
    for (const { module, name, kind } of WebAssembly.Module.imports(this.module)) {
      if (kind !== 'function') throw new Error(`${this.name}: cannot provide the ${kind} import ${module}.${name}`);
      const make = this.table[name.replace(HASH_SUFFIX, '')];
      (out[module] ??= {})[name] = make
        ? make(this)
        : () => {
            throw new Error(`${this.name} called ${name}, which a Worker does not provide`);
          };
    }
    return out;
  }
}

/** wasm-bindgen's own intrinsics, the same in every module that imports them. */
export const BINDGEN_INTRINSICS: ImportTable = {
  __wbindgen_throw: (host) => (ptr: number, len: number) => {
    throw new Error(host.string(ptr, len));
  },
  __wbg___wbindgen_throw: (host) => (ptr: number, len: number) => {
    throw new Error(host.string(ptr, len));
  },
  __wbg___wbindgen_is_undefined: () => (value: unknown) => value === undefined,
  __wbg___wbindgen_debug_string: (host) => (at: number, value: unknown) => {
    const [ptr, len] = host.passString(String(value));
    host.writePair(at, ptr, len);
  },
  __wbindgen_init_externref_table: (host) => () => {
    const table = host.exports.__wbindgen_externrefs as unknown as WebAssembly.Table;
    const offset = table.grow(4);
    table.set(0, undefined);
    table.set(offset, undefined);
    table.set(offset + 1, null);
    table.set(offset + 2, true);
    table.set(offset + 3, false);
  },
  // console_error_panic_hook: a panic's message and stack go to the log before the module aborts.
  // Two imports share this name: `new Error()` (no argument, for the panic hook) and `new Uint8Array(x)`. WebAssembly
  // passes exactly the parameters of the import's type, so the argument count tells them apart.
  __wbg_new:
    () =>
    (...args: unknown[]) =>
      args.length === 0 ? new Error() : new Uint8Array(args[0] as ArrayLike<number>),
  __wbg_stack: (host) => (at: number, error: Error) => {
    const [ptr, len] = host.passString(error.stack ?? '');
    host.writePair(at, ptr, len);
  },
  __wbg_error: (host) => (ptr: number, len: number) => {
    try {
      console.error(`${host.name} panicked: ${host.string(ptr, len)}`);
    } finally {
      host.exports.__wbindgen_free!(ptr, len, 1);
    }
  },
  __wbg_random: () => () => Math.random(),
};
