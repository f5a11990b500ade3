/**
 * How the imaging bench (bench/imaging.ts and bench/imaging-operations.ts) times a call and writes its figures, so
 * that every table it prints reads alike.
 */

/** The result of `fn` and the milliseconds it took. */
export async function time<T>(fn: () => Promise<T>): Promise<[T, number]> {
  const t = performance.now();
  const out = await fn();
  return [out, performance.now() - t];
}

export const ms = (t: number) => `${t.toFixed(0)} ms`;
export const kb = (n: number) => `${(n / 1024).toFixed(1)} KB`;
export const ratio = (a: number, b: number) => `${(a / b).toFixed(2)}×`;
