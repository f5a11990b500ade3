// One ESRGAN worker thread (local-ai/upscale.ts runs one per core). TensorFlow.js's WASM backend runs on one thread
// in Node (its threaded build needs browser workers), so the tiles of a picture are shared between several of
// these, each with its own WASM instance and its own copy of the model. Plain JavaScript, so it starts the same
// under tsx, vitest and node.
import { readFile } from 'node:fs/promises';
import path from 'node:path';
import { parentPort, workerData } from 'node:worker_threads';
import * as tf from '@tensorflow/tfjs';
import { setWasmPaths } from '@tensorflow/tfjs-backend-wasm';

const { wasmDir, modelsDir } = workerData;
const ready = (async () => {
  setWasmPaths(wasmDir);
  await tf.setBackend('wasm');
  await tf.ready();
})();

const models = new Map();

/** The package's weights for one factor (×2, ×3, ×4), read from its folder: no network. */
function loadModel(factor) {
  let model = models.get(factor);
  if (!model) {
    model = (async () => {
      await ready;
      const dir = path.join(modelsDir, `x${factor}`);
      const json = JSON.parse(await readFile(path.join(dir, 'model.json'), 'utf8'));
      const manifest = json.weightsManifest;
      const buffers = await Promise.all(manifest.flatMap((g) => g.paths).map((p) => readFile(path.join(dir, p))));
      const weights = new Uint8Array(buffers.reduce((n, b) => n + b.length, 0));
      let at = 0;
      for (const b of buffers) {
        weights.set(b, at);
        at += b.length;
      }
      return tf.loadLayersModel(
        tf.io.fromMemory({
          modelTopology: json.modelTopology,
          weightSpecs: manifest.flatMap((g) => g.weights),
          weightData: weights.buffer,
        }),
      );
    })();
    models.set(factor, model);
  }
  return model;
}

// One tile at a time: { factor, width, height, rgb: Float32Array } → { pixels: Uint8Array (width·factor × height·factor
// × 3) } or { error }.
parentPort.on('message', async ({ factor, width, height, rgb }) => {
  try {
    const model = await loadModel(factor);
    const result = tf.tidy(() =>
      model
        .predict(tf.tensor4d(rgb, [1, height, width, 3]))
        .clipByValue(0, 255)
        .round()
        .toInt(),
    );
    const pixels = Uint8Array.from(await result.data());
    result.dispose();
    parentPort.postMessage({ pixels }, [pixels.buffer]);
  } catch (err) {
    parentPort.postMessage({ error: String(err?.message ?? err) });
  }
});
