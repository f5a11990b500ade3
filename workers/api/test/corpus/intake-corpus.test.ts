/**
 * The shared corpus through the upload, privacy removal and metadata analysis: the three answer every file alike
 * (one intake rule, ADR 0012), and every picture the upload stores or privacy returns is read in full by ImageMagick
 * (test/support/imagemagick.ts), a decoder that shares no code with ours. npm test sends a fixed third of the
 * corpus, spread over every folder; `CORPUS_SWEEP=all npx vitest run --project workers intake-corpus` sends all.
 */
import { env } from 'cloudflare:workers';
import { describe, expect, it } from 'vitest';
import { corpusFile, corpusIndex, resultBytes, toolRequest } from '../support/corpus';
import type { MagickVerdict } from '../support/imagemagick';
import { upload } from '../helpers';

const index = (await corpusIndex()) ?? [];
const files = env.CORPUS_SWEEP === 'all' ? index : index.filter((_, i) => i % 3 === 0);

interface Answer {
  status: number;
  body: Record<string, unknown>;
}

const sha256 = async (bytes: Uint8Array) =>
  Array.from(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as Uint8Array<ArrayBuffer>))).join(',');

/**
 * ImageMagick's verdict on each picture. Byte-identical pictures (an upload stored as sent, privacy returning a file
 * that held nothing to remove) are read once and share the verdict: the same bytes read by the same decoder.
 */
async function magick(pictures: Uint8Array[]): Promise<MagickVerdict[]> {
  const distinct = new Map<string, number>();
  const slot: number[] = [];
  const form = new FormData();
  for (const bytes of pictures) {
    const key = await sha256(bytes);
    let i = distinct.get(key);
    if (i === undefined) {
      i = distinct.size;
      distinct.set(key, i);
      form.append(String(i), new File([bytes as Uint8Array<ArrayBuffer>], String(i)));
    }
    slot.push(i);
  }
  const res = await env.IMAGEMAGICK.fetch('http://magick/check?batch', { method: 'POST', body: form });
  if (!res.ok) throw new Error(`ImageMagick failed: ${await res.text()}`);
  const verdicts = await res.json<MagickVerdict[]>();
  console.log(`ImageMagick read ${distinct.size} distinct pictures of ${pictures.length}`);
  return slot.map((i) => verdicts[i]!);
}

const verdict = (a: Answer) =>
  a.status < 300 ? 'accepted' : `${a.status} ${String(a.body.code)}: ${String(a.body.error)}`;

describe.skipIf(files.length === 0)(`the corpus through upload, privacy and analysis (${env.CORPUS_SWEEP})`, () => {
  it('answers every file alike on the three routes, and stores or returns only pictures ImageMagick decodes', async () => {
    const differ: string[] = [];
    const made: { label: string; bytes: Uint8Array }[] = [];
    const sent: { path: string; bytes: Uint8Array; accepted: boolean }[] = [];
    for (const path of files) {
      const bytes = await corpusFile(path);
      const uploaded = await upload(bytes as Uint8Array<ArrayBuffer>, path.split('/').pop(), 'image/png');
      const answers: [string, Answer][] = [['upload', { status: uploaded.status, body: await uploaded.json() }]];
      for (const [route, fields] of [
        ['security', { operation: 'privacy' }],
        ['analyze-metadata', {}],
      ] as const) {
        const res = await toolRequest(route, bytes, fields);
        answers.push([route, { status: res.status, body: await res.json() }]);
      }
      for (const [route, answer] of answers) {
        if (answer.status >= 500) differ.push(`${path}: ${route} ${answer.status} ${JSON.stringify(answer.body)}`);
        else if (verdict(answer) !== verdict(answers[0]![1]))
          differ.push(`${path}: ${route} ${verdict(answer)} but upload ${verdict(answers[0]![1])}`);
        if (answer.status < 300 && typeof answer.body.imageUrl === 'string')
          made.push({ label: `${path} → ${route}`, bytes: await resultBytes(answer.body.imageUrl) });
      }
      sent.push({ path, bytes, accepted: answers[0]![1].status < 300 });
    }
    expect(differ).toEqual([]);

    const verdicts = await magick(made.map((m) => m.bytes));
    const undecodable = made.flatMap((m, i) => (verdicts[i]!.ok ? [] : [`${m.label}: ${verdicts[i]!.problem}`]));
    expect(undecodable).toEqual([]);
    const accepted = sent.filter((s) => s.accepted).length;
    console.log(
      `intake corpus: ${files.length} files, ${accepted} accepted, ${made.length} pictures checked by ImageMagick`,
    );
    expect(accepted).toBeGreaterThan(env.CORPUS_SWEEP === 'all' ? 300 : 100);
  }, 900_000);
});

if (files.length === 0) it.skip('corpus tests skipped: the shared corpus is absent', () => {});
