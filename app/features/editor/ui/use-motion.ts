import { useEffect, useState, useSyncExternalStore } from 'react';
import * as canvasModule from '../canvas/index.client';
import type { MemeCanvas } from '../canvas/meme-canvas';
import type { MotionPlayer, MotionState } from '../canvas/motion-player';

const STILL: MotionState = { animated: false, playing: false, frames: 0 };
const none = () => () => undefined;

/**
 * The player of an animated picture on the editor's canvas (canvas/motion-player.ts), started with the editor and
 * ended with it, and its state for React: whether the picture moves, and whether it is playing.
 */
export function useMotion(editor: MemeCanvas | null): { player: MotionPlayer | null; state: MotionState } {
  const [player, setPlayer] = useState<MotionPlayer | null>(null);
  useEffect(() => {
    if (!editor) return;
    const made = new canvasModule.MotionPlayer(editor.canvas);
    const w = window as { __MEMEFORGE_BENCH__?: boolean; __memeMotion?: MotionPlayer };
    if (w.__MEMEFORGE_BENCH__) w.__memeMotion = made;
    setPlayer(made);
    return () => {
      made.dispose();
      setPlayer(null);
    };
  }, [editor]);
  const state = useSyncExternalStore(player?.subscribe ?? none, player?.getState ?? (() => STILL), () => STILL);
  return { player, state };
}
