import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { describeIssue, fieldName } from './issues';
import { z } from './zod';

const first = (schema: z.ZodType, input: unknown) => {
  const r = schema.safeParse(input);
  if (r.success) throw new Error('expected a failure');
  return describeIssue(r.error.issues[0]);
};

describe('describeIssue', () => {
  it('names fields in words', () => {
    expect(fieldName(['targetBytes'])).toBe('Target bytes');
    expect(fieldName(['boxes', 2, 'text'])).toBe('Boxes item 3 text');
    expect(fieldName([])).toBe('');
  });

  it("rewrites zod's generic messages from the issue's facts", () => {
    const s = z.object({ targetBytes: z.number().int().min(1024), name: z.string().max(3), kind: z.enum(['a', 'b']) });
    expect(first(s, {})).toBe('Target bytes is required.');
    expect(first(s, { targetBytes: 'x' })).toBe('Target bytes must be a number.');
    expect(first(s, { targetBytes: 10, name: 'a', kind: 'a' })).toBe('Target bytes must be at least 1024.');
    expect(first(s, { targetBytes: 2048, name: 'abcd', kind: 'a' })).toBe('Name must have at most 3 characters.');
    expect(first(s, { targetBytes: 2048, name: 'a', kind: 'c' })).toBe('Kind must be one of: a, b.');
    expect(first(s, 'not an object')).toBe('The request must be an object.');
  });

  it('keeps sentences written for people and puts the field before a bare verb phrase', () => {
    expect(
      first(z.object({ q: z.number({ message: 'Quality must be auto or a whole number from 10 to 100.' }) }), {
        q: 'abc',
      }),
    ).toBe('Quality must be auto or a whole number from 10 to 100.');
    expect(
      first(z.object({ fullPage: z.enum(['true', 'false'], { message: 'must be true or false' }) }), {
        fullPage: 'yes',
      }),
    ).toBe('Full page must be true or false.');
  });

  it('says what is wrong with the option of the input’s own kind when no option of a union takes it', () => {
    const captions = z.object({
      captions: z.union([
        z.string().max(5, 'A caption is at most 5 characters.'),
        z.array(z.string().max(5, 'A caption is at most 5 characters.')).max(2, 'At most 2 captions.'),
      ]),
    });
    expect(first(captions, { captions: ['a', 'b', 'c'] })).toBe('At most 2 captions.');
    expect(first(captions, { captions: ['a', 'toolong'] })).toBe('A caption is at most 5 characters.');
    expect(first(captions, { captions: 'toolong' })).toBe('A caption is at most 5 characters.');
    // No option of its kind: the union's own words.
    expect(first(captions, { captions: 7 })).toBe('Captions is not valid.');
    // A union that says what it takes keeps its sentence.
    const scale = z.object({ scale: z.union([z.literal(1), z.literal(2)], { message: 'Scale must be 1 or 2.' }) });
    expect(first(scale, { scale: 3 })).toBe('Scale must be 1 or 2.');
  });

  it("no schema in core writes a message that looks like zod's generic ones", () => {
    const files = (dir: string): string[] =>
      readdirSync(dir).flatMap((f) => {
        const p = join(dir, f);
        return statSync(p).isDirectory() ? files(p) : p.endsWith('.ts') && !p.endsWith('.test.ts') ? [p] : [];
      });
    const offending = files(join(__dirname, '..')).filter((f) =>
      /['"`](Invalid (input|option|string|value)|Too (small|big))/.test(readFileSync(f, 'utf8')),
    );
    expect(offending).toEqual([]);
  });
});
