import type * as FaceApiModule from '@vladmandic/face-api';
import type { Box } from './types';
import { decodeRgb } from './image';
import { initTf, packageDir, require } from './tf';

/**
 * Face boxes with @vladmandic/face-api's tiny detector (MIT, 193 KB of weights inside the package).
 * Photos are detected at a bounded input size, so cost does not grow with the photo.
 */
type FaceApi = typeof FaceApiModule;

let loaded: Promise<FaceApi> | null = null;

function load(): Promise<FaceApi> {
  loaded ??= (async () => {
    await initTf();
    const faceapi = require('@vladmandic/face-api/dist/face-api.node-wasm.js') as FaceApi;
    await faceapi.nets.tinyFaceDetector.loadFromDisk(`${packageDir('@vladmandic/face-api')}/model`);
    return faceapi;
  })();
  return loaded;
}

const INPUT_SIZE = 416;
const MIN_SCORE = 0.4;

export async function detectFaces(bytes: Uint8Array): Promise<Box[]> {
  const [faceapi, px] = await Promise.all([load(), decodeRgb(bytes)]);
  const tf = await initTf();
  const input = tf.tensor3d(px.data, [px.height, px.width, 3], 'int32');
  try {
    const found = await faceapi.detectAllFaces(
      input as unknown as Parameters<FaceApi['detectAllFaces']>[0],
      new faceapi.TinyFaceDetectorOptions({ inputSize: INPUT_SIZE, scoreThreshold: MIN_SCORE }),
    );
    return found.map((d) => roundBox(d.box, d.score, px.width, px.height));
  } finally {
    input.dispose();
  }
}

export function roundBox(
  b: { x: number; y: number; width: number; height: number },
  score: number,
  w: number,
  h: number,
): Box {
  const x = Math.max(0, Math.round(b.x));
  const y = Math.max(0, Math.round(b.y));
  return {
    x,
    y,
    width: Math.min(w - x, Math.round(b.width)),
    height: Math.min(h - y, Math.round(b.height)),
    score: Math.round(score * 1000) / 1000,
  };
}
