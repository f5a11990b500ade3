import { sniffProblem } from '../../../../../core/images/intake';
import { MAX_IMAGE_PIXELS } from '../../../../../core/limits';
import { HttpError } from '../../errors';
import { type ImageInfo, sniffImage } from './sniff';

/**
 * The HTTP face of `sniffImage`: unknown formats are 415, too many pixels 413, damaged files 422.
 * Every route that takes an image from a client goes through here before doing anything else with it.
 */
export function assertImage(bytes: Uint8Array, maxPixels = MAX_IMAGE_PIXELS): ImageInfo {
  const result = sniffImage(bytes, { maxPixels });
  if (result.ok) return result.info;
  const problem = sniffProblem(result, maxPixels);
  throw new HttpError(problem.status, problem.code, problem.message);
}
