/**
 * Animations, shared by the Worker's tools and the editor's export (pure: no codec, no platform; ADR 0137).
 *
 * The frame model (frames.ts): a frame is the whole canvas as straight RGBA plus its delay in milliseconds; an
 * animation also has a width, a height and `loops` (plays; 0 for ever).
 *
 * - `readGifInfo(bytes)` → { width, height, frames, loops } without decoding pixels.
 * - `readGifFrames(bytes)` → a generator of composited frames (LZW, interlacing, local and global palettes,
 *   transparency, disposal 0–3), one canvas copy per frame; throws GifError on damaged data.
 * - `createGifWriter({ width, height, loops, colours?, tolerance? })` → { add(frame), finish(): bytes }: frames are
 *   quantised one at a time (gifenc), later frames hold only what changed; `encodeGif(frames, options)` in one call.
 * - `stripGifMetadata(bytes)` → { bytes, removed }: comments and application extensions (XMP, ICC) removed, the
 *   animation kept byte for byte.
 * - `muxAnimatedWebp({ width, height, loops }, [{ still, delayMs }])`: an animated WebP around still WebP files of
 *   the canvas size (made by any WebP encoder); `readWebpAnimation(bytes)` (null for a still WebP) and
 *   `readWebpFrames(animation, decodeStill)` read one back, frame by frame, with the caller's decoder.
 * - `ANIMATION_MAX_FRAMES`, `ANIMATION_MAX_PIXELS`, `animationLimitProblem(info)`: the tools' limits, in words.
 */
export * from './frames';
export { GifError, readGifInfo, stripGifMetadata } from './gif-blocks';
export { readGifFrames } from './gif-decode';
export { createGifWriter, encodeGif, type GifWriter, type GifWriterOptions } from './gif-encode';
export {
  frameChunks,
  muxAnimatedWebp,
  readWebpAnimation,
  readWebpFrames,
  WebpContainerError,
  type DecodeStill,
  type WebpAnimationOptions,
  type WebpFramePart,
} from './webp-container';
