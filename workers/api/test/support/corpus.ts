/** Test helpers inside workerd: corpus files (through the CORPUS service) and multipart requests to the API. */
import { env, exports } from 'cloudflare:workers';
import { locate } from '../../src/storage/image-store';

/** The corpus file list, or null (with a clear message) when ../shared/corpus is absent. */
export async function corpusIndex(): Promise<string[] | null> {
  const res = await env.CORPUS.fetch('http://corpus/index');
  if (res.status === 404) {
    console.warn(`SKIPPING corpus tests: ${await res.text()}`);
    return null;
  }
  return res.json<string[]>();
}

export async function corpusFile(path: string): Promise<Uint8Array> {
  const url = `http://corpus/file?path=${encodeURIComponent(path)}`;
  // One retry: the Node-side service can drop a connection while a long sharp job holds its event loop.
  const res = await env.CORPUS.fetch(url).catch(() => env.CORPUS.fetch(url));
  if (!res.ok) throw new Error(`corpus file missing: ${path}`);
  return new Uint8Array(await res.arrayBuffer());
}

export function toolRequest(
  route: string,
  image: Uint8Array | null,
  fields: Record<string, string | number | boolean | File>,
  filename = 'upload',
) {
  const form = new FormData();
  if (image) form.append('image', new File([image as Uint8Array<ArrayBuffer>], filename));
  for (const [k, v] of Object.entries(fields)) form.append(k, v instanceof File ? v : String(v));
  return exports.default.fetch(new Request(`http://local/api/${route}`, { method: 'POST', body: form }));
}

export interface ToolBody {
  imageUrl: string;
  size: number;
  format: string;
  width: number;
  height: number;
  originalSize: number;
  notes: string[];
  engine: string;
  quality?: number;
  score?: number;
  looksSame?: boolean;
  privacyLog?: { removed: string[]; actions: string[]; preserved: string[] };
  search?: { encodes: number; budgetSpent: boolean; samples?: { count: number; width: number; height: number } };
  error?: string;
  code?: string;
}

/** The stored result bytes behind an imageUrl (read straight from R2). */
export async function resultBytes(imageUrl: string): Promise<Uint8Array> {
  const key = locate(imageUrl.split('/').pop() ?? '')?.key;
  const obj = key ? await env.BUCKET.get(key) : null;
  if (!obj) throw new Error(`no stored result for ${imageUrl}`);
  return new Uint8Array(await obj.arrayBuffer());
}

export async function exiftool(bytes: Uint8Array): Promise<Record<string, unknown>> {
  const res = await env.EXIFTOOL.fetch('http://exiftool/', { method: 'POST', body: bytes as Uint8Array<ArrayBuffer> });
  if (!res.ok) throw new Error(`exiftool failed: ${await res.text()}`);
  const [out] = await res.json<Record<string, unknown>[]>();
  return out ?? {};
}

export interface ExiftoolTag {
  group: string;
  tag: string;
  value: string;
}

/**
 * Every tag exiftool finds in each file (`exiftool -a -G1 -s -U -ee`): duplicates, unknown tags and embedded
 * pictures' tags too. Many files go to one exiftool run.
 */
export async function exiftoolAll(...files: Uint8Array[]): Promise<ExiftoolTag[][]> {
  const form = new FormData();
  files.forEach((bytes, i) => form.append(String(i), new File([bytes as Uint8Array<ArrayBuffer>], String(i))));
  const res = await env.EXIFTOOL.fetch('http://exiftool/?all', { method: 'POST', body: form });
  if (!res.ok) throw new Error(`exiftool failed: ${await res.text()}`);
  return (await res.json<string[]>()).map((text) =>
    text
      .split('\n')
      .map((line) => /^\[([^\]]+)\]\s+(\S+)\s*:\s?(.*)$/.exec(line))
      .filter((m): m is RegExpExecArray => m !== null)
      .map(([, group, tag, value]) => ({ group: group!, tag: tag!, value: value! })),
  );
}
