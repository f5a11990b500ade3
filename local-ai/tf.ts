import { createRequire } from 'node:module';
import path from 'node:path';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

/**
 * One TensorFlow.js instance on its WASM backend for every model in the service. tfjs-node is avoided on purpose:
 * it downloads a native library at install time, which a fresh offline clone cannot do.
 */
export const require = createRequire(import.meta.url);

/** The folder of an installed package (some packages do not export their package.json, so walk up from main). */
export function packageDir(name: string): string {
  let dir = path.dirname(require.resolve(name));
  while (!dir.endsWith(`${path.sep}${name.split('/').join(path.sep)}`)) {
    const up = path.dirname(dir);
    if (up === dir) throw new Error(`cannot locate the folder of ${name}`);
    dir = up;
  }
  return dir;
}

let ready: Promise<typeof tf> | null = null;

export function initTf(): Promise<typeof tf> {
  ready ??= (async () => {
    setWasmPaths(`${packageDir('@tensorflow/tfjs-backend-wasm')}/dist/`);
    await tf.setBackend('wasm');
    await tf.ready();
    return tf;
  })();
  return ready;
}
