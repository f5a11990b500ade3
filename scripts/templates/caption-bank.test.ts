/**
 * Every built-in template through the offline caption bank (workers/api/src/ai/caption-bank.ts), with no topic, short
 * and long topics: eight captions, one non-empty line per box, no line that repeats a run of its own words (the way
 * "Mom: we have this at home this at home:" did when two lines were squeezed into one box), no placeholder left.
 */
import { describe, expect, it } from 'vitest';
import { CAPTION_LINE_SEPARATOR } from '../../core/api/ai';
import { CAPTION_SUGGESTIONS } from '../../core/limits';
import { captionsFromBank } from '../../workers/api/src/ai/caption-bank';
import { toCaptionTemplate } from '../../workers/api/src/ai/provider';
import { CATALOG } from './catalog';

const TOPICS = [
  '',
  'cats',
  'learning to bake bread',
  'Monday mornings!!!',
  'the new office coffee machine that nobody knows how to use properly at all',
];
/** Templates whose joke is two boxes saying the same thing (the bell curve's ends). */
const SAME_BOXES_BY_DESIGN = new Set(['bell-curve', 'four-panel-comic']);

/** The first run of three words that a line says twice, or null. */
export function repeatedRun(line: string): string | null {
  const words = line
    .toLowerCase()
    .split(/[^\p{L}\p{N}']+/u)
    .filter(Boolean);
  const seen = new Set<string>();
  for (let i = 0; i + 3 <= words.length; i++) {
    const run = words.slice(i, i + 3).join(' ');
    if (seen.has(run)) return run;
    seen.add(run);
  }
  return null;
}

describe('the caption bank on every built-in template', () => {
  it('finds a repeated run of words, and passes a line without one', () => {
    expect(repeatedRun('Mom: we have this at home this at home:')).toBe('this at home');
    expect(repeatedRun('Mom: we have cats at home')).toBeNull();
  });

  for (const definition of CATALOG) {
    const template = toCaptionTemplate({ ...definition, examples: definition.examples });
    it(`${definition.id} (${template.boxCount} boxes): eight captions, every box a line of its own`, () => {
      for (const topic of TOPICS) {
        const captions = captionsFromBank(template, topic);
        expect(captions, `${definition.id} "${topic}"`).toHaveLength(CAPTION_SUGGESTIONS);
        expect(new Set(captions.map((c) => c.toLowerCase())).size).toBe(CAPTION_SUGGESTIONS);
        for (const caption of captions) {
          const lines = caption.split(CAPTION_LINE_SEPARATOR);
          const where = `${definition.id} "${topic}": ${caption}`;
          expect(lines, where).toHaveLength(template.boxCount);
          for (const line of lines) {
            expect(line.trim(), where).not.toBe('');
            expect(line, where).not.toContain('{context}');
            expect(repeatedRun(line), where).toBeNull();
          }
          if (!SAME_BOXES_BY_DESIGN.has(definition.id))
            expect(new Set(lines.map((l) => l.toLowerCase())).size, where).toBe(lines.length);
        }
        if (topic)
          expect(
            captions.some((c) => c.toLowerCase().includes(topic.toLowerCase().replace(/[.!?]+$/, ''))),
            `${definition.id} "${topic}" mentions it`,
          ).toBe(true);
      }
    });
  }
});
