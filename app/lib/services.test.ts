import { describe, expect, it } from 'vitest';
import { filterServices, SERVICES } from './services';

describe('filterServices', () => {
  it('matches title, description and features case-insensitively', () => {
    expect(filterServices(SERVICES, 'OPTIMIZE').map((s) => s.id)).toEqual(['optimize']);
    expect(filterServices(SERVICES, 'gps location').map((s) => s.id)).toEqual(['security']);
    expect(filterServices(SERVICES, 'batch').map((s) => s.id)).toEqual(['modify']);
  });

  it('returns every card for a blank query and none for a miss', () => {
    expect(filterServices(SERVICES, '   ')).toHaveLength(SERVICES.length);
    expect(filterServices(SERVICES, 'zzz-nothing')).toEqual([]);
  });
});
