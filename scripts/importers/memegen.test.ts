import { mkdir, mkdtemp, readdir, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { parse } from 'yaml';
import { copyMigratedState } from '../lib/migrated-state';
import { sharedFolder } from '../lib/shared-fixtures';
import { openLocalStore } from './local-store';
import { readMemegenFolder } from './memegen';

const fixtures = sharedFolder('fixtures/memegen-templates');
const temp: string[] = [];
afterAll(async () => Promise.all(temp.map((d) => rm(d, { recursive: true, force: true }))));
const tempDir = async () => {
  const d = await mkdtemp(join(tmpdir(), 'memegen-'));
  temp.push(d);
  return d;
};

interface YamlBox {
  anchor_x: number;
  anchor_y: number;
  scale_x: number;
  scale_y: number;
  angle?: number;
}

describe.skipIf(fixtures.missing)(`memegen importer on ../shared fixtures ${fixtures.missing ?? ''}`, () => {
  it('imports all 41 folders into real local D1 and R2 with box geometry equal to the YAML, and re-runs as an update', async () => {
    const folders = (await readdir(fixtures.path, { withFileTypes: true })).filter((e) => e.isDirectory());
    expect(folders).toHaveLength(41);
    const { items, skipped } = await readMemegenFolder(fixtures.path);
    expect(skipped).toEqual([]);
    expect(items).toHaveLength(41);

    // A migrated folder to import into (scripts/lib/migrated-state.ts): the importer's own migrating of a fresh folder
    // is imgflip.test.ts's to check, and costs wrangler's start here too.
    const persist = await tempDir();
    await copyMigratedState(persist);
    const store = await openLocalStore(persist, { migrated: true });
    try {
      await store.save(items);
      await store.save((await readMemegenFolder(fixtures.path)).items);
      const rows = await store.rows();
      expect(rows).toHaveLength(41);
      for (const row of rows) {
        const yaml = parse(await readFile(join(fixtures.path, row.id, 'config.yml'), 'utf8')) as {
          name: string;
          text: YamlBox[];
        };
        expect(row.name).toBe(yaml.name);
        const boxes = JSON.parse(row.textBoxes) as YamlBox[];
        expect(boxes.map((b) => [b.anchor_x, b.anchor_y, b.scale_x, b.scale_y, b.angle])).toEqual(
          yaml.text.map((b) => [b.anchor_x, b.anchor_y, b.scale_x, b.scale_y, b.angle ?? 0]),
        );
        const image = await store.image(row.imageKey);
        expect(image?.contentType).toMatch(/^image\/(png|jpeg|gif)$/);
        expect(image?.bytes.length).toBeGreaterThan(1000);
      }
      const ds = rows.find((r) => r.id === 'ds');
      expect(JSON.parse(ds!.textBoxes)[0].angle).toBe(12.5);
    } finally {
      await store.close();
    }
  }, 120_000);
});

describe('memegen importer validation', () => {
  it('skips bad folders with a reason and keeps the good ones', async () => {
    const root = await tempDir();
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAIAAAADCAYAAAC56t6BAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAEUlEQVQImWM4wcX1H4QZMBgAlHcLIyAqFOsAAAAASUVORK5CYII=',
      'base64',
    );
    const folder = async (id: string, config: string | null, image: Buffer | null) => {
      await mkdir(join(root, id));
      if (config !== null) await writeFile(join(root, id, 'config.yml'), config);
      if (image) await writeFile(join(root, id, 'default.png'), image);
    };
    await folder(
      'good',
      'name: Good\ntext:\n  - anchor_x: 0.1\n    anchor_y: 0.2\n    scale_x: 0.5\n    scale_y: 0.3\n    angle: -7\n',
      png,
    );
    await folder('no-config', null, png);
    await folder('bad-yaml', 'name: [unclosed', png);
    await folder('no-name', 'text: []', png);
    await folder('bad-box', 'name: X\ntext:\n  - anchor_x: 2\n    anchor_y: 0\n    scale_x: 1\n    scale_y: 1\n', png);
    await folder('no-image', 'name: X', null);
    await folder('Bad_Id', 'name: X', png);
    await folder('not-image', 'name: X', Buffer.from('hello, not a png'));
    // What crashed the importer before ("Input Buffer is empty"), and images whose header reads but pixels do not.
    await folder('empty-image', 'name: X', Buffer.alloc(0));
    await folder('cut-image', 'name: X', png.subarray(0, png.length - 20));
    const garbageIdat = Buffer.from(png);
    garbageIdat.fill(0x55, 62, 70);
    await folder('bad-pixels', 'name: X', garbageIdat);
    await folder(
      'bad-font',
      'name: X\ntext:\n  - anchor_x: 0\n    anchor_y: 0\n    scale_x: 1\n    scale_y: 1\n    color: 42\n',
      png,
    );

    const { items, skipped } = await readMemegenFolder(root);
    expect(items.map((i) => i.row.id)).toEqual(['good']);
    expect(items[0]?.row).toMatchObject({ width: 2, height: 3, imageKey: 'templates/good.png', popularityRank: 1000 });
    expect(JSON.parse(items[0]!.row.textBoxes)).toEqual([
      {
        anchor_x: 0.1,
        anchor_y: 0.2,
        scale_x: 0.5,
        scale_y: 0.3,
        angle: -7,
        align: 'center',
        style: 'upper',
        color: 'white',
        font: 'Impact',
      },
    ]);
    const reasons = Object.fromEntries(skipped.map((s) => [s.id, s.reason]));
    expect(reasons).toEqual({
      Bad_Id: expect.stringContaining('URL-safe'),
      'bad-box': expect.stringContaining('text.0.anchor_x'),
      'bad-yaml': 'config.yml is not valid YAML',
      'no-config': 'config.yml is missing',
      'no-image': 'no default.jpg, default.png or default.gif',
      'no-name': expect.stringContaining('name'),
      'not-image': 'default.png: Please upload an image file (JPEG, PNG, WebP, GIF, BMP, TIFF, AVIF or HEIC).',
      'empty-image': 'default.png is empty',
      'cut-image': expect.stringMatching(/^default\.png: This PNG is damaged or incomplete/),
      'bad-pixels': expect.stringMatching(
        /^default\.png: This PNG is damaged or incomplete \(bad CRC in IDAT\)|^default\.png cannot be decoded/,
      ),
      'bad-font': expect.stringContaining('config.yml: text.0.color'),
    });
  });
});
