/**
 * Memes drawn by the API (ADR 0133): POST /api/memes/render and the meme URL GET /api/memes/{template}/{captions+};
 * and memes from a topic, POST /api/memes/suggest, each drawn by the render route (ADR 0173).
 * The ink test compares the rendered meme with the blank template picture and requires every pixel that changed to
 * lie inside one of the template's text boxes (plus the outline's width), and each box to have ink.
 */
import { env } from 'cloudflare:workers';
import { beforeAll, describe, expect, it } from 'vitest';
import { MEME_MAX_LINES, MEME_WIDTH } from '../../../../core/tools/meme';
import { segmentFromCaption } from '../../../../core/memes/url-text';
import { seedTemplates } from '../../src/db/template-rows';
import { FAKE_FAIL_MARKER } from '../../src/ai/fake';
import { decode } from '../../src/imaging/codecs/decode';
import type { Raster } from '../../src/imaging/codecs/raster';
import { readHeader } from '../../src/imaging/intake/sniff';
import { catalogRows } from '../../../../scripts/templates/catalog-rows';
import { api, pngDeclaring } from '../helpers';

const TEMPLATE = 'nope-yep';
const row = catalogRows().find((r) => r.id === TEMPLATE)!;
const boxes = JSON.parse(row.textBoxes) as { anchor_x: number; anchor_y: number; scale_x: number; scale_y: number }[];

const render = (body: unknown, headers: Record<string, string> = {}) =>
  api('/api/memes/render', {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });

const pixelsOf = async (bytes: Uint8Array): Promise<Raster> => decode(bytes, readHeader(bytes)!);

async function blankTemplate(): Promise<Raster> {
  const res = await fetch(`http://local/templates/${TEMPLATE}.png`);
  expect(res.status).toBe(200);
  return pixelsOf(new Uint8Array(await res.arrayBuffer()));
}

/** Pixels that differ from the blank by more than a little, counted inside each box and outside all of them. */
function inkBy(meme: Raster, blank: Raster, margin: number) {
  expect([meme.width, meme.height]).toEqual([blank.width, blank.height]);
  const rects = boxes.map((b) => ({
    left: b.anchor_x * meme.width - margin,
    top: b.anchor_y * meme.height - margin,
    right: (b.anchor_x + b.scale_x) * meme.width + margin,
    bottom: (b.anchor_y + b.scale_y) * meme.height + margin,
  }));
  const inside = rects.map(() => 0);
  const stray: string[] = [];
  for (let y = 0; y < meme.height; y++) {
    for (let x = 0; x < meme.width; x++) {
      const i = (y * meme.width + x) * 4;
      const diff = Math.max(...[0, 1, 2].map((c) => Math.abs(meme.data[i + c]! - blank.data[i + c]!)));
      if (diff <= 24) continue;
      const at = rects.findIndex((r) => x >= r.left && x < r.right && y >= r.top && y < r.bottom);
      if (at >= 0) inside[at]!++;
      else if (stray.length < 5) stray.push(`${x},${y}`);
    }
  }
  return { inside, stray };
}

beforeAll(async () => {
  await seedTemplates(env.DB, catalogRows());
});

