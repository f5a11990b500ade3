import { describe, expect, it } from 'vitest';
import { imageIdOf, imageIdOfAddress, storedImageAddress } from './address';

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

  it('reads the id of an absolute address as answers give it, on the answering site only when it is named', () => {
    const site = 'https://memeforge.example';
    expect(imageIdOfAddress(`${site}/api/images/${id}`, site)).toBe(id);
    expect(imageIdOfAddress(`/api/images/${id}`, site)).toBe(id);
    expect(imageIdOfAddress(`${site}/api/images/${id}`)).toBe(id);
    expect(imageIdOfAddress(`https://elsewhere.example/api/images/${id}`, site)).toBeNull();
    expect(imageIdOfAddress(`${site}/api/images/${id}?download=a.png`, site)).toBeNull();
    expect(imageIdOfAddress(`${site}/api/images/${id}#x`, site)).toBeNull();
    expect(imageIdOfAddress(`https://user:pw@memeforge.example/api/images/${id}`)).toBeNull();
    expect(imageIdOfAddress(`ftp://memeforge.example/api/images/${id}`)).toBeNull();
    expect(imageIdOfAddress(`${site}/api/images/${id}/x`, site)).toBeNull();
    expect(imageIdOfAddress('not a url')).toBeNull();
  });
});
