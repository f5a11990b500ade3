import sharp from 'sharp';

type Rgb = [number, number, number];

/**
 * A looping GIF of `frames` frames of `width` × `height`: each frame one background colour with a yellow square on it,
 * frame i's colour and square as `look(i)` says (the square's corners both included). Written by sharp from raw
 * frames: ImageMagick drew the same pixels with about ten times the CPU (its quantizer's buffers, mapped and
 * zero-filled again for every frame: 10 CPU s for 96 frames of 480 × 320).
 */
export function movingSquareGif(
  frames: number,
  width: number,
  height: number,
  look: (i: number) => { background: Rgb; square: { left: number; top: number; right: number; bottom: number } },
  delayMs = 80,
): Promise<Buffer> {
  const frameBytes = width * height * 3;
  const raw = Buffer.alloc(frameBytes * frames);
  for (let i = 0; i < frames; i++) {
    const { background, square } = look(i);
    const row = Buffer.alloc(width * 3);
    for (let x = 0; x < width; x++) row.set(background, x * 3);
    const squareRow = Buffer.from(row);
    for (let x = square.left; x <= Math.min(square.right, width - 1); x++) squareRow.set([230, 200, 20], x * 3);
    for (let y = 0; y < height; y++)
      (y >= square.top && y <= square.bottom ? squareRow : row).copy(raw, i * frameBytes + y * width * 3);
  }
  return sharp(raw, { raw: { width, height: height * frames, channels: 3, pageHeight: height } })
    .gif({ delay: Array(frames).fill(delayMs), loop: 0 })
    .toBuffer();
}
