import { describe, expect, it } from 'vitest';
import { matchesGroups, searchGroups } from './search-terms';

describe('template search terms', () => {
  it('reads phrases, drops words that mean nothing alone, and adds stand-ins', () => {
    expect(searchGroups('when you are tired')).toEqual([
      ['when you', 'reaction'],
      expect.arrayContaining(['tired', 'sleepy', 'zombie']),
    ]);
    expect(searchGroups('the my of')).toEqual([]);
    expect(searchGroups('Monday')[0]![0]).toBe('monday');
  });

  it('matches when every group finds a term, and never on no groups', () => {
    expect(matchesGroups('Sleepy Yawn a yawn past bedtime', searchGroups('so tired'))).toBe(true);
    expect(matchesGroups('Sleepy Yawn', searchGroups('tired cat'))).toBe(false);
    expect(matchesGroups('anything', [])).toBe(false);
  });
});
