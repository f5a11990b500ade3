/** Step one of every operation: the header, read before anything is decoded (engine.ts re-exports `probe`). */
import { ACCEPTED_FORMATS_TEXT } from '../../../../../core/images/kinds';
import { HttpError } from '../../errors';
import { MAX_INPUT_PIXELS } from '../options';
import type { Picture } from '../types';
import { assertImage } from './assert-image';
import { displaySize } from './sniff';

/** Unknown formats 415, damaged files 422, over 50 MP 413; AVIF cannot be processed yet. */
export function probe(bytes: Uint8Array): Picture {
  const header = assertImage(bytes, MAX_INPUT_PIXELS);
  if (header.format === 'avif') {
    throw new HttpError(415, 'unsupported_media_type', `AVIF pictures cannot be processed yet. Please upload an image file (${ACCEPTED_FORMATS_TEXT}).`);
  }
  return { bytes, header, upright: displaySize(header) };
}