describe('POST /api/memes/render', () => {
  it(`draws each line inside its box of ${TEMPLATE}, and nothing outside the boxes`, async () => {
    const res = await render({
      template: TEMPLATE,
      lines: ['reading the documentation first', 'guessing until it works at three in the morning'],
      format: 'png',
    });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    const meme = await pixelsOf(new Uint8Array(await res.arrayBuffer()));
    const { inside, stray } = inkBy(meme, await blankTemplate(), 2);
    expect(stray).toEqual([]);
    // Each box holds a wrapped caption: thousands of pixels of white letters and black outline.
    for (const count of inside) expect(count).toBeGreaterThan(3000);
  });

  it('a long caption shrinks to stay inside its box (the editor’s fit rule), rather than running over', async () => {
    const long =
      'this caption is much too long to be drawn at the size a short one gets and has to wrap and shrink a lot';
    const res = await render({ template: TEMPLATE, lines: [long, long] });
    const { inside, stray } = inkBy(await pixelsOf(new Uint8Array(await res.arrayBuffer())), await blankTemplate(), 2);
    expect(stray).toEqual([]);
    expect(inside.every((n) => n > 3000)).toBe(true);
  });

  it('an empty or missing line leaves its box blank', async () => {
    const res = await render({ template: TEMPLATE, lines: ['only the top'] });
    const { inside } = inkBy(await pixelsOf(new Uint8Array(await res.arrayBuffer())), await blankTemplate(), 2);
    expect(inside[0]).toBeGreaterThan(1000);
    expect(inside[1]).toBe(0);
  });

  it('writes JPEG and WebP at the width asked, the height following the template', async () => {
    const jpg = await render({ template: TEMPLATE, lines: ['a', 'b'], format: 'jpg', width: 400 });
    if (jpg.status !== 200) throw new Error(await jpg.text());
    expect(jpg.headers.get('content-type')).toBe('image/jpeg');
    const jpgBytes = new Uint8Array(await jpg.arrayBuffer());
    expect([...jpgBytes.subarray(0, 3)]).toEqual([0xff, 0xd8, 0xff]);
    expect(readHeader(jpgBytes)).toMatchObject({ format: 'jpeg', width: 400, height: 400 });
    const webp = await render({
      template: TEMPLATE,
      lines: ['a', 'b'],
      format: 'webp',
      style: { font: 'sans', colour: '#ff0000', outline: 'none', uppercase: false, align: 'left' },
    });
    expect(webp.headers.get('content-type')).toBe('image/webp');
    expect(readHeader(new Uint8Array(await webp.arrayBuffer()))).toMatchObject({
      format: 'webp',
      width: 800,
      height: 800,
    });
  });

  it('with Accept: application/json, stores the meme and answers 201 with its imageUrl', async () => {
    const res = await render({ template: TEMPLATE, lines: ['stored', 'for an hour'] }, { accept: 'application/json' });
    expect(res.status).toBe(201);
    const body = await res.json<{ imageUrl: string; format: string; width: number; height: number; size: number }>();
    expect(body).toMatchObject({ format: 'png', width: 800, height: 800 });
    expect(body.imageUrl).toMatch(/^http:\/\/local\/api\/images\//);
    const image = await api(new URL(body.imageUrl).pathname);
    expect(image.status).toBe(200);
    expect((await image.arrayBuffer()).byteLength).toBe(body.size);
  });

  it('draws on an uploaded background, the lines spread over it when no template is named', async () => {
    const form = new FormData();
    form.append('background', new File([pngDeclaring(120, 90)], 'bg.png', { type: 'image/png' }));
    form.append('lines', 'top text');
    form.append('lines', 'bottom text');
    form.append('format', 'png');
    const res = await api('/api/memes/render', { method: 'POST', body: form });
    expect(res.status).toBe(200);
    const meme = await pixelsOf(new Uint8Array(await res.arrayBuffer()));
    expect([meme.width, meme.height]).toEqual([120, 90]);
    // White letters on the black picture.
    expect(meme.data.some((v, i) => i % 4 === 0 && v > 200)).toBe(true);
  });

  it.each([
    ['an unknown template', { template: 'no-such-template', lines: ['a'] }, 404, /no template "no-such-template"/],
    ['more lines than boxes', { template: TEMPLATE, lines: ['a', 'b', 'c'] }, 400, /2 text boxes; 3 lines/],
    [
      'more lines than any template has',
      { template: TEMPLATE, lines: Array(MEME_MAX_LINES + 1).fill('x') },
      400,
      /At most 12 lines/,
    ],
    [
      'a format it does not write',
      { template: TEMPLATE, lines: ['a'], format: 'gif' },
      400,
      /Format must be one of png, jpg, webp/,
    ],
    ['a huge width', { template: TEMPLATE, lines: ['a'], width: 100_000 }, 400, /Width must be between 100 and 1600/],
    [
      'a width too small',
      { template: TEMPLATE, lines: ['a'], width: MEME_WIDTH.min - 1 },
      400,
      /Width must be between/,
    ],
    ['a line too long', { template: TEMPLATE, lines: ['x'.repeat(201)] }, 400, /at most 200 characters/],
    ['lines that are not text', { template: TEMPLATE, lines: [1, 2] }, 400, /Each line must be text/],
    ['no template', { lines: ['a'] }, 400, /Template is required/],
    ['a template id with a slash', { template: '../etc', lines: ['a'] }, 400, /template id/],
    [
      'an unknown font',
      { template: TEMPLATE, lines: ['a'], style: { font: 'wingdings' } },
      400,
      /Font must be one of impact, sans/,
    ],
    [
      'a colour that is not hex',
      { template: TEMPLATE, lines: ['a'], style: { colour: 'red' } },
      400,
      /Colour must be a hex colour/,
    ],
    ['an unknown field', { template: TEMPLATE, lines: ['a'], size: 3 }, 400, /fields this route does not take/],
  ])('%s → %i', async (_what, body, status, message) => {
    const res = await render(body);
    expect(res.status).toBe(status);
    const answer = await res.json<{ error: string; code: string }>();
    expect(answer.error).toMatch(message);
  });

  it('a body that is not JSON is 400, and a form without template or background is 400', async () => {
    const bad = await api('/api/memes/render', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{"template":',
    });
    expect(bad.status).toBe(400);
    expect((await bad.json<{ code: string }>()).code).toBe('invalid_json');
    const form = new FormData();
    form.append('lines', 'a');
    const res = await api('/api/memes/render', { method: 'POST', body: form });
    expect(res.status).toBe(400);
    expect((await res.json<{ error: string }>()).error).toMatch(/template, a background picture, or both/);
  });

  it('a background that is not a picture is refused by the one intake (415)', async () => {
    const form = new FormData();
    form.append(
      'background',
      new File([new TextEncoder().encode('not a picture at all')], 'x.png', { type: 'image/png' }),
    );
    form.append('lines', 'a');
    const res = await api('/api/memes/render', { method: 'POST', body: form });
    expect(res.status).toBe(415);
  });
});

describe('how captions look', () => {
  /** The changed pixels inside the first box that are dark (the letters of black text) and light (white text). */
  async function tones(res: Response) {
    expect(res.status).toBe(200);
    const meme = await pixelsOf(new Uint8Array(await res.arrayBuffer()));
    const blank = await blankTemplate();
    const b = boxes[0]!;
    let dark = 0;
    let light = 0;
    for (let y = Math.floor(b.anchor_y * meme.height); y < (b.anchor_y + b.scale_y) * meme.height; y++) {
      for (let x = Math.floor(b.anchor_x * meme.width); x < (b.anchor_x + b.scale_x) * meme.width; x++) {
        const i = (y * meme.width + x) * 4;
        if (Math.max(...[0, 1, 2].map((c) => Math.abs(meme.data[i + c]! - blank.data[i + c]!))) <= 24) continue;
        const level = (meme.data[i]! + meme.data[i + 1]! + meme.data[i + 2]!) / 3;
        if (level < 80) dark++;
        else if (level > 200) light++;
      }
    }
    return { dark, light };
  }

  it(`keeps each box's own look by default, as the editor shows it, and the style overrides it`, async () => {
    const lines = ['reading the docs', 'guessing'];
    // nope-yep's boxes are black on white panels: the letters themselves are the ink.
    const own = await tones(await render({ template: TEMPLATE, lines }));
    // White Impact with a black outline: on a white panel only the thin outline changes anything.
    const white = await tones(
      await render({ template: TEMPLATE, lines, style: { font: 'impact', colour: '#ffffff', outline: '#000000' } }),
    );
    expect(own.dark).toBeGreaterThan(white.dark * 1.5);
    expect(own.light).toBeLessThan(own.dark / 3);
  });
});

describe('GET /api/memes/{template}/{captions+}', () => {
  const path = `/api/memes/${TEMPLATE}/reading_the_docs/guessing_until_it_works~q.png`;

  it('draws the same meme as the POST, inside the boxes, public and immutable', async () => {
    const res = await api(path);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('image/png');
    expect(res.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    // A first-time visitor gets no cookie on a public answer shared caches keep (request-context.ts).
    expect(res.headers.get('set-cookie')).toBeNull();
    const bytes = new Uint8Array(await res.arrayBuffer());
    const { inside, stray } = inkBy(await pixelsOf(bytes), await blankTemplate(), 2);
    expect(stray).toEqual([]);
    expect(inside.every((n) => n > 1000)).toBe(true);
    const posted = await render({ template: TEMPLATE, lines: ['reading the docs', 'guessing until it works?'] });
    expect(new Uint8Array(await posted.arrayBuffer())).toEqual(bytes);
  });

  it('names the key the site’s edge cache keeps it under: the path and the options drawn, marked x-cache: miss', async () => {
    const url = `/api/memes/${TEMPLATE}/cached_once/served_twice.webp?utm_source=x&width=0300`;
    const res = await api(url);
    expect(res.status).toBe(200);
    expect(res.headers.get('x-cache')).toBe('miss');
    expect(res.headers.get('x-edge-cache-key')).toBe(`/api/memes/${TEMPLATE}/cached_once/served_twice.webp?width=300`);
    expect(readHeader(new Uint8Array(await res.arrayBuffer()))).toMatchObject({ format: 'webp', width: 300 });
  });

  it('draws a line without its hidden characters: NUL and bidi overrides in a URL or a POST draw what shows', async () => {
    const clean = new Uint8Array(await (await api(`/api/memes/${TEMPLATE}/exe.jpg/top.png`)).arrayBuffer());
    const hidden = await api(`/api/memes/${TEMPLATE}/%E2%80%AEexe.jpg%00/top%E2%81%A6.png`);
    expect(hidden.status).toBe(200);
    expect(new Uint8Array(await hidden.arrayBuffer())).toEqual(clean);
    const posted = await render({ template: TEMPLATE, lines: ['\u202eexe.jpg\u0000', 'top\u2066'] });
    expect(new Uint8Array(await posted.arrayBuffer())).toEqual(clean);
  });

  it('reads every escape back to the caption it spells', async () => {
    const caption = 'a_b-c d?e/f#g%h&i\\j<k>l"m~n\nnext';
    const res = await api(`/api/memes/${TEMPLATE}/${segmentFromCaption(caption)}/_.png`);
    expect(res.status).toBe(200);
    const posted = await render({ template: TEMPLATE, lines: [caption, ' '] });
    expect(new Uint8Array(await posted.arrayBuffer())).toEqual(new Uint8Array(await res.arrayBuffer()));
  });

  it.each([
    ['an unknown template', '/api/memes/no-such-template/a/b.png', 404, /no template/],
    ['too many lines', `/api/memes/${TEMPLATE}/a/b/c.png`, 400, /2 text boxes; 3 lines/],
    ['a format it does not write', `/api/memes/${TEMPLATE}/a/b.gif`, 400, /ends in \.png, \.jpg, \.webp/],
    ['no format', `/api/memes/${TEMPLATE}/a/b`, 400, /ends in \.png/],
    ['a huge width', `/api/memes/${TEMPLATE}/a/b.png?width=99999`, 400, /Width must be between 100 and 1600/],
    ['a width that is no number', `/api/memes/${TEMPLATE}/a/b.png?width=wide`, 400, /Width must be a number/],
    ['an unknown font', `/api/memes/${TEMPLATE}/a/b.png?font=comic`, 400, /Font must be one of/],
    ['an escape that is not one', `/api/memes/${TEMPLATE}/what~x/b.png`, 400, /"~x", which is not an escape/],
    ['a tilde at the end', `/api/memes/${TEMPLATE}/what~/b.png`, 400, /not an escape/],
    [
      'a broken percent escape',
      `/api/memes/${TEMPLATE}/100%zz/b.png`,
      400,
      /% that is not followed by two hexadecimal digits/,
    ],
    ['a template id that is not one', '/api/memes/Nope_Yep/a.png', 400, /template id/],
  ])('%s → %i', async (_what, url, status, message) => {
    const res = await api(url);
    expect(res.status).toBe(status);
    expect(res.headers.get('cache-control') ?? '').not.toMatch(/immutable/);
    // Never marked for the edge cache: an error is not kept.
    expect(res.headers.get('x-edge-cache-key')).toBeNull();
    expect((await res.json<{ error: string }>()).error).toMatch(message);
  });
});

describe('POST /api/memes/suggest (ADR 0173)', () => {
  const suggest = (body: unknown, ip: string) =>
    api('/api/memes/suggest', {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'cf-connecting-ip': ip },
      body: JSON.stringify(body),
    });
  const usedBy = async (ip: string) =>
    (await (await api('/api/usage-limit', { headers: { 'cf-connecting-ip': ip } })).json<{ used: number }>()).used;
  type Answer = {
    candidates: { template: { id: string; name: string }; lines: string[]; renderUrl: string; source: string }[];
    provider: string;
    note?: string;
  };

  it('answers three memes on three different existing templates, one non-empty line per box, each drawn by POST /api/memes/render; one unit spent', async () => {
    const ip = '192.0.2.60';
    const res = await suggest({ topic: 'so tired on monday morning' }, ip);
    expect(res.status).toBe(200);
    const body = await res.json<Answer>();
    expect(body.provider).toBe('fake');
    expect(body.candidates).toHaveLength(3);
    expect(new Set(body.candidates.map((c) => c.template.id)).size).toBe(3);
    for (const c of body.candidates) {
      const template = catalogRows().find((r) => r.id === c.template.id)!;
      expect(c.lines).toHaveLength(JSON.parse(template.textBoxes).length);
      for (const line of c.lines) expect(line.trim()).not.toBe('');
      expect(c.template.name).toBe(template.name);
      expect(c.renderUrl).toMatch(new RegExp(`/api/memes/${c.template.id}/.+\\.png$`));
      const drawn = await render({ template: c.template.id, lines: c.lines, width: 200 });
      expect(drawn.status).toBe(200);
      expect(drawn.headers.get('content-type')).toBe('image/png');
    }
    // The topic's words picked the first template; the screen says these are offline suggestions.
    expect(['monday-zombie', 'sleepy-yawn']).toContain(body.candidates[0]!.template.id);
    expect(body.note).toContain('Offline suggestions');
    expect(await usedBy(ip)).toBe(1);
    // "Try again" leaves out what was shown.
    const again = await (
      await suggest({ topic: 'so tired on monday morning', exclude: body.candidates.map((c) => c.template.id) }, ip)
    ).json<Answer>();
    expect(again.candidates.map((c) => c.template.id)).not.toEqual(
      expect.arrayContaining([body.candidates[0]!.template.id]),
    );
    expect(await usedBy(ip)).toBe(2);
  });

  it.each([
    ['a missing topic', {}, 400, 'validation_failed', 'required'],
    ['an empty topic', { topic: '  ' }, 400, 'validation_failed', 'empty'],
    ['a 2,000-character topic', { topic: 'x'.repeat(2000) }, 413, 'topic_too_long', '2,000 characters'],
    ['a markup-only topic', { topic: '<p><br></p>' }, 422, 'topic_unreadable', 'markup'],
    ['a refused topic', { topic: 'nude photos of a celebrity' }, 422, 'topic_refused', 'sexual'],
    ['a count of 7', { topic: 'cats', count: 7 }, 400, 'validation_failed', 'Count'],
    [
      'an unknown template to make more like',
      { topic: 'cats', like: 'no-such-meme' },
      404,
      'not_found',
      'no-such-meme',
    ],
  ])(
    'answers %s with its JSON status and code, naming it, and spending nothing',
    async (_name, body, status, code, words) => {
      const ip = '192.0.2.61';
      const res = await suggest(body, ip);
      expect(res.status).toBe(status);
      const answer = await res.json<{ error: string; code: string }>();
      expect(answer.code).toBe(code);
      expect(answer.error).toContain(words);
      expect(await usedBy(ip)).toBe(0);
    },
  );

  it('refunds the unit when the model call fails', async () => {
    const ip = '192.0.2.62';
    const res = await suggest({ topic: `cats ${FAKE_FAIL_MARKER}` }, ip);
    expect(res.status).toBe(502);
    expect(await res.json()).toMatchObject({ code: 'ai_upstream_error' });
    expect(await usedBy(ip)).toBe(0);
  });
});
