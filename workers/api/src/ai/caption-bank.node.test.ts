import { describe, expect, it } from 'vitest';
import { CAPTION_LINE_SEPARATOR } from '../../../../core/api/ai';
import { CAPTION_SUGGESTIONS } from '../../../../core/limits';
import { TEMPLATE_CAPTION_SEED } from './caption-bank-templates';
import {
  GENERIC_CAPTIONS,
  GENERIC_SINGLES,
  TEMPLATE_CAPTIONS,
  addTemplateCaptions,
  captionsFromBank,
  cleanContext,
} from './caption-bank';

const twoBox = { id: 'two-box', name: 'Two box', examples: [['Top example', 'Bottom example']], boxCount: 2 };

describe('the caption bank', () => {
  it('has at least 40 distinct generic captions', () => {
    expect(new Set(GENERIC_CAPTIONS.map((e) => e.join('|'))).size).toBeGreaterThanOrEqual(40);
  });

  it('answers 8 distinct captions that mention the context when one is given', () => {
    const captions = captionsFromBank(twoBox, '  learning to bake bread!  ');
    expect(captions).toHaveLength(CAPTION_SUGGESTIONS);
    expect(new Set(captions).size).toBe(captions.length);
    for (const c of captions) expect(c).toContain('learning to bake bread');
    expect(captions.join()).not.toContain('{context}');
  });

  it('gives one line per box: no separator for single-box templates', () => {
    const captions = captionsFromBank({ ...twoBox, id: 'one', boxCount: 1 }, 'cats');
    for (const c of captions) expect(c).not.toContain(CAPTION_LINE_SEPARATOR);
    for (const c of captionsFromBank(twoBox, 'cats'))
      expect(c.split(CAPTION_LINE_SEPARATOR).length).toBeLessThanOrEqual(2);
  });

  it("uses the template's own examples when there is no context, and never leaves a placeholder", () => {
    const captions = captionsFromBank(twoBox, '');
    expect(captions).toContain(`Top example${CAPTION_LINE_SEPARATOR}Bottom example`);
    expect(captions.join()).not.toContain('{context}');
  });

  it('puts per-template captions first, filled with the context', () => {
    addTemplateCaptions('drake-like', [['Doing {context} properly', 'Doing {context} at 2 a.m.']]);
    try {
      const [first] = captionsFromBank({ ...twoBox, id: 'drake-like' }, 'homework');
      expect(first).toBe(`Doing homework properly${CAPTION_LINE_SEPARATOR}Doing homework at 2 a.m.`);
    } finally {
      delete TEMPLATE_CAPTIONS['drake-like'];
    }
  });

  it('is deterministic for the same template and context, and varies with the context', () => {
    expect(captionsFromBank(twoBox, 'dogs')).toEqual(captionsFromBank(twoBox, 'dogs'));
    expect(captionsFromBank(twoBox, 'dogs')).not.toEqual(captionsFromBank(twoBox, 'cats'));
  });

  it('has at least 8 hand-written captions for each seeded template, each with the right number of lines', () => {
    for (const [id, entries] of Object.entries(TEMPLATE_CAPTION_SEED)) {
      expect(entries.length, id).toBeGreaterThanOrEqual(8);
      expect(new Set(entries.map((e) => e.length)).size, id).toBe(1);
    }
    const captions = captionsFromBank(
      { id: 'cmm', name: 'Change my mind', examples: [], boxCount: 2 },
      'pineapple pizza',
    );
    expect(captions.filter((c) => c.endsWith(`${CAPTION_LINE_SEPARATOR}Change my mind`)).length).toBe(8);
  });

  it('never squeezes two lines into one box, nor leaves a box empty: an imported five-box template gets five lines', () => {
    const single = captionsFromBank({ id: 'imported-sign', name: 'Sign', examples: [], boxCount: 1 }, '');
    expect(single).toHaveLength(CAPTION_SUGGESTIONS);
    for (const c of single)
      expect(
        GENERIC_SINGLES.some(([line]) => line === c),
        c,
      ).toBe(true);
    const five = captionsFromBank({ id: 'imported-five', name: 'Five', examples: [], boxCount: 5 }, 'tea');
    expect(five).toHaveLength(CAPTION_SUGGESTIONS);
    for (const c of five) expect(c.split(CAPTION_LINE_SEPARATOR).filter((l) => l.trim())).toHaveLength(5);
  });

  it('leaves out captions that need a topic when there is none, instead of filling in a stand-in word', () => {
    for (const boxCount of [1, 2, 3]) {
      for (const c of captionsFromBank({ id: `none-${boxCount}`, name: 'N', examples: [], boxCount }, '  ')) {
        expect(c).not.toMatch(/\bthis at home\b|: this$|^this /);
      }
    }
    expect(captionsFromBank({ id: 'one', name: 'One', examples: [], boxCount: 1 }, '')).not.toContain(
      'Mom: we have this at home this at home:',
    );
  });

  it('cleans the context to one short line', () => {
    expect(cleanContext('a\n\nb   c...')).toBe('a b c');
    expect(cleanContext('word '.repeat(60)).length).toBeLessThanOrEqual(80);
  });
});

describe('toCaptionTemplate', () => {
  it('takes the box count from the text boxes (at least one)', async () => {
    const { toCaptionTemplate } = await import('./provider');
    expect(toCaptionTemplate({ id: 'a', name: 'A', examples: [['x', 'y']], textBoxes: [{}, {}, {}] })).toEqual({
      id: 'a',
      name: 'A',
      examples: [['x', 'y']],
      boxCount: 3,
    });
    expect(toCaptionTemplate({ id: 'b', name: 'B', examples: [], textBoxes: [] }).boxCount).toBe(1);
  });
});
