import type { ShapeKind } from '../../../../core/editor';
import type { Measure } from '../../../../core/memes/text-fit';
import type { Rect, Size } from './geometry';
import type { LayerView } from './store';
import type { TextStyle } from './text-style';

/**
 * The editor's commands are plans (ADR 0183): each reads a `DocumentView`, plain data the canvas adapter copies out
 * of fabric, and answers the `Edit`s that carry it out; `canvas/apply.ts` applies them to fabric and `MemeCanvas`
 * records the undo step. The document itself stays fabric's JSON (ADR 0103): this view is read-only and rebuilt for
 * every command, so the two never drift.
 */

/**
 * A text layer that belongs to a template box keeps that box (canvas pixels), the size it may grow to, its place in
 * the template's order and the template's example for it, shown faintly while the box is empty (canvas/examples.ts);
 * free text layers have none and keep their size. Saved in snapshots.
 */
export interface MemeBox extends Rect {
  max: number;
  index: number;
  upper: boolean;
  example?: string;
}

/** One top-level object of the canvas, bottom first in `DocumentView.objects`. */
export interface ObjectView {
  id: string;
  kind: LayerView['type'];
  name: string;
  visible: boolean;
  /** fabric's bounding box, canvas pixels. */
  box: Rect;
  /** The part it draws on (a caption by its lines, not its box); null when it shows nothing (hidden, empty text). */
  content: Rect | null;
  /** The layer's text (a text layer's own, a shape's label) and its style; absent for a picture. */
  text?: { value: string; style: TextStyle };
  /** The template box a caption fits (text layers only). */
  memeBox?: MemeBox;
  /** File pixels per canvas pixel of a picture (its natural width over its width on the canvas). */
  native?: number;
}

export interface DocumentView {
  canvas: Size;
  /** Where the picture sits (or the blank canvas's stand-in for it): new text and shapes are placed against it. */
  imageArea: Rect;
  /** After Auto Crop the canvas is exactly what the person wants exported. */
  cropped: boolean;
  objects: ObjectView[];
  /** The selected objects' ids; `group` when several are selected as one (fabric's ActiveSelection). */
  selection: { ids: string[]; group: boolean };
}

/** A new text layer: `box` is where it starts (a boxed caption is then fitted to its `memeBox`). */
export interface NewText {
  text: string;
  style: TextStyle;
  box: { left: number; top: number; width: number };
  angle?: number;
  name: string;
  memeBox?: MemeBox;
}

/** A change to the document, applied in order by canvas/apply.ts. Ids are the layers' `layerId`s. */
export type Edit =
  | { kind: 'clear' }
  | { kind: 'add-image'; left: number; top: number; scale: number; name: string }
  | ({ kind: 'add-text'; select: boolean } & NewText)
  | { kind: 'add-shape'; shape: ShapeKind; color: string; left: number; top: number; name: string }
  /** New text for a layer (its own, or its shape's label), re-fitted to its box. */
  | { kind: 'set-text'; id: string; text: string; name: string }
  /** A whole style for a layer's text; `memeBox` replaces its box first (a typed size is kept: ADR 0120). */
  | { kind: 'set-style'; id: string; style: TextStyle; memeBox?: MemeBox }
  | { kind: 'recolour'; ids: string[]; color: string }
  | { kind: 'background'; color: string }
  | { kind: 'visible'; id: string; visible: boolean }
  | { kind: 'remove'; ids: string[] }
  /** Moves every object (Auto Crop) or, with `selection`, the selected object(s) as one. */
  | { kind: 'move'; dx: number; dy: number; selection?: boolean }
  | { kind: 'select'; id: string | null }
  /** The canvas's size, the picture's area and whether the canvas is cropped to its content. */
  | { kind: 'frame'; size: Size; imageArea: Rect; cropped: boolean };

/**
 * What commands measure through (the same seam as text fitting's `Measure`): the browser's canvas and fabric's
 * layout in the editor, stand-ins in Node tests.
 */
export interface TextMeasure {
  /** The width of one line in a style, at a size. */
  width: (style: TextStyle) => Measure;
  /** The height of a text laid out in a style at a width, wrapped as fabric wraps it. */
  height: (text: string, style: TextStyle, width: number) => number;
}

export const objectById = (view: DocumentView, id: string) => view.objects.find((o) => o.id === id);

/** The one selected object (a group selection is none). */
export const selectedObject = (view: DocumentView): ObjectView | undefined =>
  view.selection.group || view.selection.ids.length !== 1 ? undefined : objectById(view, view.selection.ids[0]!);
