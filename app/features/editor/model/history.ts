import { HISTORY_MAX_SNAPSHOTS } from '../../../../core/limits';

/**
 * Undo/redo over whole-document snapshots (serialised strings). A snapshot equal to the current one is skipped;
 * a new edit after undoing drops the redo branch; past the cap the oldest snapshot goes.
 */
export class History {
  private snapshots: string[] = [];
  private index = -1;

  constructor(private readonly max = HISTORY_MAX_SNAPSHOTS) {}

  /** Records a snapshot; returns false when it duplicates the current one. */
  push(snapshot: string): boolean {
    if (this.snapshots[this.index] === snapshot) return false;
    this.snapshots = this.snapshots.slice(0, this.index + 1);
    this.snapshots.push(snapshot);
    if (this.snapshots.length > this.max) this.snapshots.splice(0, this.snapshots.length - this.max);
    this.index = this.snapshots.length - 1;
    return true;
  }

  /** Forgets everything and starts from this snapshot (a new template or image). */
  reset(snapshot: string): void {
    this.snapshots = [snapshot];
    this.index = 0;
  }

  undo(): string | undefined {
    if (!this.canUndo) return undefined;
    this.index -= 1;
    return this.snapshots[this.index];
  }

  redo(): string | undefined {
    if (!this.canRedo) return undefined;
    this.index += 1;
    return this.snapshots[this.index];
  }

  get canUndo(): boolean {
    return this.index > 0;
  }

  get canRedo(): boolean {
    return this.index < this.snapshots.length - 1;
  }

  get size(): number {
    return this.snapshots.length;
  }

  get current(): string | undefined {
    return this.snapshots[this.index];
  }
}
