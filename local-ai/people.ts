import { readFile } from 'node:fs/promises';
import path from 'node:path';
import type * as HumanPackage from '@vladmandic/human';
import { roundBox } from './faces';
import { decodeRgb } from './image';
import type { Box } from './types';
import { initTf, packageDir, require } from './tf';

/**
 * People boxes with @vladmandic/human's bundled CenterNet object detector (MIT; weights in the package).
 * Human's Node WASM build loads models only through `fetch`, so models are requested from a private host name that
 * a small wrapper around fetch answers from the package folder: no network, no dependence on our HTTP server.
 */
const MODEL_HOST = 'http://human-models.invalid/';
const MODEL_FILES = new Set(['centernet.json', 'centernet.bin']);

function installModelLoader() {
  const original = globalThis.fetch;
  const dir = `${packageDir('@vladmandic/human')}/models`;
  globalThis.fetch = (async (input: string | URL | Request, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.href : input.url;
    if (!url.startsWith(MODEL_HOST)) return original(input, init);
    const name = path.basename(new URL(url).pathname);
    if (!MODEL_FILES.has(name)) return new Response('not found', { status: 404 });
    return new Response(await readFile(path.join(dir, name)));
  }) as typeof fetch;
}

type HumanModule = typeof HumanPackage;
type HumanInstance = InstanceType<HumanModule['Human']>;

let loaded: Promise<HumanInstance> | null = null;

const MIN_SCORE = 0.3;

function load(): Promise<HumanInstance> {
  loaded ??= (async () => {
    await initTf();
    installModelLoader();
    // The package's export map names its Node WASM build with keys Node does not accept, so load it by path.
    const { Human } = require(path.join(packageDir('@vladmandic/human'), 'dist/human.node-wasm.js')) as HumanModule;
    const human = new Human({
      backend: 'wasm',
      wasmPath: `${packageDir('@tensorflow/tfjs-backend-wasm')}/dist/`,
      modelBasePath: MODEL_HOST,
      debug: false,
      cacheSensitivity: 0,
      face: { enabled: false },
      body: { enabled: false },
      hand: { enabled: false },
      gesture: { enabled: false },
      segmentation: { enabled: false },
      filter: { enabled: false },
      object: { enabled: true, modelPath: 'centernet.json', minConfidence: MIN_SCORE, maxDetected: 20 },
    });
    await human.load();
    return human;
  })();
  return loaded;
}

export async function detectPeople(bytes: Uint8Array): Promise<Box[]> {
  const [human, px] = await Promise.all([load(), decodeRgb(bytes)]);
  const tf = await initTf();
  const input = tf.tensor4d(px.data, [1, px.height, px.width, 3], 'float32');
  try {
    const result = await human.detect(input as unknown as Parameters<HumanInstance['detect']>[0]);
    return (result.object ?? [])
      .filter((o) => o.label === 'person')
      .map((o) =>
        roundBox({ x: o.box[0], y: o.box[1], width: o.box[2], height: o.box[3] }, o.score, px.width, px.height),
      );
  } finally {
    input.dispose();
  }
}
