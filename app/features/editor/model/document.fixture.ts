import { textBoxSchema, type Template } from '../../../../core/api/templates';
import type { DocumentView, ObjectView, TextMeasure } from './document';
import { fitImage } from './geometry';
import { NEW_LAYER_STYLE } from './text-style';

/**
 * Documents for the commands' Node tests (commands.test.ts, document-commands.test.ts): a 500 × 300 picture on its
 * 540 × 500 canvas (20 px margins beside it, 100 px above and below), and layers placed on it by hand.
 */
export const PICTURE = fitImage({ width: 500, height: 300 }, { width: 1920, height: 1080 });

export const picture = (more: Partial<ObjectView> = {}): ObjectView => ({
  id: 'pic',
  kind: 'image',
  name: 'Image',
  visible: true,
  box: PICTURE.image,
  content: PICTURE.image,
  native: 1,
  ...more,
});

export const text = (
  id: string,
  value: string,
  box: ObjectView['box'],
  more: Partial<ObjectView> = {},
): ObjectView => ({
  id,
  kind: 'text',
  name: value || 'Text',
  visible: true,
  box,
  content: value ? box : null,
  text: { value, style: NEW_LAYER_STYLE },
  ...more,
});

export const documentOf = (objects: ObjectView[], more: Partial<DocumentView> = {}): DocumentView => ({
  canvas: PICTURE.canvas,
  imageArea: PICTURE.image,
  cropped: false,
  objects,
  selection: { ids: [], group: false },
  ...more,
});

/** Half an em per character, and lines of 1.2 em that wrap at the width: enough to tell sizes and heights apart. */
export const MEASURE: TextMeasure = {
  width: () => (value, size) => value.length * size * 0.5,
  height: (value, style, width) => {
    const perLine = Math.max(1, Math.floor(width / (style.fontSize * 0.5)));
    return Math.ceil(Math.max(1, value.length) / perLine) * style.fontSize * 1.2;
  },
};

export const TEMPLATE: Template = {
  id: 'two-boxes',
  name: 'Two Boxes',
  description: 'A test template',
  imageUrl: '/templates/two-boxes.jpg',
  isPopular: 0,
  feature: null,
  width: 500,
  height: 300,
  // The schema's defaults: white upper-case Impact, centred, unturned; the second box overrides the rest.
  textBoxes: [
    textBoxSchema.parse({ anchor_x: 0.1, anchor_y: 0.05, scale_x: 0.8, scale_y: 0.2 }),
    textBoxSchema.parse({
      anchor_x: 0.1,
      anchor_y: 0.75,
      scale_x: 0.8,
      scale_y: 0.2,
      angle: 5,
      align: 'left',
      style: 'none',
      color: 'black',
      font: 'Arial',
    }),
  ],
  examples: [['top line', 'Bottom line']],
  keywords: [],
  license: 'test',
  author: 'test',
};
