/**
 * Reads a folder of memegen-format templates (`<id>/config.yml` + `default.{jpg,png,gif}`) into rows and images,
 * validating each one and collecting the reason for every folder it skips. Writing is the store's job.
 */
import { readdir, readFile, stat } from 'node:fs/promises';
import { join } from 'node:path';
import { parse } from 'yaml';
import { z } from 'zod';
import { textBoxSchema } from '../../core/api/templates';
import type { ImportItem } from './local-store';
import { checkTemplateImage } from './template-image';

export interface Skipped {
  id: string;
  reason: string;
}

const IMAGE_TYPES: Record<string, string> = { jpg: 'image/jpeg', png: 'image/png', gif: 'image/gif' };
const ID = /^[a-z0-9]+(-[a-z0-9]+)*$/;

/** memegen's font names → the editor's families; anything else is kept as given. */
const FONTS: Record<string, string> = {
  thick: 'Impact',
  thin: 'Arial',
  tiny: 'Arial',
  kalam: 'Comic Sans MS',
  impact: 'Impact',
};

/** memegen styles: upper and its `default` are capitals; lower, title, sentence and none keep the case as typed. */
const KEEP_CASE = new Set(['none', 'lower', 'title', 'sentence']);
const toStyle = (style: string): 'upper' | 'none' => (KEEP_CASE.has(style) ? 'none' : 'upper');

const configSchema = z.object({
  name: z.string().trim().min(1, 'name is missing'),
  source: z.string().nullish(),
  keywords: z.array(z.string().nullish()).nullish(),
  example: z.array(z.string().nullish()).nullish(),
  text: z
    .array(
      textBoxSchema.extend({
        font: z.string().default('thick'),
        color: z.string().default('white'),
        style: z.string().default('upper').transform(toStyle),
      }),
    )
    .nullish(),
});

/** memegen's own default when a config has no text entries: a top and a bottom line. */
const DEFAULT_BOXES = [
  { anchor_x: 0, anchor_y: 0, scale_x: 1, scale_y: 0.2 },
  { anchor_x: 0, anchor_y: 0.8, scale_x: 1, scale_y: 0.2 },
].map((b) => textBoxSchema.parse(b));

async function findImage(dir: string): Promise<[string, string] | null> {
  for (const ext of Object.keys(IMAGE_TYPES)) {
    const file = join(dir, `default.${ext}`);
    if (
      await stat(file).then(
        (s) => s.isFile(),
        () => false,
      )
    )
      return [file, ext];
  }
  return null;
}

export async function readMemegenFolder(
  root: string,
  rankStart = 1000,
): Promise<{ items: ImportItem[]; skipped: Skipped[] }> {
  const items: ImportItem[] = [];
  const skipped: Skipped[] = [];
  const entries = (await readdir(root, { withFileTypes: true }))
    .filter((e) => e.isDirectory())
    .map((e) => e.name)
    .sort();
  for (const id of entries) {
    const dir = join(root, id);
    if (!ID.test(id)) {
      skipped.push({ id, reason: 'the folder name is not a URL-safe id (lower-case letters, digits and dashes)' });
      continue;
    }
    let raw: unknown;
    try {
      raw = parse(await readFile(join(dir, 'config.yml'), 'utf8'));
    } catch (err) {
      skipped.push({
        id,
        reason:
          (err as NodeJS.ErrnoException).code === 'ENOENT' ? 'config.yml is missing' : 'config.yml is not valid YAML',
      });
      continue;
    }
    const config = configSchema.safeParse(raw);
    if (!config.success) {
      const issue = config.error.issues[0];
      skipped.push({ id, reason: `config.yml: ${issue?.path.join('.') || 'file'}: ${issue?.message}` });
      continue;
    }
    const found = await findImage(dir);
    if (!found) {
      skipped.push({ id, reason: 'no default.jpg, default.png or default.gif' });
      continue;
    }
    const bytes = new Uint8Array(await readFile(found[0]));
    const image = await checkTemplateImage(bytes, found[0].split('/').pop()!);
    if (!image.ok) {
      skipped.push({ id, reason: image.reason });
      continue;
    }
    const c = config.data;
    const parsedBoxes = (c.text ?? []).map((t) => textBoxSchema.safeParse({ ...t, font: FONTS[t.font] ?? t.font }));
    const badBox = parsedBoxes.findIndex((b) => !b.success);
    if (badBox >= 0) {
      skipped.push({ id, reason: `config.yml: text.${badBox}: ${parsedBoxes[badBox]!.error?.issues[0]?.message}` });
      continue;
    }
    const boxes = parsedBoxes.length ? parsedBoxes.map((b) => b.data!) : DEFAULT_BOXES;
    const example = (c.example ?? []).map((l) => l ?? '');
    items.push({
      row: {
        id,
        name: c.name,
        description: null,
        keywords: (c.keywords ?? [])
          .filter((k): k is string => !!k)
          .map((k) => k.toLowerCase())
          .join(' '),
        imageKey: `templates/${id}.${image.extension}`,
        width: image.width,
        height: image.height,
        popularityRank: rankStart + items.length,
        feature: 'meme-generator',
        textBoxes: JSON.stringify(boxes),
        examples: JSON.stringify(example.length ? [example] : []),
        license: 'unknown (imported by the operator)',
        author: c.source ? `see ${c.source}` : 'unknown',
        sourceUrl: c.source ?? null,
      },
      image: { bytes, contentType: image.contentType },
    });
  }
  return { items, skipped };
}
