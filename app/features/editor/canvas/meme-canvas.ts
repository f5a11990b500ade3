import { Canvas, Textbox, type FabricImage } from 'fabric';
import type { Template } from '../../../../core/api/templates';
import type { ShapeKind } from '../../../../core/editor';
import { storedImageAddress } from '../../../../core/images/address';
import * as commands from '../model/commands';
import { selectedObject, type Edit } from '../model/document';
import * as documentCommands from '../model/document-commands';
import { blankImageArea, type Rect, type Size } from '../model/geometry';
import type { EditorStore } from '../model/store';
import { NEW_LAYER_STYLE, fontForTemplate, type TextStyle } from '../model/text-style';
import type { ZoomRequest } from '../model/zoom';
import { applyEdits } from './apply';
import { Display } from './display';
import { Encoder } from './encoder';
import { renderRegion } from './export';
import { ExportSession } from './export-session';
import { ensureFonts, relayoutText } from './fonts';
import { followGestures } from './gestures';
import { layerOf, loadImage } from './objects';
import { restoreSnapshot, takeSnapshot } from './snapshot';
import { UndoSteps } from './undo-steps';
import { documentView, textMeasure } from './view';

const windowSize = (): Size => ({ width: window.innerWidth, height: window.innerHeight });

/**
 * The only place the editor keeps fabric's canvas: each command asks model/ for its edits (ADR 0183), applies them
 * (apply.ts), records a snapshot as one undo step and publishes layers, selection and history state to the store
 * React reads. It decides nothing a command decides.
 */
export class MemeCanvas {
  readonly canvas: Canvas;
  private readonly steps: UndoSteps;
  private readonly stopGestures: () => void;
  private imageArea: Rect;
  /** After Auto Crop the canvas is exactly what the person wants exported; before it, margins are trimmed. */
  private cropped = false;
  private readonly display: Display;
  /** Encodes exports in a Worker, started by the first export and kept until the editor closes. */
  private encoder: Encoder | null = null;

  constructor(
    element: HTMLCanvasElement,
    private readonly store: EditorStore,
  ) {
    const { canvas: size, background } = store.getState();
    this.canvas = new Canvas(element, {
      ...size,
      backgroundColor: background,
      preserveObjectStacking: true,
      enableRetinaScaling: false,
    });
    this.imageArea = blankImageArea(size);
    this.display = new Display(this.canvas, store);
    this.stopGestures = followGestures(this.canvas, {
      selection: () => this.publishSelection(),
      edited: () => this.steps.record(),
      typing: () => this.steps.recordSoon(),
      editingExited: () => {
        this.steps.record();
        this.editingEnded?.();
      },
    });
    // Text measured before its webfont arrived is re-measured when any font finishes loading.
    document.fonts?.addEventListener?.('loadingdone', this.relayoutText);
    void ensureFonts(['Impact', NEW_LAYER_STYLE.fontFamily]);
    this.steps = new UndoSteps({
      snapshot: () => takeSnapshot(this.canvas, this.imageArea, this.cropped),
      restore: (snapshot) => this.restore(snapshot),
      changed: (recorded) => {
        if (recorded) this.store.set({ edits: this.store.getState().edits + 1 });
        this.publish();
      },
    });
    store.set({ ready: true, layers: [], canUndo: false, canRedo: false, exportable: false });
    // Drawn once now: a blank canvas shows its background (white, as a download would be), not a transparent hole
    // that vanished on the dark editor.
    this.canvas.requestRenderAll();
  }

  /** Called when in-place editing ends, so the page can put the keyboard focus back where the person was. */
  editingEnded: (() => void) | null = null;

  dispose(): void {
    this.encoder?.dispose();
    this.stopGestures();
    document.fonts?.removeEventListener?.('loadingdone', this.relayoutText);
    void this.canvas.dispose();
  }

  private relayoutText = () => relayoutText(this.canvas);

  private view() {
    return documentView(this.canvas, this.imageArea, this.cropped);
  }

  /**
   * Applies a command's edits and records them: at once, once the person pauses (`soon`: typing, dragging a
   * colour), or not at all (selection, a new document). False when the command had nothing to do.
   */
  private run(edits: Edit[], record: 'now' | 'soon' | 'no' = 'now', picture?: FabricImage): boolean {
    if (edits.length === 0) return false;
    const frame = applyEdits(this.canvas, edits, picture);
    // A new picture is shown whole again; a crop keeps the zoom the person chose.
    if (picture) this.display.fit();
    if (frame) {
      this.imageArea = frame.imageArea;
      this.cropped = frame.cropped;
      this.store.set({ canvas: frame.size });
      this.display.apply();
    }
    if (record === 'now') this.steps.record();
    else if (record === 'soon') this.steps.recordSoon();
    return true;
  }

  // ---- document loading -------------------------------------------------------------------------------------

  /** Replaces the image layer (uploads, AI images); text and shapes stay. */
  async setImage(url: string): Promise<void> {
    const img = await loadImage(url);
    this.run(documentCommands.placePicture(this.view(), img, windowSize()), 'now', img);
  }

  /** True when the canvas holds a picture (an upload, a template or an AI image). */
  hasImage(): boolean {
    return this.canvas.getObjects().some((o) => layerOf(o).type === 'image');
  }

