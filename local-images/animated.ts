/**
 * An animated GIF or WebP worked on frame by frame, as the Images binding does with `anim: true` (ADR 0137): libvips
 * reads every frame (`animated: true`), each frame goes through the job's steps and overlays as a still picture
 * would (server.ts), and the result is written as an animated GIF or WebP with the input's frame count, delays and
 * loop count. The binding's limits were checked before (the area of all frames together, core/image-service.ts).
 */
import sharp, { type Sharp } from 'sharp';

export interface Raw {
  data: Buffer;
  width: number;
  height: number;
}

export interface FrameSteps {
  /** One still frame through the job's steps and overlays. */
  frame(raw: Raw): Promise<Raw>;
}

/** A libvips problem reading the animation (the caller answers it as unreadable). */
export class AnimationUnreadable extends Error {}

/** Every frame of `input` through `steps`, written as `format` (`quality` for WebP). */
export async function runAnimated(
  input: Buffer,
  maxPixels: number,
  steps: FrameSteps,
  format: 'gif' | 'webp',
  quality: number | undefined,
): Promise<{ bytes: Buffer; width: number; height: number }> {
  let frames: Raw[];
  let delay: number[];
  let loop: number;
  try {
    const source = sharp(input, { animated: true, limitInputPixels: maxPixels, failOn: 'error' });
    const meta = await source.metadata();
    const { data, info } = await source.ensureAlpha().raw().toBuffer({ resolveWithObject: true });
    const pages = meta.pages ?? 1;
    const height = meta.pageHeight ?? info.height / pages;
    const per = info.width * height * 4;
    frames = Array.from({ length: pages }, (_, i) => ({
      data: data.subarray(i * per, (i + 1) * per),
      width: info.width,
      height,
    }));
    delay = meta.delay ?? Array(pages).fill(100);
    loop = meta.loop ?? 0;
  } catch {
    throw new AnimationUnreadable();
  }
  const done: Raw[] = [];
  for (const f of frames) done.push(await steps.frame(f));
  const { width, height } = done[0]!;
  const joined: Sharp = sharp(Buffer.concat(done.map((f) => f.data)), {
    raw: { width, height: height * done.length, channels: 4, pageHeight: height },
  });
  const encoded =
    format === 'gif' ? joined.gif({ loop, delay }) : joined.webp({ loop, delay, quality: quality ?? 80, effort: 4 });
  return { bytes: await encoded.toBuffer(), width, height };
}
