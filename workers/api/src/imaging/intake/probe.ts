/** Step one of every operation: the header, read before anything is decoded (engine.ts re-exports `probe`). */
import { MAX_INPUT_PIXELS } from '../options';
import type { Picture } from '../types';
import { assertImage } from './assert-image';
import { displaySize } from './sniff';

/** Unknown formats 415, damaged files 422, over 50 MP 413, an AVIF over 1,200 px a side 413 (ADR 0132). */
export function probe(bytes: Uint8Array): Picture {
  const header = assertImage(bytes, MAX_INPUT_PIXELS);
  return { bytes, header, upright: displaySize(header) };
}
