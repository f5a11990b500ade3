import { History } from '../model/history';

/**
 * Typing and dragging a colour fire an edit per keystroke or per pixel; they become one undo step once the person
 * pauses, so 30 snapshots are not spent on one sentence.
 */
const COALESCE_MS = 400;

/**
 * The editor's undo steps over whole-document snapshots (model/history.ts, ADR 0103): an edit is recorded at once
 * or, with `recordSoon`, once the person pauses; undo first records a pending step; restores run one after another,
 * so quick repeated Ctrl+Z never interleaves two loads, and nothing restored is recorded again.
 */
export class UndoSteps {
  private readonly history = new History();
  private restoring = false;
  private pending: ReturnType<typeof setTimeout> | null = null;
  private queue: Promise<void> = Promise.resolve();

  constructor(
    private readonly document: {
      snapshot: () => string;
      restore: (snapshot: string) => Promise<void>;
      /** After a step was recorded (or restored): the canvas publishes. */
      changed: (recorded: boolean) => void;
    },
  ) {
    this.history.reset(document.snapshot());
  }

  get canUndo(): boolean {
    return this.history.canUndo;
  }

  get canRedo(): boolean {
    return this.history.canRedo;
  }

  /** A new document: the history starts again from it. */
  reset(): void {
    this.history.reset(this.document.snapshot());
  }

  record(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = null;
    if (this.restoring) return;
    this.history.push(this.document.snapshot());
    this.document.changed(true);
  }

  recordSoon(): void {
    if (this.pending) clearTimeout(this.pending);
    this.pending = setTimeout(() => this.record(), COALESCE_MS);
    this.document.changed(false);
  }

  undo(): Promise<void> {
    return this.replay(() => this.history.undo());
  }

  redo(): Promise<void> {
    return this.replay(() => this.history.redo());
  }

  private replay(step: () => string | undefined): Promise<void> {
    this.queue = this.queue.then(async () => {
      if (this.pending) this.record();
      const s = step();
      if (!s) return;
      this.restoring = true;
      try {
        await this.document.restore(s);
      } finally {
        this.restoring = false;
      }
      this.document.changed(false);
    });
    return this.queue;
  }
}
