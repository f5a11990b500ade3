import { describe, expect, it } from 'vitest';
import { keptShareValue, keptSharesIn, parseKeptShare, shareTitle } from './delete-tokens';

const TOKEN = 'A'.repeat(40) + '_-9';
const OTHER_TOKEN = 'b'.repeat(43);

/** localStorage's interface over a Map, in insertion order. */
function memoryStorage(entries: Record<string, string>): Storage {
  const map = new Map(Object.entries(entries));
  return {
    get length() {
      return map.size;
    },
    key: (i: number) => [...map.keys()][i] ?? null,
    getItem: (k: string) => map.get(k) ?? null,
    setItem: (k: string, v: string) => void map.set(k, v),
    removeItem: (k: string) => void map.delete(k),
    clear: () => map.clear(),
  };
}

const made = (createdAt: string, expiresAt: string | null, template: string | null = 'Nope / Yep') =>
  keptShareValue(
    {
      template: template ? { id: 'nope-yep', name: template } : null,
      captions: ['writing it by hand', 'sharing a link'],
      createdAt,
      expiresAt,
    },
    TOKEN,
  );

describe('the shares this browser keeps', () => {
  it('reads a link made before the dashboard listed them (the token alone) with no details', () => {
    expect(parseKeptShare('abcdefghij12', TOKEN)).toEqual({
      id: 'abcdefghij12',
      token: TOKEN,
      title: null,
      captions: [],
      createdAt: null,
      expiresAt: undefined,
    });
  });

  it('reads the record written at creation back whole, a premium one with no expiry', () => {
    expect(parseKeptShare('abcdefghij12', made('2026-11-27T22:00:00.000Z', '2026-12-27T22:00:00.000Z'))).toEqual({
      id: 'abcdefghij12',
      token: TOKEN,
      title: 'Nope / Yep meme',
      captions: ['writing it by hand', 'sharing a link'],
      createdAt: '2026-11-27T22:00:00.000Z',
      expiresAt: '2026-12-27T22:00:00.000Z',
    });
    expect(parseKeptShare('abcdefghij12', made('2026-11-27T22:00:00.000Z', null, null))).toMatchObject({
      title: 'A meme',
      expiresAt: null,
    });
  });

  it('ignores bad JSON, a record without a valid token or date, another version, and a key that is not a share id', () => {
    const good = JSON.parse(made('2026-11-27T22:00:00.000Z', null)) as Record<string, unknown>;
    for (const value of [
      '{"v":1,"token":',
      'not a token',
      '',
      'null',
      '[]',
      '"' + TOKEN + '"',
      JSON.stringify({ ...good, token: 'short' }),
      JSON.stringify({ ...good, createdAt: 'yesterday' }),
      JSON.stringify({ ...good, v: 2 }),
      JSON.stringify({ ...good, captions: 'one' }),
    ]) {
      expect(parseKeptShare('abcdefghij12', value), value).toBeNull();
    }
    expect(parseKeptShare('ABCDEFGHIJ12', TOKEN)).toBeNull();
    expect(parseKeptShare('abcdefghij12', null)).toBeNull();
  });

  it('reads a date with an offset and refuses one without seconds or a zone, or on a day the calendar lacks', () => {
    expect(parseKeptShare('abcdefghij12', made('2026-11-27T23:00:00+01:00', null))).toMatchObject({
      createdAt: '2026-11-27T23:00:00+01:00',
    });
    expect(parseKeptShare('abcdefghij12', made('2024-02-29T12:00:00Z', null))).not.toBeNull();
    for (const date of [
      '2026-11-27T22:00Z',
      '2026-11-27T22:00:00',
      '2026-11-27',
      '2026-02-29T12:00:00Z',
      '2026-04-31T12:00:00Z',
    ])
      expect(parseKeptShare('abcdefghij12', made(date, null)), date).toBeNull();
    expect(parseKeptShare('abcdefghij12', made('2026-11-27T22:00:00.000Z', '2026-13-01T00:00:00.000Z'))).toBeNull();
  });

  it('lists both shapes from storage newest first, old tokens last, and skips other keys and broken values', () => {
    const store = memoryStorage({
      darkMode: 'true',
      'memeforge.share.old000000001': OTHER_TOKEN,
      'memeforge.share.older0000001': made('2026-11-01T10:00:00.000Z', '2026-12-01T10:00:00.000Z'),
      'memeforge.share.broken000001': '{"v":1,',
      'memeforge.share.newer0000001': made('2026-11-20T10:00:00.000Z', null),
      'memeforge.shared.notashare01': TOKEN,
    });
    expect(keptSharesIn(store).map((s) => s.id)).toEqual(['newer0000001', 'older0000001', 'old000000001']);
    expect(keptSharesIn(memoryStorage({}))).toEqual([]);
  });

  it('titles a share as its page does', () => {
    expect(shareTitle('Drake Hotline Bling')).toBe('Drake Hotline Bling meme');
    expect(shareTitle(null)).toBe('A meme');
  });
});
