/** Crop: a rectangle of the upright picture. */
import { cropProblem, type CropOptions } from '../../../../../../core/tools/crop';
import { HttpError } from '../../../errors';
import { crop } from '../../codecs/raster';
import { everyFrame } from '../../animation/keep';
import type { Job, OperationEntry, PixelPlan, Size } from '../../types';

export function planCrop(picture: Size, o: Pick<CropOptions, 'x' | 'y' | 'width' | 'height'>): PixelPlan {
  const whole = o.x === 0 && o.y === 0 && o.width === picture.width && o.height === picture.height;
  return {
    budget: 'crop',
    output: { width: o.width, height: o.height },
    wasm: async (raster) => crop(raster, o.x, o.y, o.width, o.height),
    service: async () => ({ steps: [{ op: 'crop', left: o.x, top: o.y, width: o.width, height: o.height }] }),
    note: whole
      ? 'Nothing to crop: the box is the whole picture, so the picture is unchanged.'
      : `Cropped to ${o.width}×${o.height} from (${o.x}, ${o.y}) of the ${picture.width}×${picture.height} picture.`,
    unchanged: whole,
  };
}

type Options = Omit<CropOptions, 'operation'>;

function checkedPlan({ input }: Job, o: Options): PixelPlan {
  const problem = cropProblem(o, input.upright.width, input.upright.height);
  if (problem) throw new HttpError(400, 'validation_failed', problem);
  return planCrop(input.upright, o);
}

export const cropOperation: OperationEntry<Options> = {
  plan: checkedPlan,
  frames: async (job, o, animate) => everyFrame(job, checkedPlan(job, o), animate),
};
