/** Chart and grid layouts: alignment chart, tier list, Venn, bell curve, graphs, starter pack, podium. */
import { define, INK, type PixelBox, type TemplateDefinition } from './define';
import { circle, emoji, line, panel, path, poly, rect, text } from './svg';

const ALIGN = [
  'LAWFUL GOOD',
  'NEUTRAL GOOD',
  'CHAOTIC GOOD',
  'LAWFUL NEUTRAL',
  'TRUE NEUTRAL',
  'CHAOTIC NEUTRAL',
  'LAWFUL EVIL',
  'NEUTRAL EVIL',
  'CHAOTIC EVIL',
];
const ALIGN_FACES = [
  'smiling-face-with-halo',
  'slightly-smiling-face',
  'zany-face',
  'neutral-face',
  'expressionless-face',
  'face-with-spiral-eyes',
  'smirking-face',
  'smiling-face-with-horns',
  'angry-face-with-horns',
];
const TIERS: [string, string][] = [
  ['S', '#ff7f7f'],
  ['A', '#ffbf7f'],
  ['B', '#ffdf7f'],
  ['C', '#bfff7f'],
  ['D', '#7fbfff'],
];

const grid3 = (): PixelBox[] =>
  Array.from({ length: 9 }, (_, i): PixelBox => [(i % 3) * 300 + 20, Math.floor(i / 3) * 300 + 215, 260, 75]);

