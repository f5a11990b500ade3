/** What a large compress (large.ts) works on and answers, shared by its paths: a given quality, auto and a target. */
import type { OutputFormat } from '../../codecs/encode';
import type { ServiceFormat, ServiceStep } from '../../service/types';
import type { Size } from '../../types';
import type { Encoded } from './choices';

/** What is compressed: the input's bytes, the steps that make the picture from them (a resize), and its size. */
export interface LargePicture {
  bytes: Uint8Array;
  steps: readonly ServiceStep[];
  size: Size;
}

export interface LargeCompressed {
  bytes: Uint8Array;
  format: OutputFormat;
  quality?: number;
  score?: number;
  looksSame?: boolean;
  search?: Encoded['search'];
  notes: string[];
  formatReason?: string;
  /** The picture's size where a target size made it smaller than it was given (ADR 0210). */
  size?: Size;
}

/** The whole picture encoded by the image service, at `size` where given (a target's scaled try): one billed call (ADR 0116). */
export type Whole = (format: ServiceFormat, quality?: number, size?: Size) => Promise<Uint8Array>;
