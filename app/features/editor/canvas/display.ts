import type { Canvas } from 'fabric';
import type { Size } from '../model/geometry';
import type { EditorStore } from '../model/store';
import { nextZoom, zoomToFit, type ZoomRequest } from '../model/zoom';

/**
 * How large the canvas is shown: fitted to the room it has, or a zoom the person chose. Only the display changes;
 * the document and the export keep their pixels.
 */
export class Display {
  /** The room the canvas is shown in, and 'fit' or a fixed zoom. */
  private viewport: Size = { width: 0, height: 0 };
  private zoom: 'fit' | number = 'fit';

  constructor(
    private readonly canvas: Canvas,
    private readonly store: EditorStore,
  ) {}

  /** The room the canvas is shown in (CSS pixels); the canvas is re-fitted when it changes. */
  setViewport(size: Size): void {
    this.viewport = size;
    this.apply();
  }

  /** 'fit' the room, 100%, or one step in or out. */
  setZoom(request: ZoomRequest): void {
    this.zoom = nextZoom(request, this.scale());
    this.apply();
  }

  /** A new picture is shown whole again. */
  fit(): void {
    this.zoom = 'fit';
  }

  private scale(): number {
    return this.zoom === 'fit' ? zoomToFit(this.canvas, this.viewport) : this.zoom;
  }

  /**
   * Every change of the canvas size (load, undo, crop) resets fabric's CSS size, so the display scale is applied
   * again after each; fabric maps pointer and touch positions through the CSS scale.
   */
  apply(): void {
    const scale = this.scale();
    this.canvas.setDimensions(
      { width: `${Math.floor(this.canvas.width * scale)}px`, height: `${Math.floor(this.canvas.height * scale)}px` },
      { cssOnly: true },
    );
    this.store.set({ zoom: { scale, fit: this.zoom === 'fit' } });
  }
}
