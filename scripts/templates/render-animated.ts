/** Node-only: an animated template's frames, drawn by resvg, as a looping GIF (core/animation's writer). */
import { createGifWriter } from '../../core/animation';
import type { TemplateDefinition } from './define';
import { renderRgba, toSvg } from './render';

export function renderGif(def: TemplateDefinition): Uint8Array {
  const animation = def.animation;
  if (!animation) throw new Error(`${def.id} is not animated`);
  const writer = createGifWriter({ width: def.width, height: def.height, loops: 0 });
  for (let frame = 0; frame < animation.frames; frame++) {
    const { pixels } = renderRgba(toSvg(def, frame));
    writer.add({
      rgba: new Uint8Array(pixels.buffer, pixels.byteOffset, pixels.byteLength),
      delayMs: animation.delayMs,
    });
  }
  return writer.finish();
}
