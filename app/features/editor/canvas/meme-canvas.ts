import { ActiveSelection, Canvas, Textbox, type FabricImage, type FabricObject } from 'fabric';
import type { Template } from '../../../../core/api/templates';
import { storedImageAddress } from '../../../../core/images/address';
import type { ShapeKind } from '../../../../core/editor';
import { NEW_TEXT_DEFAULT } from '../../../../core/editor';
import { evenlySpacedBoxes } from '../../../../core/templates/default-boxes';
import { readingOrder } from '../../../../core/templates/reading-order';
import { outputSizes } from '../model/export-plan';
import {
  autoCropBounds,
  blankImageArea,
  exportArea,
  exportMultiplier,
  fitImage,
  placeNewText,
  templateBoxRect,
  type Rect,
  type Size,
} from '../model/geometry';
import { boxMaxFontSize } from '../../../../core/memes/text-fit';
import { nextZoom, zoomToFit, type ZoomRequest } from '../model/zoom';
import { History } from '../model/history';
import { shapePosition } from '../model/shapes';
import type { EditorStore, TextView } from '../model/store';
import { NEW_LAYER_STYLE, applyStyle, fontForTemplate, layerName, type TextStyle } from '../model/text-style';
import { fitToBox, keepTypedSize, memeBoxOf, moveBoxWithText, setMemeBox } from './fit';
import { Encoder } from './encoder';
import { renderRegion } from './export';
import { ExportSession } from './export-session';
import { ensureFonts, relayoutText } from './fonts';
import { enablePinch } from './pinch';
import { restoreSnapshot, takeSnapshot } from './snapshot';
import {
  applyRuntimeFlags,
  contentRect,
  layerOf,
  loadImage,
  makeShape,
  makeTemplateTexts,
  makeText,
  recolourTargets,
  relayoutGroup,
  setLayerName,
  showsSomething,
  styleOf,
  styleToFabric,
  tag,
  textsIn,
} from './objects';

/**
 * The only place the editor touches fabric: it owns the fabric canvas, turns commands into object changes, records
 * a snapshot after each edit and publishes layers, selection and history state to the store React reads.
 */
const COALESCE_MS = 400;