  /** The picture's `/api/images/{id}` address when this site stored it (an upload or an AI image), else null. */
  pictureAddress(): string | null {
    const image = this.canvas.getObjects().find((o) => layerOf(o).type === 'image') as FabricImage | undefined;
    return storedImageAddress(image?.getSrc(), window.location.href);
  }

  /** Replaces the whole document with a template and its pre-placed text boxes; the history starts again. */
  async loadTemplate(template: Template): Promise<void> {
    const [img] = await Promise.all([
      loadImage(template.imageUrl),
      ensureFonts(template.textBoxes.map((b) => fontForTemplate(b.font))),
    ]);
    this.run(documentCommands.loadTemplate(template, img, windowSize()), 'no', img);
    this.steps.reset();
    this.publish();
  }

  /** Fills the template's boxes in order with a caption's lines (model/document-commands.ts). */
  fillCaption(lines: string[]): void {
    this.run(documentCommands.fillCaption(this.view(), lines));
  }

  // ---- editing commands -------------------------------------------------------------------------------------

  addText(text?: string, style?: TextStyle): void {
    this.run(commands.addText(this.view(), textMeasure, text, style));
  }

  addShape(kind: ShapeKind, color: string): void {
    this.run(commands.addShape(this.view(), kind, color));
  }

  /** Text edits from the panel go to the selected text (or the text of the selected shape). */
  setText(text: string): void {
    const view = this.view();
    const id = selectedObject(view)?.id;
    if (id) this.run(commands.writeText(view, id, text), 'soon');
  }

  /** A caption edited in the captions list, selected or not. */
  setTextOf(id: string, text: string): void {
    this.run(commands.writeText(this.view(), id, text), 'soon');
  }

  setStyle(patch: Partial<TextStyle>): void {
    const ran = this.run(commands.setStyle(this.view(), textMeasure, patch), 'soon');
    if (ran && patch.fontFamily) void ensureFonts([patch.fontFamily]).then(this.relayoutText);
  }

  setShapeColor(color: string): void {
    this.run(commands.recolour(this.view(), color));
  }

  setBackground(color: string): void {
    this.store.set({ background: color });
    this.run([{ kind: 'background', color }]);
  }

  toggleVisibility(id: string): void {
    this.run(commands.toggleVisibility(this.view(), id));
  }

  removeLayer(id: string): void {
    this.run(commands.removeLayer(this.view(), id));
  }

  selectLayer(id: string): void {
    if (this.run(commands.selectLayer(this.view(), id), 'no')) this.publishSelection();
  }

  deleteSelection(): boolean {
    return this.run(commands.deleteSelection(this.view()));
  }

  nudge(dx: number, dy: number): boolean {
    return this.run(commands.nudge(this.view(), dx, dy));
  }

  /**
   * In-place editing of the selected text from the keyboard (Enter on the canvas), with all of it selected so
   * typing replaces it; false when the selection is not a text edited in place.
   */
  editSelected(): boolean {
    const obj = this.canvas.getActiveObject();
    if (!(obj instanceof Textbox) || !obj.editable) return false;
    obj.enterEditing();
    obj.selectAll();
    this.canvas.requestRenderAll();
    return true;
  }

  /** Trims the canvas to everything visible (ADR 0120); false when there is nothing to crop. */
  autoCrop(): boolean {
    // A group selection holds its members' positions relative to itself: the crop reads them on the canvas.
    this.canvas.discardActiveObject();
    return this.run(documentCommands.autoCrop(this.view()));
  }

  // ---- view -------------------------------------------------------------------------------------------------

  setViewport(size: Size): void {
    this.display.setViewport(size);
  }

  setZoom(request: ZoomRequest): void {
    this.display.setZoom(request);
  }

  // ---- export -----------------------------------------------------------------------------------------------

  /**
   * A download of the meme as it is now (model/document-commands.ts's `exportRegion` says which part and at which
   * sizes); the dialog is modal, so the canvas cannot change underneath.
   */
  exportSession(): ExportSession {
    this.canvas.discardActiveObject();
    this.canvas.renderAll();
    const { area, sizes } = documentCommands.exportRegion(this.view());
    this.encoder ??= new Encoder();
    return new ExportSession(sizes, (out) => renderRegion(this.canvas, area, out), this.encoder);
  }

  // ---- history ----------------------------------------------------------------------------------------------

  undo(): Promise<void> {
    return this.steps.undo();
  }

  redo(): Promise<void> {
    return this.steps.redo();
  }

  private async restore(snapshot: string): Promise<void> {
    const { size, imageArea, cropped } = await restoreSnapshot(this.canvas, snapshot);
    this.imageArea = imageArea;
    this.cropped = cropped;
    this.store.set({ canvas: size, background: String(this.canvas.backgroundColor ?? '#ffffff') });
    this.display.apply();
  }

  // ---- publishing to React ----------------------------------------------------------------------------------

  private publish(): void {
    const view = this.view();
    this.store.set({
      layers: commands.layersOf(view),
      texts: documentCommands.captionsOf(view),
      canUndo: this.steps.canUndo,
      canRedo: this.steps.canRedo,
      selection: documentCommands.selectionOf(view),
      exportable: documentCommands.hasSomethingToExport(view),
    });
  }

  private publishSelection(): void {
    this.store.set({ selection: documentCommands.selectionOf(this.view()) });
  }
}
