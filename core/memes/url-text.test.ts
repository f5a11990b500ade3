import { describe, expect, it } from 'vitest';
import { captionFromSegment, segmentFromCaption } from './url-text';

const read = (segment: string) => {
  const r = captionFromSegment(segment);
  return r.ok ? r.text : `ERROR ${r.problem}`;
};

describe('captions in a URL path', () => {
  it.each([
    ['one_does_not', 'one does not'],
    ['simply-walk', 'simply walk'],
    ['snake__case', 'snake_case'],
    ['well--known', 'well-known'],
    ['why~q', 'why?'],
    ['and~sor', 'and/or'],
    ['~h1', '#1'],
    ['100~p', '100%'],
    ['this~nthat', 'this\nthat'],
    ["''quoted''", '"quoted"'],
    ['a~ab~bc~ld~ge~tf', 'a&b\\c<d>e~f'],
    ['caf%C3%A9', 'café'],
    ['hello%20world', 'hello world'],
    ['_', ' '],
  ])('%s → %j', (segment, caption) => {
    expect(read(segment)).toBe(caption);
  });

  it.each([
    ['what~x', /"~x", which is not an escape/],
    ['trailing~', /"~", which is not an escape/],
    ['100%zz', /% that is not followed by two hexadecimal digits/],
  ])('refuses %s', (segment, problem) => {
    expect(read(segment)).toMatch(problem);
  });

  it('writes any caption as a segment that reads back to it', () => {
    for (const caption of ['a_b-c d?e/f#g%h&i\\j<k>l"m~n', 'line one\nline two', 'ünïcödé 🙂', '', '__--__']) {
      const segment = segmentFromCaption(caption);
      expect(segment).not.toMatch(/[/?#\s]/);
      expect(read(segment)).toBe(caption === '' ? ' ' : caption);
    }
  });
});
