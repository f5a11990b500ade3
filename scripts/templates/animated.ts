/**
 * Animated templates: drawn like the others, once per frame (`draw(frame)`), and written by the build as a looping
 * GIF with core/animation's writer (docs/decisions/0138-animated-meme-export.md). Each moves in a loop that
 * closes: the last frame leads back to the first.
 */
import { define, INK, type TemplateDefinition } from './define';
import { circle, emoji, rect, text } from './svg';

const W = 640;
const H = 640;
const FRAMES = 12;
const DELAY_MS = 100;
/** 0 → 1 → 0 over the loop, for things that swing back and forth. */
const swing = (frame: number) => (1 - Math.cos((frame / FRAMES) * Math.PI * 2)) / 2;

/** Classic top and bottom captions on a square picture. */
const TOP_BOTTOM: [number, number, number, number][] = [
  [20, 16, 600, 120],
  [20, 504, 600, 120],
];

export const animatedLayouts: TemplateDefinition[] = [
  define({
    id: 'loading-forever',
    name: 'Loading Forever',
    description: 'A progress bar that almost fills, then starts over, for ever.',
    keywords: ['loading', 'progress bar', 'waiting', 'buffering', 'slow', 'forever', 'please wait', 'gif', 'animated'],
    width: W,
    height: H,
    boxes: TOP_BOTTOM,
    animation: { frames: FRAMES, delayMs: DELAY_MS },
    examples: [
      ['installing updates', 'since 2019'],
      ['me waiting for', 'the weekend'],
      ['my brain at 8 am', 'still loading'],
    ],
    draw: (frame = 0) => {
      const share = Math.min(0.99, (frame + 1) / (FRAMES - 1));
      return (
        rect(0, 0, W, H, { fill: '#1c7ed6' }) +
        emoji('hourglass-not-done', 250, 170, 140, { rotate: frame % 6 < 3 ? 0 : 180 }) +
        rect(90, 360, 460, 60, { r: 30, fill: '#fff', stroke: '#1b1b1b', sw: 6 }) +
        rect(100, 370, Math.round(440 * share), 40, { r: 20, fill: '#40c057' }) +
        text(320, 470, `${Math.round(share * 100)}%`, {
          font: 'Anton',
          size: 44,
          fill: '#fff',
          stroke: '#1b1b1b',
          sw: 6,
        })
      );
    },
  }),
  define({
    id: 'typing-dots',
    name: 'Typing...',
    description: 'A chat where the other side keeps typing and never sends.',
    keywords: ['typing', 'chat', 'text message', 'waiting for reply', 'dots', 'texting', 'gif', 'animated'],
    width: W,
    height: H,
    boxStyle: INK,
    boxes: [
      [60, 40, 520, 110],
      [60, 520, 520, 100],
    ],
    animation: { frames: FRAMES, delayMs: DELAY_MS },
    examples: [
      ['me: are you mad?', 'them:'],
      ['asked my crush out', 'the reply:'],
      ['sent the group a plan', 'everyone:'],
    ],
    draw: (frame = 0) => {
      const dot = (i: number) => {
        const lift = Math.max(0, Math.sin(((frame - i * 2) / FRAMES) * Math.PI * 4)) * 16;
        return circle(250 + i * 70, 330 - lift, 22, { fill: lift > 4 ? '#495057' : '#adb5bd' });
      };
      return (
        rect(0, 0, W, H, { fill: '#f1f3f5' }) +
        rect(40, 180, 560, 300, { r: 40, fill: '#fff', stroke: '#ced4da', sw: 4 }) +
        rect(170, 270, 300, 120, { r: 60, fill: '#e9ecef' }) +
        dot(0) +
        dot(1) +
        dot(2) +
        emoji('thinking-face', 60, 380, 80)
      );
    },
  }),
  define({
    id: 'disco-dance',
    name: 'Disco Dance',
    description: 'Someone dancing under a spinning mirror ball as the lights change.',
    keywords: ['dance', 'dancing', 'party', 'disco', 'celebrate', 'friday', 'vibing', 'gif', 'animated'],
    width: W,
    height: H,
    boxes: TOP_BOTTOM,
    animation: { frames: FRAMES, delayMs: DELAY_MS },
    examples: [
      ['when the code compiles', 'on the first try'],
      ['me when', 'the weekend starts'],
      ['payday', 'finally'],
    ],
    draw: (frame = 0) => {
      const lights = ['#ae3ec9', '#f03e3e', '#f59f00', '#37b24d', '#1c7ed6', '#7048e8'];
      const x = 200 + Math.round(swing(frame) * 100);
      return (
        rect(0, 0, W, H, { fill: lights[frame % lights.length]! }) +
        circle(320, 320, 250, { fill: '#fff', opacity: 0.12 }) +
        emoji('mirror-ball', 270, 140, 100, { rotate: frame * 30 }) +
        emoji('man-dancing', x, 250, 220, { flip: frame % 4 >= 2 }) +
        emoji('musical-notes', 80 + (frame % 3) * 8, 300 - (frame % 4) * 10, 70)
      );
    },
  }),
];