export const chartLayouts: TemplateDefinition[] = [
  define({
    id: 'alignment-chart',
    name: 'Alignment Chart',
    description: 'Sort nine things from lawful good to chaotic evil.',
    keywords: ['alignment', 'chart', 'lawful', 'chaotic', 'good', 'evil', 'grid', '3x3'],
    width: 900,
    height: 900,
    boxStyle: INK,
    boxes: grid3(),
    examples: [
      ['tea', 'coffee', 'energy drink', 'water', 'milk', 'pickle juice', 'decaf', 'cold coffee', 'coffee with salt'],
      [
        'tabs',
        'spaces',
        'both',
        'two spaces',
        'four spaces',
        'one space',
        'three spaces',
        'eight spaces',
        'no indentation',
      ],
      [
        'bed at 10',
        'bed at 11',
        'bed at 1',
        'bed at 12',
        'nap at 5',
        'bed at 3',
        'alarm at 5',
        'no alarm',
        'never sleep',
      ],
    ],
    draw: () =>
      ALIGN.map((label, i) => {
        const x = (i % 3) * 300;
        const y = Math.floor(i / 3) * 300;
        const hue = ['#e7f5ff', '#fff9db', '#ffe3e3'][Math.floor(i / 3)] ?? '#fff';
        return (
          panel(x + 3, y + 3, 294, 294, hue) +
          text(x + 150, y + 40, label, { font: 'Archivo Black', size: 24 }) +
          emoji(ALIGN_FACES[i] ?? 'neutral-face', x + 95, y + 60, 110)
        );
      }).join(''),
  }),
  define({
    id: 'tier-list',
    name: 'Tier List',
    description: 'Rank anything from S tier down to D tier.',
    keywords: ['tier list', 'ranking', 'rank', 's tier', 'best', 'worst', 'rating'],
    // The rows are near-black, as tier lists are: white captions (with the editor's black outline) read on them.
    width: 900,
    height: 756,
    boxStyle: { color: 'white', style: 'none', font: 'Arial Black', align: 'left' },
    boxes: TIERS.map((_, i): PixelBox => [170, i * 150 + 20, 710, 110]),
    examples: [
      ['pizza', 'tacos', 'burgers', 'salad', 'plain rice'],
      ['friday', 'saturday', 'sunday', 'thursday', 'monday'],
      ['cats', 'dogs', 'otters', 'goldfish', 'mosquitoes'],
    ],
    draw: () =>
      rect(0, 0, 900, 756, { fill: '#1f1f24' }) +
      TIERS.map(
        ([t, c], i) =>
          rect(6, i * 150 + 6, 144, 140, { fill: c }) +
          text(78, i * 150 + 100, t, { font: 'Anton', size: 80 }) +
          rect(156, i * 150 + 6, 738, 140, { fill: '#2c2c33' }),
      ).join(''),
  }),
  define({
    id: 'venn-diagram',
    name: 'Venn Diagram',
    description: 'Two overlapping circles and the thing in the middle.',
    keywords: ['venn', 'diagram', 'overlap', 'both', 'circles', 'intersection', 'chart'],
    width: 900,
    height: 700,
    boxStyle: INK,
    // Each side box stays inside its own circle, clear of the other circle's outline; the middle one inside the overlap.
    boxes: [
      [40, 20, 820, 80],
      [108, 310, 200, 140],
      [360, 310, 180, 140],
      [592, 310, 200, 140],
    ],
    examples: [
      ['my ideal job', 'pays well', 'me', 'naps allowed'],
      ['a good meme', 'funny', 'perfect', 'relatable'],
      ['weekend plans', 'sleeping', 'sleeping in a park', 'going outside'],
    ],
    draw: () =>
      rect(0, 0, 900, 700, { fill: '#fff' }) +
      circle(330, 380, 250, { fill: '#4dabf7', opacity: 0.55, stroke: '#1c6fb0', sw: 6 }) +
      circle(570, 380, 250, { fill: '#ff8787', opacity: 0.55, stroke: '#c92a2a', sw: 6 }),
  }),
  define({
    id: 'bell-curve',
    name: 'Bell Curve',
    description: 'The simple take and the genius take agree; the middle overthinks it.',
    keywords: ['bell curve', 'iq', 'midwit', 'overthinking', 'genius', 'simple', 'chart'],
    width: 900,
    height: 640,
    boxStyle: INK,
    boxes: [
      [20, 40, 240, 150],
      [330, 40, 240, 150],
      [640, 40, 240, 150],
    ],
    examples: [
      ['just restart it', 'analyse the memory dump for six hours', 'just restart it'],
      ['coffee is good', 'actually coffee has 14 risks', 'coffee is good'],
      ['take a nap', 'optimise your sleep cycle with an app', 'take a nap'],
    ],
    draw: () =>
      rect(0, 0, 900, 640, { fill: '#fff' }) +
      path('M40 580 C 250 580, 330 220, 450 220 C 570 220, 650 580, 860 580 Z', {
        fill: '#d0ebff',
        stroke: '#1864ab',
        sw: 6,
      }) +
      line(40, 582, 860, 582, { stroke: '#333', sw: 4 }) +
      emoji('grinning-face', 90, 430, 100) +
      emoji('nerd-face', 400, 300, 100) +
      emoji('face-with-monocle', 710, 430, 100) +
      text(140, 625, '55', { size: 26 }) +
      text(450, 625, '100', { size: 26 }) +
      text(760, 625, '145', { size: 26 }),
  }),
  define({
    id: 'line-goes-up',
    name: 'Line Goes Up',
    description: 'A chart that only goes up, and a very smug investor.',
    keywords: ['stonks', 'stocks', 'chart', 'profit', 'growth', 'up', 'business', 'success'],
    width: 800,
    height: 800,
    boxes: [
      [24, 18, 752, 150],
      [24, 632, 752, 150],
    ],
    examples: [
      ['bought one snack', 'economy boosted'],
      ['slept 9 hours', 'productivity'],
      ['drank water', 'health stonks'],
    ],
    draw: () =>
      rect(0, 0, 800, 800, { fill: '#0c1a3a' }) +
      Array.from(
        { length: 9 },
        (_, i) =>
          line(0, i * 100, 800, i * 100, { stroke: '#1f3a6e', sw: 2 }) +
          line(i * 100, 0, i * 100, 800, { stroke: '#1f3a6e', sw: 2 }),
      ).join('') +
      path('M40 600 L180 520 L260 560 L380 400 L460 440 L600 260 L720 200', { stroke: '#40c057', sw: 14 }) +
      poly(
        [
          [740, 170],
          [690, 190],
          [730, 225],
        ],
        { fill: '#40c057' },
      ) +
      emoji('smiling-face-with-sunglasses', 90, 250, 260) +
      emoji('chart-increasing', 560, 430, 170),
  }),
  define({
    id: 'line-goes-down',
    name: 'Line Goes Down',
    description: 'A crashing chart and a dizzy, ruined investor.',
    keywords: ['not stonks', 'crash', 'loss', 'chart', 'down', 'broke', 'fail'],
    width: 800,
    height: 800,
    boxes: [
      [24, 18, 752, 150],
      [24, 632, 752, 150],
    ],
    examples: [
      ['checked my savings', 'after the weekend'],
      ['my sleep schedule', 'after one holiday'],
      ['battery at 100%', 'opened one app'],
    ],
    draw: () =>
      rect(0, 0, 800, 800, { fill: '#2a0c0c' }) +
      Array.from(
        { length: 9 },
        (_, i) =>
          line(0, i * 100, 800, i * 100, { stroke: '#5a1f1f', sw: 2 }) +
          line(i * 100, 0, i * 100, 800, { stroke: '#5a1f1f', sw: 2 }),
      ).join('') +
      path('M60 200 L180 260 L260 230 L380 380 L460 350 L600 520 L700 580', { stroke: '#fa5252', sw: 14 }) +
      poly(
        [
          [730, 600],
          [680, 600],
          [705, 560],
        ],
        { fill: '#fa5252' },
      ) +
      emoji('face-with-spiral-eyes', 470, 170, 240) +
      emoji('chart-decreasing', 90, 400, 170),
  }),
  define({
    id: 'starter-pack',
    name: 'Starter Pack',
    description: 'The items that define a type, on a six-square grid.',
    keywords: ['starter pack', 'starter kit', 'grid', 'collage', 'stereotype', 'essentials'],
    width: 900,
    height: 800,
    boxStyle: { ...INK, font: 'Arial Black' },
    boxes: [
      [20, 15, 860, 80],
      ...Array.from({ length: 6 }, (_, i): PixelBox => [(i % 3) * 300 + 20, Math.floor(i / 3) * 350 + 362, 260, 70]),
    ],
    examples: [
      ['the remote worker starter pack', 'coffee', 'laptop', 'headphones', 'cat', 'hoodie', 'no pants'],
      ['the gamer starter pack', 'energy drink', 'laptop', 'headset', 'pizza', 'hoodie', 'one more game'],
      [
        'the student starter pack',
        'cold coffee',
        'laptop',
        'headphones',
        'instant noodles',
        'hoodie',
        'deadline panic',
      ],
    ],
    draw: () =>
      rect(0, 0, 900, 800, { fill: '#fff' }) +
      ['hot-beverage', 'laptop', 'headphone', 'cat-face', 'coat', 'alarm-clock']
        .map((e, i) => {
          const x = (i % 3) * 300;
          const y = Math.floor(i / 3) * 350 + 100;
          return panel(x + 8, y, 284, 340, '#f4f4f4') + emoji(e, x + 70, y + 40, 160);
        })
        .join(''),
  }),
  define({
    id: 'podium',
    name: 'Winners Podium',
    description: 'Gold, silver and bronze for anything you can rank.',
    keywords: ['podium', 'winner', 'gold', 'first place', 'ranking', 'trophy', 'medal'],
    width: 900,
    height: 700,
    boxStyle: INK,
    boxes: [
      [330, 60, 240, 90],
      [40, 200, 240, 90],
      [620, 260, 240, 90],
    ],
    examples: [
      ['pizza', 'tacos', 'salad'],
      ['weekend', 'holiday', 'monday'],
      ['naps', 'snacks', 'exercise'],
    ],
    draw: () =>
      rect(0, 0, 900, 700, { fill: '#e3f2ff' }) +
      rect(310, 330, 280, 367, { fill: '#ffd43b', stroke: '#1b1b1b', sw: 6 }) +
      rect(20, 430, 290, 267, { fill: '#ced4da', stroke: '#1b1b1b', sw: 6 }) +
      rect(590, 480, 290, 217, { fill: '#e8a26b', stroke: '#1b1b1b', sw: 6 }) +
      text(450, 480, '1', { font: 'Anton', size: 110, fill: '#7a5b00' }) +
      text(165, 570, '2', { font: 'Anton', size: 100, fill: '#555' }) +
      text(735, 620, '3', { font: 'Anton', size: 90, fill: '#6b3a14' }) +
      emoji('1st-place-medal', 390, 170, 120) +
      emoji('2nd-place-medal', 110, 300, 110) +
      emoji('3rd-place-medal', 680, 360, 110),
  }),
];
