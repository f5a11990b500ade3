import { readHeif } from './isobmff';
import type { HeaderInfo, ReadOptions } from './shared';

/**
 * HEIC (the iPhone's photos): the same container as AVIF with HEVC images (isobmff.ts). The size is the largest
 * `ispe` (an iPhone photo is a grid of 512 px tiles whose grid item carries the whole size), the orientation the
 * `irot` rotation. No pixels are decoded here or anywhere in the isolate: the image service reads HEIC (ADR 0132).
 */
export const readHeic = (bytes: Uint8Array, options: ReadOptions): HeaderInfo => readHeif(bytes, options, 'heic');
