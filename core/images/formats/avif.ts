import { readHeif } from './isobmff';
import type { HeaderInfo, ReadOptions } from './shared';

/**
 * AVIF: an ISO-BMFF `ftyp` naming an AVIF brand, image data (`mdat`), and the size from the `ispe` properties in
 * meta/iprp/ipco (isobmff.ts). The largest `ispe` is used, so an image with a small primary item and a huge grid cannot hide.
 */
export const readAvif = (bytes: Uint8Array, options: ReadOptions): HeaderInfo => readHeif(bytes, options, 'avif');
