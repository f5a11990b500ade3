import { FabricImage, type Canvas, type FabricObject } from 'fabric';
import { motionSizes } from '../model/motion-plan';
import type { ExportSession } from './export-session';
import { decodeMotion, type Motion } from './motion-decode';
import { MotionSession } from './motion-session';
import { layerOf } from './objects';

export interface MotionState {
  /** True while the picture layer is an animation whose frames are decoded. */
  animated: boolean;
  playing: boolean;
  frames: number;
}

const STILL: MotionState = { animated: false, playing: false, frames: 0 };

/**
 * Plays an animated picture layer on the fabric canvas: text, shapes and stickers are ordinary objects above it,
 * so they sit over every frame. The layer stays a FabricImage whose source (what snapshots, undo and the API keep)
 * is the picture's address; only the element fabric draws from is swapped for a canvas this player paints each
 * frame into. It watches the canvas for picture layers, so uploads, AI pictures, templates and undo all work
 * without MemeCanvas knowing (docs/decisions/0138-animated-meme-export.md).
 */
export class MotionPlayer {
  private motion: Motion | null = null;
  private image: FabricImage | null = null;
  private readonly el: HTMLCanvasElement = document.createElement('canvas');
  private frame = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  /** Exports drawing frames now (an estimate and a download can overlap); the clock waits for all of them. */
  private held = 0;
  private state: MotionState = STILL;
  private readonly listeners = new Set<() => void>();
  private readonly wantsStill =
    typeof matchMedia === 'function' && matchMedia('(prefers-reduced-motion: reduce)').matches;

  constructor(private readonly canvas: Canvas) {
    canvas.on('object:added', this.added);
    canvas.on('object:removed', this.removed);
    for (const o of canvas.getObjects()) this.added({ target: o });
  }

  dispose(): void {
    this.canvas.off('object:added', this.added);
    this.canvas.off('object:removed', this.removed);
    this.detach();
  }

  // ---- the React side: useSyncExternalStore(player.subscribe, player.getState) ------------------------------

  subscribe = (listener: () => void) => {
    this.listeners.add(listener);
    return () => this.listeners.delete(listener);
  };

  getState = () => this.state;

  private publish(patch: Partial<MotionState>) {
    this.state = { ...this.state, ...patch };
    for (const l of this.listeners) l();
  }

  /** The decoded animation under the picture layer, or null for a still picture. */
  get current(): Motion | null {
    return this.motion;
  }

  play(): void {
    if (!this.motion || this.state.playing) return;
    this.publish({ playing: true });
    this.schedule();
  }

  pause(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    if (this.state.playing) this.publish({ playing: false });
  }

  toggle(): void {
    if (this.state.playing) this.pause();
    else this.play();
  }

  /**
   * Stops the clock and shows frame `index` (the export draws each frame through this); `release` goes back to
   * playing if it was. fabric renders nothing by itself here: the caller draws the canvas.
   */
  hold(): { show: (index: number) => void; release: () => void } {
    this.held++;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const resume = this.state.playing;
    const at = this.frame;
    return {
      show: (index) => this.paint(index),
      release: () => {
        this.held--;
        if (this.held > 0) return;
        this.paint(at);
        this.canvas.requestRenderAll();
        if (resume && this.state.playing && !this.timer) this.schedule();
      },
    };
  }

  /**
   * The animated export of the meme `still` would export (same area, same drawing), or null for a still picture.
   * Its sizes follow the animation's own pixels rather than the still export's 2× screen (motion-plan.ts).
   */
  exportSession(still: ExportSession): MotionSession | null {
    const { motion, image } = this;
    if (!motion || !image) return null;
    const o = still.sizes.original;
    const area = { width: o.width / o.multiplier, height: o.height / o.multiplier };
    const frames = () => ({ ...this.hold(), draw: still.draw });
    return new MotionSession(motionSizes(area, 1 / (image.scaleX || 1)), motion, frames, still.encoder);
  }

  // ---- watching the canvas ---------------------------------------------------------------------------------

  private added = ({ target }: { target: FabricObject }) => {
    if (!(target instanceof FabricImage) || layerOf(target).type !== 'image') return;
    const src = target.getSrc();
    void decodeMotion(src).then((motion) => {
      // The layer may have been replaced (another upload, an undo) while the frames were decoding.
      if (motion && this.canvas.getObjects().includes(target)) this.attach(target, motion);
    });
  };

  private removed = ({ target }: { target: FabricObject }) => {
    if (target === this.image) this.detach();
  };

  private attach(image: FabricImage, motion: Motion) {
    this.detach();
    this.image = image;
    this.motion = motion;
    this.el.width = motion.width;
    this.el.height = motion.height;
    // fabric draws `_element`; `_originalElement` (the <img> of the address) stays what getSrc and toObject read.
    image._element = this.el;
    this.paint(0);
    this.canvas.requestRenderAll();
    this.publish({ animated: true, frames: motion.frames.length, playing: false });
    if (!this.wantsStill) this.play();
  }

  private detach() {
    this.pause();
    if (this.image) this.image._element = this.image._originalElement;
    this.image = null;
    this.motion = null;
    if (this.state.animated) this.publish(STILL);
  }

  private paint(index: number) {
    const m = this.motion;
    const bitmap = m?.frames[index];
    if (!m || !bitmap || !this.image) return;
    this.frame = index;
    const ctx = this.el.getContext('2d')!;
    ctx.clearRect(0, 0, this.el.width, this.el.height);
    ctx.drawImage(bitmap, 0, 0);
    this.image.dirty = true;
  }

  private schedule() {
    const m = this.motion;
    if (!m || this.held > 0) return;
    this.timer = setTimeout(() => {
      this.timer = null;
      if (!this.motion || this.held > 0) return;
      this.paint((this.frame + 1) % m.frames.length);
      this.canvas.requestRenderAll();
      this.schedule();
    }, m.delays[this.frame] ?? 100);
  }
}
