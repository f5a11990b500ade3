import type { MotionPlayer, MotionState } from '../canvas/motion-player';
import { buttonClass } from './controls';

/** Play and pause for an animated picture (nothing for a still one); the label says what pressing it does. */
export function MotionControl({ player, state }: { player: MotionPlayer | null; state: MotionState }) {
  if (!player || !state.animated) return null;
  return (
    <div className="flex items-center justify-center gap-2 px-2 pb-1 text-sm text-slate-700 dark:text-slate-200">
      <button
        type="button"
        className={`${buttonClass} min-h-10 min-w-10`}
        onClick={() => player.toggle()}
        aria-label={state.playing ? 'Pause animation' : 'Play animation'}
      >
        <span aria-hidden="true">{state.playing ? '❚❚' : '▶'}</span>
        <span className="ml-1">{state.playing ? 'Pause' : 'Play'}</span>
      </button>
      <span className="text-xs sm:text-sm">
        Animated picture, {state.frames} frames: your text shows on every frame.
      </span>
    </div>
  );
}
