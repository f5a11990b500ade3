import { describe, expect, it } from 'vitest';
import { imageIdOf, storedImageAddress } from './address';

const id = 't1a2b3c-0123456789abcdef0123456789abcdef';

describe('image addresses', () => {
  it('reads the id of an address this API gave out, and nothing else', () => {
    expect(imageIdOf(`/api/images/${id}`)).toBe(id);
    expect(imageIdOf('/api/images/k-0123456789abcdef0123456789abcdef')).toBe('k-0123456789abcdef0123456789abcdef');
    expect(imageIdOf(`/api/images/${id}/x`)).toBeNull();
    expect(imageIdOf(`/images/${id}`)).toBeNull();
    expect(imageIdOf('/api/images/../memes')).toBeNull();
  });

  it('finds the stored address behind a picture’s src on this site only', () => {
    const page = 'https://memeforge.example/meme-generator?image=x';
    expect(storedImageAddress(`https://memeforge.example/api/images/${id}`, page)).toBe(`/api/images/${id}`);
    expect(storedImageAddress(`/api/images/${id}`, page)).toBe(`/api/images/${id}`);
    expect(storedImageAddress(`https://elsewhere.example/api/images/${id}`, page)).toBeNull();
    expect(storedImageAddress('/templates/drake.png', page)).toBeNull();
    expect(storedImageAddress(`/api/images/${id}?download=a.png`, page)).toBeNull();
    expect(storedImageAddress('data:image/png;base64,AAAA', page)).toBeNull();
    expect(storedImageAddress(undefined, page)).toBeNull();
  });
});
