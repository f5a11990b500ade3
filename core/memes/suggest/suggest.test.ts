import { describe, expect, it } from 'vitest';
import type { TextBox } from '../../api/templates';
import { TOPIC_MAX_CHARS } from '../../limits';
import { boxCharBudget, checkCandidates, type SuggestTemplate } from './answer';
import { readModelAnswer, suggestWithModel, type Message } from './model';
import { offlineCandidates, rankTemplates } from './pick';
import { readTopic } from './topic';

const box = (scale_x: number, scale_y: number): TextBox => ({
  anchor_x: 0,
  anchor_y: 0,
  scale_x,
  scale_y,
  align: 'center',
  style: 'upper',
  color: 'white',
  font: 'Impact',
  angle: 0,
});
const tpl = (id: string, keywords: string[], boxes = 2, description = 'A picture.'): SuggestTemplate => ({
  id,
  name: id.replace(/-/g, ' '),
  description,
  keywords,
  width: 800,
  height: 800,
  textBoxes: Array.from({ length: boxes }, () => box(0.94, 0.1875)),
  examples: [Array.from({ length: boxes }, (_, i) => `example ${i + 1}`)],
});
const CATALOGUE = [
  tpl('nope-yep', ['choice', 'prefer']),
  tpl('sleepy-yawn', ['sleepy', 'tired']),
  tpl('monday-zombie', ['monday', 'zombie', 'office']),
  tpl('tier-list', ['rank'], 5),
  tpl('party-mode', ['party', 'friday']),
];
const BY_ID = new Map(CATALOGUE.map((t) => [t.id, t]));
const envelope = (body: unknown) => ({ response: body });

describe('a meme topic', () => {
  it.each([
    [undefined, 400, 'validation_failed', 'required'],
    ['', 400, 'validation_failed', 'empty'],
    ['   ', 400, 'validation_failed', 'empty'],
    [42, 400, 'validation_failed', 'text'],
    ['x'.repeat(2000), 413, 'topic_too_long', '2,000 characters'],
    ['<b></b><script></script>', 422, 'topic_unreadable', 'markup'],
    ['&nbsp; <br/> !!', 422, 'topic_unreadable', 'markup'],
    ['naked pictures of my boss', 422, 'topic_refused', 'sexual'],
    ["my neighbour's home address", 422, 'topic_refused', 'private'],
  ])('%j is answered %i %s naming the problem', (raw, status, code, words) => {
    const read = readTopic(raw);
    expect(read).toMatchObject({ ok: false, status, code });
    if (!read.ok) expect(read.problem).toContain(words);
  });

  it('keeps the words of any language, without markup, on one line', () => {
    expect(readTopic('  <i>lunes</i> por la\nmañana ')).toEqual({ ok: true, topic: 'lunes por la mañana' });
    expect(readTopic('月曜日の朝')).toEqual({ ok: true, topic: '月曜日の朝' });
    expect(readTopic('x'.repeat(TOPIC_MAX_CHARS))).toMatchObject({ ok: true });
  });
});

describe('a box holds what fits at a readable size', () => {
  it('gives a wide caption box far more room than a small grid cell, within the line cap', () => {
    const wide = boxCharBudget({ width: 800, height: 800 }, box(0.94, 0.1875));
    const cell = boxCharBudget({ width: 900, height: 900 }, box(0.2889, 0.0833));
    expect(wide).toBeGreaterThan(60);
    expect(cell).toBeLessThan(45);
    expect(cell).toBeGreaterThan(15);
  });
});

describe("checking a model's memes", () => {
  it('keeps valid memes, repairs whitespace, markup and a template named by its name', () => {
    const { valid, problems } = checkCandidates(
      [
        { template: 'Nope Yep', lines: [' <b>tea</b> ', '"coffee"'] },
        { template: 'SLEEPY-YAWN', lines: ['me', 'at 9 am'] },
      ],
      BY_ID,
    );
    expect(problems).toEqual([]);
    expect(valid).toEqual([
      { templateId: 'nope-yep', lines: ['tea', 'coffee'] },
      { templateId: 'sleepy-yawn', lines: ['me', 'at 9 am'] },
    ]);
  });

  it.each([
    [{ template: 'no-such-meme', lines: ['a', 'b'] }, 'not a template'],
    [{ template: 'nope-yep', lines: ['only one'] }, 'exactly 2 lines'],
    [{ template: 'nope-yep', lines: ['a', 'b', 'c'] }, 'exactly 2 lines'],
    [{ template: 'nope-yep', lines: ['a', '  '] }, 'empty'],
    [{ template: 'nope-yep', lines: ['a', 'word '.repeat(40)] }, 'that box holds'],
  ])('refuses %j, saying why', (meme, problem) => {
    const { valid, problems } = checkCandidates([meme], BY_ID);
    expect(valid).toEqual([]);
    expect(problems[0]).toContain(problem);
  });

  it('refuses a template used twice or excluded', () => {
    const { valid, problems } = checkCandidates(
      [
        { template: 'nope-yep', lines: ['a', 'b'] },
        { template: 'nope-yep', lines: ['c', 'd'] },
        { template: 'party-mode', lines: ['e', 'f'] },
      ],
      BY_ID,
      new Set(['party-mode']),
    );
    expect(valid.map((c) => c.templateId)).toEqual(['nope-yep']);
    expect(problems).toHaveLength(2);
  });

  it('reads JSON mode answers as an object or a string, and nothing else', () => {
    const memes = [{ template: 'nope-yep', lines: ['a', 'b'] }];
    expect(readModelAnswer(envelope({ memes }))).toEqual({ memes });
    expect(readModelAnswer(envelope(JSON.stringify({ memes })))).toEqual({ memes });
    expect(readModelAnswer(envelope({ refused: 'That is hateful.' }))).toEqual({ refused: 'That is hateful.' });
    expect(readModelAnswer(envelope('Sure! Here are some memes: ...'))).toBeNull();
    expect(readModelAnswer({ result: 'x' })).toBeNull();
  });
});

