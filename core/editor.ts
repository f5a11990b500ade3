/** The editor's constants (docs/product.md §4): imported by the editor model, its UI and its tests. */

export const TEXT_SIZE_PANEL = { min: 12, max: 72 } as const;
/**
 * The toolbar's typed size; a size outside it is clamped and the editor says so (ADR 0120; the original brief had 200,
 * docs/product.md §10).
 */
export const TEXT_SIZE_TOOLBAR = { min: 8, max: 400 } as const;
export const STROKE_WIDTH_RANGE = { min: 0, max: 10 } as const;
export const LAYER_NAME_CHARS = 20;

/** Image fit rule: the box an image is shrunk into depends on the window, never below the minimum area. */
export const IMAGE_FIT = {
  maxWidth: 1000,
  maxHeight: 600,
  windowWidthReserve: 500,
  windowHeightReserve: 250,
  minWidth: 400,
  minHeight: 300,
  /** The canvas is the image plus these margins (total, split evenly on both sides). */
  marginWidth: 40,
  marginHeight: 200,
} as const;

/** New text layers are at most this wide, and at most this share of the image width. */
export const NEW_TEXT_MAX_WIDTH = 800;
export const NEW_TEXT_WIDTH_SHARE = 0.9;
export const NEW_TEXT_DEFAULT = 'Double-click to edit';

/**
 * The shape colours (docs/product.md §4.4): red, green, blue, yellow, magenta, cyan, orange, purple, pink, brown,
 * white.
 */
export const SHAPE_COLORS = [
  { name: 'Red', value: '#ef4444' },
  { name: 'Green', value: '#22c55e' },
  { name: 'Blue', value: '#3b82f6' },
  { name: 'Yellow', value: '#facc15' },
  { name: 'Magenta', value: '#d946ef' },
  { name: 'Cyan', value: '#06b6d4' },
  { name: 'Orange', value: '#f97316' },
  { name: 'Purple', value: '#8b5cf6' },
  { name: 'Pink', value: '#ec4899' },
  { name: 'Brown', value: '#92400e' },
  { name: 'White', value: '#ffffff' },
] as const;

/** The 18-colour background palette. */
export const BACKGROUND_PALETTE = [
  '#ffffff',
  '#000000',
  '#f8fafc',
  '#e2e8f0',
  '#94a3b8',
  '#334155',
  '#fee2e2',
  '#fef3c7',
  '#dcfce7',
  '#dbeafe',
  '#ede9fe',
  '#fce7f3',
  '#ef4444',
  '#f59e0b',
  '#22c55e',
  '#3b82f6',
  '#8b5cf6',
  '#ec4899',
] as const;

export const SHAPE_KINDS = ['speechBubble', 'thoughtBubble', 'explosion', 'star', 'heart'] as const;
export type ShapeKind = (typeof SHAPE_KINDS)[number];

/** Each shape's label in the toolbar and the text it starts with. */
export const SHAPES: Record<ShapeKind, { label: string; text: string }> = {
  speechBubble: { label: 'Speech bubble', text: 'Edit me!' },
  thoughtBubble: { label: 'Thought bubble', text: 'Think...' },
  explosion: { label: 'Boom', text: 'BOOM!' },
  star: { label: 'Star', text: 'WOW!' },
  heart: { label: 'Heart', text: 'LOVE' },
};

export const CAPTION_STARTERS = [
  'When you see it...',
  'That moment when',
  'Me trying to explain',
  'POV: You just discovered',
  'Nobody: / Me:',
  'Top text',
  'Bottom text',
  'This is fine',
  'It really be like that',
  'Meanwhile...',
  'The audacity',
  'Big mood',
] as const;

/** The four quick suggestions of the AI tab. */
export const AI_QUICK_SUGGESTIONS = [
  'A cat wearing sunglasses at the beach',
  'A confused robot in an office',
  'A dog riding a skateboard',
  'A wizard drinking coffee',
] as const;

/** The formats the editor downloads a still meme in (POST /api/download-meme takes the same). */
export const EXPORT_FORMATS = ['png', 'jpg', 'webp'] as const;
export type ExportFormat = (typeof EXPORT_FORMATS)[number];

/** A suggested caption has one line per text box, joined by this separator ("Nobody: / Me:"). */
export const CAPTION_LINE_SEPARATOR = ' / ';
