/** Rotate by quarter turns clockwise, then flip. */
import type { RotateOptions } from '../../../../../../core/tools/rotate';
import { flip, transform } from '../../codecs/raster';
import type { ServiceStep } from '../../service/types';
import { everyFrame } from '../../animation/keep';
import type { OperationEntry, PixelPlan, Size } from '../../types';

export function planRotate(picture: Size, o: Pick<RotateOptions, 'angle' | 'flip'>): PixelPlan {
  const turned = o.angle === 90 || o.angle === 270;
  const steps: ServiceStep[] = [];
  if (o.angle !== 0) steps.push({ op: 'rotate', angle: o.angle });
  if (o.flip !== 'none') steps.push({ op: 'flip', axis: o.flip === 'horizontal' ? 'h' : 'v' });
  const said = [o.angle ? `Rotated ${o.angle}° clockwise` : '', o.flip !== 'none' ? `flipped ${o.flip}ly` : ''].filter(
    Boolean,
  );
  return {
    budget: 'rotate',
    output: turned ? { width: picture.height, height: picture.width } : picture,
    wasm: async (raster) => {
      const out = transform(raster, (o.angle / 90) as 0 | 1 | 2 | 3, false);
      return o.flip === 'none' ? out : flip(out, o.flip);
    },
    service: async () => ({ steps }),
    note: said.length ? `${said.join(' and ')}.` : 'Nothing to turn: the picture is unchanged.',
    unchanged: steps.length === 0,
  };
}

export const rotateOperation: OperationEntry<Omit<RotateOptions, 'operation'>> = {
  plan: ({ input }, o) => planRotate(input.upright, o),
  frames: async (job, o, animate) => everyFrame(job, planRotate(job.input.upright, o), animate),
};
