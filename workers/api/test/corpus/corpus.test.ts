import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { uploadResponseSchema } from '../../../../core/api/images';
import type { CorpusManifest } from '../corpus-service';
import { upload } from '../helpers';

// Every file of ../shared/corpus goes through POST /api/upload. The expectation for each comes from sharp on the
// Node side (test/corpus-service.ts): what it fully decodes must be accepted with the size it reads; the rest
// (PngSuite's corrupt x*.png, the truncated JPEG, 12-bit JPEG, text files, SVG, formats we do not take) refused.
const manifest = await (await env.CORPUS.fetch('http://corpus/manifest')).json<CorpusManifest>();

// What sharp reads but the engine's decoders cannot (libjpeg-turbo decodes arithmetic coding, our mozjpeg build does
// not): upload refuses these with 422 naming the format, since no tool could process them (ADR 0012).
const ENGINE_CANNOT_DECODE = new Set(['jpeg/testimages/testimgari.jpg']);

describe.skipIf(!manifest.present)(`the shared image corpus (${manifest.root})`, () => {
  it('finds the corpus', () => {
    expect(manifest.files.length).toBeGreaterThan(300);
    expect(manifest.files.filter((f) => /pngsuite\/png\/x.*\.png$/.test(f.path))).toHaveLength(14);
  });

  it('accepts every valid image with the right size and format, refuses the rest with 4xx, never 5xx', async () => {
    const mismatches: string[] = [];
    let accepted = 0;
    let refused = 0;
    for (const file of manifest.files) {
      const bytes = new Uint8Array(
        await (await env.CORPUS.fetch(`http://corpus/file?path=${encodeURIComponent(file.path)}`)).arrayBuffer(),
      );
      const res = await upload(bytes, file.path.split('/').pop(), 'image/png');
      const body = await res.json<Record<string, unknown>>();
      const want = file.expect;
      if (ENGINE_CANNOT_DECODE.has(file.path)) {
        if (res.status !== 422 || !String(body.error).startsWith('This JPEG could not be decoded'))
          mismatches.push(`${file.path}: ${res.status}, expected 422`);
        else refused++;
      } else if (res.status >= 500) {
        mismatches.push(`${file.path}: ${res.status} ${JSON.stringify(body)}`);
      } else if (want.kind === 'refuse') {
        if (res.status < 400) mismatches.push(`${file.path}: accepted, expected a 4xx`);
        else refused++;
      } else if (res.status !== 201) {
        mismatches.push(`${file.path}: ${res.status} ${String(body.error)}, expected ${JSON.stringify(want)}`);
      } else {
        const got = uploadResponseSchema.parse(body);
        const ok =
          want.kind === 'accept'
            ? got.format === want.format && got.width === want.width && got.height === want.height
            : got.format === want.format;
        if (!ok)
          mismatches.push(
            `${file.path}: got ${got.format} ${got.width}x${got.height}, expected ${JSON.stringify(want)}`,
          );
        accepted++;
      }
    }
    console.log(
      `corpus: ${accepted} accepted, ${refused} refused, ${manifest.files
        .filter((f) => f.expect.kind === 'accept-format-only')
        .map((f) => f.path)
        .join(', ')}`,
    );
    expect(mismatches).toEqual([]);
    expect(accepted).toBeGreaterThan(250);
    expect(refused).toBeGreaterThan(30);
  }, 120_000);
});

if (!manifest.present) {
  it.skip(`corpus tests skipped: ${manifest.root} is absent (clone the shared corpus next to the repository)`, () => {});
}
