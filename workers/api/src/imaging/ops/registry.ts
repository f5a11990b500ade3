/**
 * The table of operations (ADR 0180): each tool operation's name and its record, which its own folder exports
 * (ops/<operation>/). The engine, the animation code and the tool routes read what an operation is from here (its
 * plan or run, its frames, its metering and timing, its extra fields); none of them names an operation, and no
 * operation's folder imports another's: what one lends another (compress, to a batch's resize) is handed over here.
 */
import { removeBackgroundOperation, upscaleOperation } from './ai/ai';
import { blurOperation } from './blur/blur';
import { compressOperation, compressStage } from './compress/compress';
import { convertOperation } from './convert/convert';
import { cropOperation } from './crop/crop';
import { memeOperation } from './meme/meme';
import { privacyOperation } from './privacy/privacy';
import { resizeOperation } from './resize/resize';
import { rotateOperation } from './rotate/rotate';
import { watermarkOperation } from './watermark/watermark';

export const OPERATIONS = {
  compress: compressOperation,
  convert: convertOperation,
  resize: resizeOperation(compressStage),
  crop: cropOperation,
  rotate: rotateOperation,
  watermark: watermarkOperation,
  blur: blurOperation,
  privacy: privacyOperation,
  upscale: upscaleOperation,
  'remove-background': removeBackgroundOperation,
  meme: memeOperation,
};