export class MemeCanvas {
  readonly canvas: Canvas;
  private history = new History();
  private restoring = false;
  private pendingCommit: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<void> = Promise.resolve();
  private disablePinch: () => void;
  private imageArea: Rect;
  /** After Auto Crop the canvas is exactly what the person wants exported; before it, margins are trimmed. */
  private cropped = false;
  /** The room the canvas is shown in, and 'fit' or a fixed zoom. */
  private viewport: Size = { width: 0, height: 0 };
  private zoom: 'fit' | number = 'fit';
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
    this.canvas.on('selection:created', () => this.publishSelection());
    this.canvas.on('selection:updated', () => this.publishSelection());
    this.canvas.on('selection:cleared', () => this.publishSelection());
    this.canvas.on('object:modified', ({ target }) => {
      if (target instanceof Textbox && memeBoxOf(target)) {
        moveBoxWithText(target);
        fitToBox(target);
      }
      this.commit();
    });
    // In-place editing (double-click, or a tap on the selected text): the box re-fits as the person types.
    this.canvas.on('text:changed', ({ target }) => {
      if (target instanceof Textbox) fitToBox(target);
      setLayerName(target, layerName(target.text));
      this.commitSoon();
    });
    this.canvas.on('text:editing:exited', () => {
      this.commit();
      this.editingEnded?.();
    });
    this.disablePinch = enablePinch(this.canvas, () => this.commit());
    // Text measured before its webfont arrived is re-measured when any font finishes loading.
    document.fonts?.addEventListener?.('loadingdone', this.relayoutText);
    void ensureFonts(['Impact', NEW_LAYER_STYLE.fontFamily]);
    this.history.reset(this.snapshot());
    store.set({ ready: true, layers: [], canUndo: false, canRedo: false });
  }

  /** Called when in-place editing ends, so the page can put the keyboard focus back where the person was. */
  editingEnded: (() => void) | null = null;

  dispose(): void {
    this.encoder?.dispose();
    this.disablePinch();
    document.fonts?.removeEventListener?.('loadingdone', this.relayoutText);
    void this.canvas.dispose();
  }

  private relayoutText = () => relayoutText(this.canvas);

  // ---- document loading -------------------------------------------------------------------------------------

  /** Replaces the image layer (uploads, AI images); text and shapes stay. */
  async setImage(url: string): Promise<void> {
    const img = await loadImage(url);
    for (const old of this.canvas.getObjects().filter((o) => layerOf(o).type === 'image')) this.canvas.remove(old);
    this.placeImage(img, 'Image');
    this.commit();
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

  /** Replaces the whole document with a template and its pre-placed text boxes. */
  async loadTemplate(template: Template): Promise<void> {
    const [img] = await Promise.all([
      loadImage(template.imageUrl),
      ensureFonts(template.textBoxes.map((b) => fontForTemplate(b.font))),
    ]);
    this.canvas.discardActiveObject();
    this.canvas.remove(...this.canvas.getObjects());
    this.placeImage(img, template.name);
    for (const t of makeTemplateTexts(template, this.imageArea)) this.canvas.add(t);
    this.canvas.requestRenderAll();
    this.history.reset(this.snapshot());
    this.publish();
  }

  private placeImage(img: FabricImage, name: string) {
    const fit = fitImage(
      { width: img.width, height: img.height },
      { width: window.innerWidth, height: window.innerHeight },
    );
    img.set({ left: fit.image.left, top: fit.image.top, scaleX: fit.scale, scaleY: fit.scale });
    tag(img, 'image', layerName(name, 'Image'));
    applyRuntimeFlags(img);
    this.canvas.setDimensions(fit.canvas);
    this.imageArea = fit.image;
    this.cropped = false;
    this.zoom = 'fit';
    this.canvas.add(img);
    this.canvas.sendObjectToBack(img);
    this.store.set({ canvas: fit.canvas });
    this.applyZoom();
  }

  // ---- editing commands -------------------------------------------------------------------------------------

  addText(text = NEW_TEXT_DEFAULT, style: TextStyle = NEW_LAYER_STYLE): void {
    const texts = this.canvas
      .getObjects()
      .filter((o) => layerOf(o).type === 'text')
      .map((o) => o.getBoundingRect());
    const probe = makeText(text, style, { left: 0, top: 0, width: 100 });
    const place = placeNewText(this.imageArea, this.canvas, texts, 0);
    probe.set({ width: place.width });
    probe.initDimensions();
    const at = placeNewText(this.imageArea, this.canvas, texts, probe.height);
    probe.set({ left: at.left, top: at.top });
    this.addObject(tag(probe, 'text', layerName(text)));
  }

  addShape(kind: ShapeKind, color: string): void {
    const count = this.canvas.getObjects().filter((o) => layerOf(o).type === 'shape').length;
    const shape = makeShape(kind, color, shapePosition(kind, this.imageArea, count));
    this.addObject(tag(shape, 'shape', layerName(textsIn(shape)[0]?.text ?? kind)));
  }

  private addObject(obj: FabricObject) {
    applyRuntimeFlags(obj);
    this.canvas.add(obj);
    this.canvas.setActiveObject(obj);
    this.commit();
  }

  /** Text edits from the panel go to the selected text (or the text of the selected shape). */
  setText(text: string): void {
    const obj = this.canvas.getActiveObject();
    if (obj) this.writeText(obj, text);
  }

  /** A caption edited in the captions list, selected or not. */
  setTextOf(id: string, text: string): void {
    const obj = this.byId(id);
    if (obj) this.writeText(obj, text);
  }

  private writeText(obj: FabricObject, text: string): void {
    const t = textsIn(obj)[0];
    if (!t) return;
    t.set({ text });
    if (obj !== t) relayoutGroup(obj);
    fitToBox(t);
    setLayerName(obj, layerName(text));
    this.canvas.requestRenderAll();
    this.commitSoon();
  }

  setStyle(patch: Partial<TextStyle>): void {
    const obj = this.canvas.getActiveObject();
    const t = obj ? textsIn(obj)[0] : undefined;
    if (!obj || !t) return;
    const next = applyStyle(styleOf(t), patch);
    if (patch.fontFamily) void ensureFonts([patch.fontFamily]).then(this.relayoutText);
    t.set(styleToFabric(next));
    t.initDimensions();
    // A size the person chose for a boxed caption is kept: the box grows around the text (ADR 0120).
    if (patch.fontSize !== undefined) keepTypedSize(t, next.fontSize);
    fitToBox(t);
    if (obj !== t) relayoutGroup(obj);
    this.canvas.requestRenderAll();
    this.commitSoon();
  }

  setShapeColor(color: string): void {
    const targets = recolourTargets(this.canvas.getActiveObjects());
    if (targets.length === 0) return;
    for (const o of targets) o.set({ fill: color });
    this.canvas.requestRenderAll();
    this.commit();
  }

  setBackground(color: string): void {
    this.canvas.backgroundColor = color;
    this.canvas.requestRenderAll();
    this.store.set({ background: color });
    this.commit();
  }

  private byId(id: string) {
    return this.canvas.getObjects().find((o) => layerOf(o).id === id);
  }

  toggleVisibility(id: string): void {
    const obj = this.byId(id);
    if (!obj) return;
    obj.set({ visible: !obj.visible });
    if (!obj.visible && this.canvas.getActiveObjects().includes(obj)) this.canvas.discardActiveObject();
    this.canvas.requestRenderAll();
    this.commit();
  }

  removeLayer(id: string): void {
    const obj = this.byId(id);
    if (!obj) return;
    this.canvas.discardActiveObject();
    this.canvas.remove(obj);
    this.commit();
  }

  selectLayer(id: string): void {
    const obj = this.byId(id);
    if (!obj || !obj.selectable || !obj.visible) return;
    this.canvas.setActiveObject(obj);
    this.canvas.requestRenderAll();
    this.publishSelection();
  }

  deleteSelection(): boolean {
    const objs = this.canvas.getActiveObjects().filter((o) => layerOf(o).type !== 'image');
    if (objs.length === 0) return false;
    this.canvas.discardActiveObject();
    this.canvas.remove(...objs);
    this.commit();
    return true;
  }

  nudge(dx: number, dy: number): boolean {
    const obj = this.canvas.getActiveObject();
    if (!obj || obj.lockMovementX) return false;
    obj.set({ left: obj.left + dx, top: obj.top + dy });
    obj.setCoords();
    this.canvas.requestRenderAll();
    this.commit();
    return true;
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

  /** Trims the canvas to everything visible (no padding: ADR 0120); false when there is nothing to crop. */
  autoCrop(): boolean {
    this.canvas.discardActiveObject();
    const shown = this.canvas.getObjects().filter(showsSomething);
    const crop = autoCropBounds(shown.map(contentRect), this.canvas);
    if (!crop) return false;
    for (const o of this.canvas.getObjects()) {
      o.set({ left: o.left - crop.left, top: o.top - crop.top });
      o.setCoords();
    }
    this.imageArea = { ...this.imageArea, left: this.imageArea.left - crop.left, top: this.imageArea.top - crop.top };
    this.canvas.setDimensions({ width: crop.width, height: crop.height });
    this.cropped = true;
    this.store.set({ canvas: { width: crop.width, height: crop.height } });
    this.applyZoom();
    this.commit();
    return true;
  }

  // ---- view -------------------------------------------------------------------------------------------------

  /** The room the canvas is shown in (CSS pixels); the canvas is re-fitted when it changes. */
  setViewport(size: Size): void {
    this.viewport = size;
    this.applyZoom();
  }

  /** 'fit' the room, 100%, or one step in or out. Only the display changes: the document and export do not. */
  setZoom(request: ZoomRequest): void {
    this.zoom = nextZoom(request, this.currentScale());
    this.applyZoom();
  }

  private currentScale(): number {
    return this.zoom === 'fit' ? zoomToFit(this.canvas, this.viewport) : this.zoom;
  }

  /**
   * Every change of the canvas size (load, undo, crop) resets fabric's CSS size, so the display scale is applied
   * again after each; fabric maps pointer and touch positions through the CSS scale.
   */
  private applyZoom(): void {
    const scale = this.currentScale();
    this.canvas.setDimensions(
      { width: `${Math.floor(this.canvas.width * scale)}px`, height: `${Math.floor(this.canvas.height * scale)}px` },
      { cssOnly: true },
    );
    this.store.set({ zoom: { scale, fit: this.zoom === 'fit' } });
  }

  // ---- export -----------------------------------------------------------------------------------------------

  /**
   * What a download holds: the picture plus anything placed in the margins (untouched margins are cut), exactly
   * the content after Auto Crop, or the whole canvas without a picture; in full at 2× the screen or the picture's
   * own resolution when that is larger (up to EXPORT_MAX_SIDE), and as a share copy of at most SHARE_MAX_SIDE.
   * The session draws from the canvas as it is now; the dialog is modal, so it cannot change underneath.
   */
  exportSession(): ExportSession {
    this.canvas.discardActiveObject();
    this.canvas.renderAll();
    const image = this.canvas.getObjects().find((o) => layerOf(o).type === 'image' && o.visible);
    const content = this.canvas
      .getObjects()
      .filter((o) => o !== image && showsSomething(o))
      .map(contentRect);
    const area = exportArea(this.canvas, image ? image.getBoundingRect() : null, content, this.cropped);
    const native = image ? 1 / (image.scaleX || 1) : 1;
    const sizes = outputSizes(area, exportMultiplier(native, area));
    this.encoder ??= new Encoder();
    return new ExportSession(sizes, (out) => renderRegion(this.canvas, area, out), this.encoder);
  }

  /**
   * Fills the template's boxes in order with a caption's lines (one line per box); boxes past the last line are
   * emptied. A picture without boxes gets the classic top and bottom captions first.
   */
  fillCaption(lines: string[]): void {
    let boxed = this.boxedTexts();
    if (boxed.length === 0) {
      boxed = evenlySpacedBoxes(2).map((b, index) => {
        const rect = templateBoxRect(b, this.imageArea);
        const max = boxMaxFontSize(rect.height);
        const t = makeText('', { ...NEW_LAYER_STYLE, strokeWidth: 2, fontSize: max }, rect);
        setMemeBox(t, { ...rect, max, index, upper: true });
        tag(t, 'text', `Text ${index + 1}`);
        applyRuntimeFlags(t);
        this.canvas.add(t);
        return t;
      });
    }
    boxed.forEach((t, i) => {
      const line = lines[i] ?? '';
      const text = memeBoxOf(t)?.upper ? line.toUpperCase() : line;
      t.set({ text });
      fitToBox(t);
      setLayerName(t, layerName(text, `Text ${i + 1}`));
    });
    this.canvas.discardActiveObject();
    this.canvas.requestRenderAll();
    this.commit();
  }

  private boxedTexts(): Textbox[] {
    return this.canvas
      .getObjects()
      .filter((o): o is Textbox => o instanceof Textbox && memeBoxOf(o) !== undefined)
      .sort((a, b) => (memeBoxOf(a)?.index ?? 0) - (memeBoxOf(b)?.index ?? 0));
  }

  // ---- history ----------------------------------------------------------------------------------------------

  private snapshot(): string {
    return takeSnapshot(this.canvas, this.imageArea, this.cropped);
  }

  private commit(): void {
    if (this.pendingCommit) clearTimeout(this.pendingCommit);
    this.pendingCommit = null;
    if (this.restoring) return;
    this.history.push(this.snapshot());
    this.store.set({ edits: this.store.getState().edits + 1 });
    this.publish();
  }

  /**
   * Typing and dragging a colour fire an edit per keystroke or per pixel; they become one undo step once the
   * person pauses, so 30 snapshots are not spent on one sentence. Undo first records a pending step.
   */
  private commitSoon(): void {
    if (this.pendingCommit) clearTimeout(this.pendingCommit);
    this.pendingCommit = setTimeout(() => this.commit(), COALESCE_MS);
    this.publish();
  }

  undo(): Promise<void> {
    return this.replay(() => this.history.undo());
  }

  redo(): Promise<void> {
    return this.replay(() => this.history.redo());
  }

  /** Restores run one after another, so quick repeated Ctrl+Z never interleaves two loads. */
  private replay(step: () => string | undefined): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (this.pendingCommit) this.commit();
      const s = step();
      if (!s) return;
      this.restoring = true;
      try {
        const { size, imageArea, cropped } = await restoreSnapshot(this.canvas, s);
        this.imageArea = imageArea;
        this.cropped = cropped;
        this.store.set({ canvas: size, background: String(this.canvas.backgroundColor ?? '#ffffff') });
        this.applyZoom();
      } finally {
        this.restoring = false;
      }
      this.publish();
    });
    return this.queue;
  }

  // ---- publishing to React ----------------------------------------------------------------------------------

  private publish(): void {
    this.store.set({
      layers: this.canvas.getObjects().map(layerOf).reverse(),
      texts: this.textViews(),
      canUndo: this.history.canUndo,
      canRedo: this.history.canRedo,
    });
    this.publishSelection();
  }

  /**
   * Every layer with text in reading order, for the captions list: rows from the top, each left to right, so the
   * Two Buttons' left button is Caption 1 though its box sits lower than the right one's (core/templates/reading-order.ts).
   */
  private textViews(): TextView[] {
    const texts = this.canvas.getObjects().filter((o) => textsIn(o).length > 0);
    return readingOrder(texts, (o) => o.getBoundingRect()).map((o) => ({
      id: layerOf(o).id,
      text: textsIn(o)[0]!.text,
      kind: layerOf(o).type === 'shape' ? 'shape' : 'text',
      example: memeBoxOf(o)?.example,
    }));
  }

  private publishSelection(): void {
    const obj = this.canvas.getActiveObject();
    if (!obj) return this.store.set({ selection: { kind: 'none' } });
    const t = obj instanceof ActiveSelection ? undefined : textsIn(obj)[0];
    this.store.set({
      selection: t
        ? { kind: 'text', id: layerOf(obj).id, text: t.text, style: styleOf(t), example: memeBoxOf(t)?.example }
        : { kind: 'other' },
    });
  }
}
