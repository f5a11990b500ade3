import { describe, expect, it } from 'vitest';
import { MEME_LINE_MAX_CHARS, memeLinesSchema, memeRenderRequestSchema } from './meme';

describe('a meme’s lines', () => {
  it('lose the characters that hide or reorder text, keeping line breaks and what shows', () => {
    expect(memeLinesSchema.parse(['top\u0000 line', 'gpj.\u202Eexe', 'two\nlines\r', 'ünïcødé 😀 עברית'])).toEqual([
      'top line',
      'gpj.exe',
      'two\nlines',
      'ünïcødé 😀 עברית',
    ]);
  });

  it('keep an empty or blank line: it leaves its box blank, so a later box can be captioned alone', () => {
    expect(memeLinesSchema.parse(['', ' ', '\u202E', 'bottom'])).toEqual(['', ' ', '', 'bottom']);
  });

  it('are read the same way in a POST body', () => {
    expect(
      memeRenderRequestSchema.parse({ template: 'nope-yep', lines: ['\u2066nope\u2069', 'yep\u0007'] }).lines,
    ).toEqual(['nope', 'yep']);
  });

  it('refuse a line over the length limit, said in words', () => {
    const result = memeLinesSchema.safeParse(['x'.repeat(MEME_LINE_MAX_CHARS + 1)]);
    expect(result.success).toBe(false);
    expect(result.error?.issues[0]?.message).toBe(`Each line must be at most ${MEME_LINE_MAX_CHARS} characters.`);
  });
});
