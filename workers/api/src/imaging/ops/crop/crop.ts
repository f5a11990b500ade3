/** Crop: a rectangle of the upright picture. */
import type { CropOptions } from '../../../../../../core/tools/crop';
import { crop } from '../../codecs/raster';
import type { PixelPlan, Size } from '../../types';

export function planCrop(picture: Size, o: Pick<CropOptions, 'x' | 'y' | 'width' | 'height'>): PixelPlan {
  return {
    budget: 'crop',
    output: { width: o.width, height: o.height },
    wasm: async (raster) => crop(raster, o.x, o.y, o.width, o.height),
    service: async () => ({ steps: [{ op: 'crop', left: o.x, top: o.y, width: o.width, height: o.height }] }),
    note: `Cropped to ${o.width}×${o.height} from (${o.x}, ${o.y}) of the ${picture.width}×${picture.height} picture.`,
  };
}
