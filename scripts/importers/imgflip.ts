/**
 * Reads a response in the format of imgflip's public `get_memes` API ({ success, data: { memes: [{ id, name,
 * url, width, height, box_count }] } }), downloads each image and turns it into a row with evenly spaced boxes.
 */
import { z } from 'zod';
import { evenlySpacedBoxes } from '../../core/templates/default-boxes';
import type { ImportItem } from './local-store';
import type { Skipped } from './memegen';
import { checkTemplateImage } from './template-image';

export const IMGFLIP_URL = 'https://api.imgflip.com/get_memes';

const memeSchema = z.object({
  id: z.string().regex(/^[A-Za-z0-9]+$/, 'id must be letters and digits'),
  name: z.string().trim().min(1),
  url: z.url(),
  width: z.number().int().positive(),
  height: z.number().int().positive(),
  box_count: z.number().int().min(1).max(12),
});
const responseSchema = z.object({ success: z.literal(true), data: z.object({ memes: z.array(z.unknown()) }) });

const slug = (s: string) =>
  s
    .toLowerCase()
    .normalize('NFKD')
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '')
    .slice(0, 60);

export async function readImgflip(
  url = IMGFLIP_URL,
  rankStart = 500,
): Promise<{ items: ImportItem[]; skipped: Skipped[] }> {
  const res = await fetch(url);
  if (!res.ok) throw new Error(`${url} answered ${res.status}`);
  const body = responseSchema.safeParse(await res.json().catch(() => null));
  if (!body.success) throw new Error(`${url} did not answer in the get_memes format`);
  const items: ImportItem[] = [];
  const skipped: Skipped[] = [];
  for (const raw of body.data.data.memes) {
    const meme = memeSchema.safeParse(raw);
    const label = String((raw as { id?: unknown })?.id ?? '?');
    if (!meme.success) {
      const issue = meme.error.issues[0];
      skipped.push({ id: label, reason: `${issue?.path.join('.') || 'entry'}: ${issue?.message}` });
      continue;
    }
    const m = meme.data;
    const image = await fetch(m.url).catch(() => null);
    if (!image?.ok) {
      skipped.push({ id: m.id, reason: `the image could not be downloaded (${image?.status ?? 'network error'})` });
      continue;
    }
    const bytes = new Uint8Array(await image.arrayBuffer());
    const checked = await checkTemplateImage(bytes, 'the downloaded image');
    if (!checked.ok) {
      skipped.push({ id: m.id, reason: checked.reason });
      continue;
    }
    const id = `${slug(m.name) || 'imgflip'}-${m.id.toLowerCase()}`;
    items.push({
      row: {
        id,
        name: m.name,
        description: null,
        keywords: `${slug(m.name).replace(/-/g, ' ')} imgflip`.trim(),
        imageKey: `templates/${id}.${checked.extension}`,
        // The stored size is the real one: the listing's numbers are only a hint.
        width: checked.width,
        height: checked.height,
        popularityRank: rankStart + items.length,
        feature: 'meme-generator',
        textBoxes: JSON.stringify(evenlySpacedBoxes(m.box_count)),
        examples: '[]',
        license: 'unknown (imported by the operator)',
        author: 'unknown (listed by imgflip)',
        sourceUrl: m.url,
      },
      image: { bytes, contentType: checked.contentType },
    });
  }
  return { items, skipped };
}
