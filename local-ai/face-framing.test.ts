import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { frameCover, holds } from '../core/tools/cover-framing';
import { coverCrop } from '../core/tools/resize';
import { detectFaces } from './faces';
import { corpusFile, HAS_CORPUS, NO_CORPUS_REASON } from './test-corpus';

/**
 * ADR 0136 on a real photo with the real offline face detector: the astronaut portrait cut so her face is near the
 * left edge, resized 1:3 to fill, keeps the whole face when the faces frame the crop; the centred crop cuts it.
 */

// Where the astronaut's face is in the 512×512 corpus photo (by eye, as in models.test.ts): forehead to chin.
const ASTRONAUT_FACE = { x: 175, y: 85, width: 95, height: 100 };
const LEFT = 140;

describe.skipIf(!HAS_CORPUS)(
  `face framing with the offline detector${HAS_CORPUS ? '' : ` (${NO_CORPUS_REASON})`}`,
  () => {
    it('a 1:3 cover of a photo with the face near an edge keeps the whole face', async () => {
      const photo = await sharp(await corpusFile('photos/astronaut.png'))
        .extract({ left: LEFT, top: 0, width: 512 - LEFT, height: 512 })
        .png()
        .toBuffer();
      const picture = { width: 512 - LEFT, height: 512 };
      const faces = await detectFaces(photo);
      // The detector also reports a doubtful second "face" (score about 0.4, on the suit): it does not frame the crop.
      expect(faces.filter((f) => f.score >= 0.5)).toHaveLength(1);
      const byEye = { ...ASTRONAUT_FACE, x: ASTRONAUT_FACE.x - LEFT };
      const box = { width: 200, height: 600 };
      const window = frameCover(picture, box, { faces });
      console.log('astronaut cut at x 140, 1:3 cover', { faces, window, centred: coverCrop(picture, box) });
      expect(window.by).toBe('faces');
      const face = faces.find((f) => f.score >= 0.5)!;
      expect(holds(window, face)).toBe(true);
      expect(holds(window, byEye)).toBe(true);
      expect(window.width / window.height).toBeCloseTo(1 / 3, 2);
      // The centred crop of the same shape cuts the face.
      expect(holds(coverCrop(picture, box), face)).toBe(false);
    }, 60_000);
  },
);
