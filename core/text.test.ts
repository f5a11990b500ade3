import { describe, expect, it } from 'vitest';
import { withoutHiddenControls } from './text';

describe('withoutHiddenControls', () => {
  it('removes NUL, escapes and DEL, and every bidirectional control, keeping the visible text', () => {
    expect(withoutHiddenControls('a\u0000b\u001bc\u007fd')).toBe('abcd');
    expect(withoutHiddenControls('gpj.\u202Eexe')).toBe('gpj.exe');
    expect(withoutHiddenControls('\u200e\u200f\u061c\u202a\u202b\u202c\u202d\u2066\u2067\u2068\u2069x')).toBe('x');
    expect(withoutHiddenControls('ünïcødé 😀 עברית')).toBe('ünïcødé 😀 עברית');
  });

  it('keeps line breaks in captions unless asked not to', () => {
    expect(withoutHiddenControls('top\nline\r')).toBe('top\nline');
    expect(withoutHiddenControls('top\nline', { keepLineBreaks: false })).toBe('topline');
  });
});
