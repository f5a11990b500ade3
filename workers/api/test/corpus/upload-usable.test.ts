import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { uploadResponseSchema } from '../../../../core/api/images';
import type { CorpusManifest } from '../corpus-service';
import { api, listKeys, pngDeclaring, upload, uploadForm } from '../helpers';
import { pngChunk, pngOf, u32be } from '../support/png-chunks';

const objectBytes = async (imageUrl: string) => new Uint8Array(await (await api(imageUrl)).arrayBuffer());

describe('POST /api/upload accepts what the engine can process, and keeps only the image', () => {
  it('names a JPEG with a bad byte after its start marker as a damaged JPEG (422), not "not an image"', async () => {
    const before = await listKeys(env.BUCKET);
    const res = await upload(
      Uint8Array.from([0xff, 0xd8, 0x00, 0xe0, 0x00, 0x10, ...new Array<number>(64).fill(7)]),
      'photo.jpg',
      'image/jpeg',
    );
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error:
        'This JPEG is damaged or incomplete (no marker after the start-of-image marker). Please try a different image.',
      code: 'unprocessable_image',
    });
    expect(await listKeys(env.BUCKET)).toEqual(before);
  });

  it('refuses a PNG whose chunks are sound but whose pixel data cannot be decoded', async () => {
    const garbage = [0x78, 0x9c, 0xde, 0xad, 0xbe, 0xef, 0x00, 0x11, 0x22];
    const png = pngOf(
      pngChunk('IHDR', [...u32be(4), ...u32be(4), 8, 2, 0, 0, 0]),
      pngChunk('IDAT', garbage),
      pngChunk('IEND'),
    );
    const res = await upload(png);
    expect(res.status).toBe(422);
    expect(await res.json()).toEqual({
      error:
        'This PNG could not be decoded: its picture data is damaged or uses a variant we cannot read. Please convert it to a standard JPEG or PNG, or try a different image.',
      code: 'unprocessable_image',
    });
  });

  it("cuts bytes appended after a PNG's IEND: the stored object ends at IEND", async () => {
    const png = pngDeclaring(1, 1);
    const appended = new TextEncoder().encode('PK\u0003\u0004<script>alert(1)</script>');
    const res = await upload(Uint8Array.from([...png, ...appended]));
    expect(res.status).toBe(201);
    const body = uploadResponseSchema.parse(await res.json());
    expect(body.size).toBe(png.length);
    const stored = await objectBytes(body.imageUrl);
    expect(stored).toEqual(png);
    expect([...stored.subarray(-8, -4)].map((c) => String.fromCharCode(c)).join('')).toBe('IEND');
  });

  it("cuts bytes appended after a JPEG's end-of-image marker", async () => {
    const photo = await corpusFile(
      (await manifest()).files.find((f) => f.path.endsWith('.jpg') && f.expect.kind === 'accept')?.path,
    );
    expect(photo, 'a JPEG from the shared corpus').not.toBeNull();
    if (!photo) return;
    const res = await upload(
      Uint8Array.from([...photo, ...new TextEncoder().encode('trailing data')]),
      'a.jpg',
      'image/jpeg',
    );
    expect(res.status).toBe(201);
    const stored = await objectBytes(uploadResponseSchema.parse(await res.json()).imageUrl);
    expect(stored).toEqual(photo);
  });

  // Accepted files go through the engine's decode; a thumbnail keeps the encode (the costly half, the same code for
  // every input) small. npm test takes a fixed third of the corpus, spread over every folder (the whole corpus takes
  // about 160 s on two cores): `CORPUS_SWEEP=all npx vitest run --project workers upload-usable` sends every file.
  it('corpus files upload accepts can be processed by the tools (decoded and resized)', async () => {
    const { present, files: all } = await manifest();
    if (!present) return;
    const files = env.CORPUS_SWEEP === 'all' ? all : all.filter((_, i) => i % 3 === 0);
    const failures: string[] = [];
    let accepted = 0;
    for (const file of files) {
      const bytes = (await corpusFile(file.path))!;
      const res = await upload(bytes, file.path.split('/').pop(), 'image/png');
      if (res.status !== 201) continue;
      const { imageUrl } = uploadResponseSchema.parse(await res.json());
      accepted++;
      const form = uploadForm(await objectBytes(imageUrl), 'stored');
      form.append('operation', 'resize');
      form.append('width', '64');
      form.append('height', '64');
      const compressed = await api('/api/modify', { method: 'POST', body: form });
      if (compressed.status !== 200) failures.push(`${file.path}: ${compressed.status} ${await compressed.text()}`);
      else await compressed.body?.cancel();
    }
    console.log(`upload → resize: ${accepted} accepted uploads processed, ${failures.length} failed`);
    expect(failures).toEqual([]);
    expect(accepted).toBeGreaterThan(env.CORPUS_SWEEP === 'all' ? 300 : 100);
  }, 600_000);
});

let cached: Promise<CorpusManifest> | undefined;
function manifest(): Promise<CorpusManifest> {
  return (cached ??= env.CORPUS.fetch('http://corpus/manifest').then((r) => r.json<CorpusManifest>()));
}
async function corpusFile(path: string | undefined): Promise<Uint8Array<ArrayBuffer> | null> {
  if (!path) return null;
  return new Uint8Array(
    await (await env.CORPUS.fetch(`http://corpus/file?path=${encodeURIComponent(path)}`)).arrayBuffer(),
  );
}
