import { describe, expect, it } from 'vitest';
import { mosaic } from '../judge-sample';
import { createRaster, crop } from '../raster';
import type { ImageService, ServiceJob } from '../service/types';
import { possibleFormats, serviceSample } from './compress';

describe('possibleFormats', () => {
  it('is the asked format for a fixed quality; JPEG, WebP or PNG where the engine chooses', () => {
    expect(possibleFormats({ quality: 80, format: 'original' }, 'jpeg')).toEqual(['jpeg']);
    expect(possibleFormats({ quality: 'auto', format: 'original' }, 'png')).toEqual(['png']);
    expect(possibleFormats({ quality: 'auto', format: 'auto' }, 'jpeg')).toEqual(['jpeg', 'webp', 'png']);
    expect(possibleFormats({ quality: 80, format: 'webp', targetBytes: 5000 }, 'webp')).toEqual(['jpeg', 'webp', 'png']);
  });
});

describe('serviceSample', () => {
  it('cuts the sample tiles of a large photo from one band per row of tiles, pixel for pixel', async () => {
    const photo = createRaster(4000, 3000);
    for (let i = 0; i < photo.data.length; i++) photo.data[i] = (i * 7919) % 251;
    const calls: ServiceJob[] = [];
    // A stand-in service that crops the raster above: enough to check which calls are made and what is cut.
    const images: ImageService = {
      name: 'local',
      async run(job) {
        calls.push(job);
        const step = job.steps[0];
        if (step?.op !== 'crop') throw new Error('only crops');
        const cut = crop(photo, step.left, step.top, step.width, step.height);
        return { bytes: new Uint8Array(cut.data.buffer), width: cut.width, height: cut.height, format: 'rgba' };
      },
    };
    const { raster, tiles } = await serviceSample(images, new Uint8Array(), photo);
    expect(calls).toHaveLength(new Set(tiles.map((t) => t.top)).size);
    expect(calls.length).toBeLessThan(tiles.length);
    expect(raster.data).toEqual(mosaic(tiles.map((t) => crop(photo, t.left, t.top, t.width, t.height))).data);
  });
});
