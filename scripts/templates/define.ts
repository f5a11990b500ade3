import { textBoxSchema, type TemplateFeature, type TextBox } from '../../core/api/templates';

/** A text box given in pixels of the template's own drawing; converted to memegen fractions by `define`. */
export type PixelBox = [x: number, y: number, w: number, h: number, style?: Partial<TextBox>];

export interface TemplateSpec {
  id: string;
  name: string;
  description: string;
  keywords: string[];
  width: number;
  height: number;
  feature?: TemplateFeature | null;
  /** Defaults applied to every box (for example dark text on a light layout). */
  boxStyle?: Partial<TextBox>;
  boxes: PixelBox[];
  /** At least three; each example has one line per box. */
  examples: string[][];
  /**
   * An animated template (docs/decisions/0138-animated-meme-export.md): `draw(frame)` is called for frames 0 to
   * frames − 1 and the build writes a looping GIF, each frame shown `delayMs`.
   */
  animation?: { frames: number; delayMs: number };
  /** The SVG body (without the outer <svg>), drawn in a width × height coordinate space; `frame` for animations. */
  draw: (frame?: number) => string;
}

export interface TemplateDefinition extends Omit<TemplateSpec, 'boxes' | 'boxStyle'> {
  feature: TemplateFeature | null;
  textBoxes: TextBox[];
}

const round = (n: number) => Math.round(n * 10000) / 10000;

/** Turns a template written in pixels into its catalog definition, with boxes as fractions of the image. */
export function define(spec: TemplateSpec): TemplateDefinition {
  const { boxes, boxStyle, ...rest } = spec;
  const textBoxes = boxes.map(([x, y, w, h, style]) =>
    textBoxSchema.parse({
      anchor_x: round(x / spec.width),
      anchor_y: round(y / spec.height),
      scale_x: round(w / spec.width),
      scale_y: round(h / spec.height),
      ...boxStyle,
      ...style,
    }),
  );
  return { ...rest, feature: spec.feature === undefined ? 'meme-generator' : spec.feature, textBoxes };
}

/** Dark text with no capitals, for boxes on light panels (charts, documents, chats). */
export const INK: Partial<TextBox> = { color: 'black', style: 'none', font: 'Arial' };