describe('the model loop', () => {
  const offline = (count: number, exclude: readonly string[]) =>
    offlineCandidates(CATALOGUE, 'monday', count, () => [], { exclude });
  const request = { topic: 'monday', count: 3, exclude: [] as string[] };
  const good = [
    { template: 'nope-yep', lines: ['weekend', 'monday'] },
    { template: 'sleepy-yawn', lines: ['monday', 'again'] },
    { template: 'monday-zombie', lines: ['me', 'at 8'] },
  ];

  it('takes a valid first answer and asks once', async () => {
    const asked: Message[][] = [];
    const out = await suggestWithModel(
      async (m) => (asked.push(structuredClone(m)), envelope({ memes: good })),
      CATALOGUE,
      request,
      offline,
    );
    expect(asked).toHaveLength(1);
    expect(out).toMatchObject({ kind: 'memes', modelCount: 3 });
    // The prompt gives the catalogue with each template's boxes and budgets, and asks for the topic's language.
    expect(asked[0]![0]!.content).toMatch(
      /monday-zombie \| monday zombie \| A picture\. \| monday, zombie, office \| 2 boxes, max chars \[\d+,\d+\]/,
    );
    expect(asked[0]![0]!.content).toContain('same language as the topic');
  });

  it('retries once after a wrong template and a wrong line count, telling the model what was wrong', async () => {
    const answers = [
      envelope({
        memes: [good[0], { template: 'doge', lines: ['a', 'b'] }, { template: 'party-mode', lines: ['one'] }],
      }),
      envelope({ memes: [good[1], good[2]] }),
    ];
    const asked: Message[][] = [];
    const out = await suggestWithModel(
      async (m) => (asked.push(structuredClone(m)), answers.shift()),
      CATALOGUE,
      request,
      offline,
    );
    expect(asked).toHaveLength(2);
    expect(asked[1]!.at(-1)!.content).toContain('"doge" is not a template id');
    expect(asked[1]!.at(-1)!.content).toContain('"party-mode" has 2 text boxes');
    expect(out).toMatchObject({ kind: 'memes', modelCount: 3 });
    if (out.kind === 'memes') expect(new Set(out.candidates.map((c) => c.templateId)).size).toBe(3);
  });

  it('tops up from the offline stand-in when the model gives fewer, and says which are which', async () => {
    const out = await suggestWithModel(async () => envelope({ memes: [good[0]] }), CATALOGUE, request, offline);
    expect(out.kind === 'memes' && out.candidates.map((c) => c.source)).toEqual(['model', 'bank', 'bank']);
    expect(out.kind === 'memes' && new Set(out.candidates.map((c) => c.templateId)).size).toBe(3);
  });

  it('throws after two answers that are not JSON (the route refunds the unit)', async () => {
    let calls = 0;
    await expect(
      suggestWithModel(async () => (calls++, envelope('not json {')), CATALOGUE, request, offline),
    ).rejects.toThrow(/no usable meme/);
    expect(calls).toBe(2);
    await expect(
      suggestWithModel(
        async () => {
          throw new Error("JSON Mode couldn't be met");
        },
        CATALOGUE,
        request,
        offline,
      ),
    ).rejects.toThrow();
  });

  it("passes a model's refusal on", async () => {
    expect(
      await suggestWithModel(
        async () => envelope({ refused: 'It targets a private person.' }),
        CATALOGUE,
        request,
        offline,
      ),
    ).toEqual({ kind: 'refused', reason: 'It targets a private person.' });
  });
});

describe('the offline stand-in', () => {
  it('picks templates by the topic and its stand-ins, on different templates, and fills every box', () => {
    expect(rankTemplates(CATALOGUE, 'so tired today')[0]!.id).toBe('sleepy-yawn');
    expect(rankTemplates(CATALOGUE, 'monday morning')[0]!.id).toBe('monday-zombie');
    const picked = offlineCandidates(CATALOGUE, 'monday', 3, (t, topic) => [t.textBoxes.map(() => topic)]);
    expect(picked.map((c) => c.templateId)[0]).toBe('monday-zombie');
    expect(new Set(picked.map((c) => c.templateId)).size).toBe(3);
    for (const c of picked) expect(c.lines).toHaveLength(BY_ID.get(c.templateId)!.textBoxes.length);
  });

  it('"Try again" leaves out what was shown; "More like this" puts the template first', () => {
    const again = offlineCandidates(CATALOGUE, 'monday', 2, () => [], { exclude: ['monday-zombie', 'sleepy-yawn'] });
    expect(again.map((c) => c.templateId)).not.toContain('monday-zombie');
    expect(
      offlineCandidates(CATALOGUE, 'monday', 2, () => [], { like: 'party-mode', exclude: ['party-mode'] })[0]!
        .templateId,
    ).toBe('party-mode');
  });
});
