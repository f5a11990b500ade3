import { describe, expect, it } from 'vitest';
import { filterServices, searchServices, SERVICES } from './services';

const ids = (query: string) => searchServices(SERVICES, query).services.map((s) => s.id);

describe('filterServices', () => {
  it('matches title, description and features case-insensitively', () => {
    expect(filterServices(SERVICES, 'OPTIMIZE').map((s) => s.id)).toEqual(['optimize']);
    expect(filterServices(SERVICES, 'gps location').map((s) => s.id)).toEqual(['security']);
    expect(filterServices(SERVICES, 'batch').map((s) => s.id)).toEqual(['modify']);
  });

  it('returns every card for a blank query and none for a miss', () => {
    expect(filterServices(SERVICES, '   ')).toHaveLength(SERVICES.length);
    expect(filterServices(SERVICES, 'zzz-nothing')).toEqual([]);
    expect(searchServices(SERVICES, 'zebra crossing')).toEqual({ services: [] });
  });
});

describe('searchServices: the words people type for each job', () => {
  it.each([
    ['exif', 'security'],
    ['EXIF data', 'security'],
    ['metadata', 'security'],
    ['remove gps', 'security'],
    ['location', 'security'],
    ['jpg to png', 'convert'],
    ['PNG to JPG', 'convert'],
    ['png  to   jpg', 'convert'],
    ['convert my photo to webp', 'convert'],
    ['youtube thumbnail', 'modify'],
    ['instagram', 'modify'],
    ['shrink', 'optimize'],
    ['make smaller', 'optimize'],
    ['under 100 kb', 'optimize'],
    ['compress', 'optimize'],
    ['remove bg', 'optimize'],
    ['caption', 'meme-generator'],
  ])('"%s" finds %s', (query, id) => {
    expect(ids(query)).toContain(id);
  });

  it('keeps the answer narrow where the job is one tool', () => {
    expect(ids('exif')).toEqual(['security']);
    expect(ids('jpg to png')).toEqual(['convert']);
    expect(ids('youtube')).toEqual(['modify']);
    expect(ids('shrink')).toEqual(['optimize']);
  });

  it('finds Convert for HEIC and AVIF, which every tool takes (ADR 0132)', () => {
    for (const query of ['heic', 'HEIC to JPG', 'iphone heif', 'avif']) {
      const { services, note } = searchServices(SERVICES, query);
      expect(services.map((s) => s.id)).toContain('convert');
      expect(note).toBeUndefined();
    }
  });

  it('a query of filler words alone falls back to a plain substring match', () => {
    expect(ids('the')).toEqual(
      SERVICES.filter((s) => `${s.title} ${s.description}`.toLowerCase().includes('the')).map((s) => s.id),
    );
  });
});
