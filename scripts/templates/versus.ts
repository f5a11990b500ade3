/** Match-ups and labelled scenes: versus, who would win, handshake, pointing at a butterfly, the exit ramp. */
import { define, INK, type TemplateDefinition } from './define';
import { emoji, path, poly, rect, text } from './svg';

export const versusLayouts: TemplateDefinition[] = [
  define({
    id: 'versus',
    name: 'Versus',
    description: 'Red corner against blue corner, split by a lightning VS.',
    keywords: ['versus', 'vs', 'fight', 'battle', 'rivalry', 'showdown', 'match'],
    width: 900,
    height: 600,
    boxes: [
      [20, 450, 400, 130],
      [480, 450, 400, 130],
    ],
    examples: [
      ['cats', 'dogs'],
      ['morning people', 'night owls'],
      ['tabs', 'spaces'],
    ],
    draw: () =>
      rect(0, 0, 900, 600, { fill: '#1971c2' }) +
      poly(
        [
          [0, 0],
          [520, 0],
          [380, 600],
          [0, 600],
        ],
        { fill: '#e03131' },
      ) +
      emoji('angry-face', 90, 130, 260) +
      emoji('smiling-face-with-horns', 560, 130, 260) +
      poly(
        [
          [470, 170],
          [400, 320],
          [455, 320],
          [420, 450],
          [520, 280],
          [462, 280],
          [510, 170],
        ],
        { fill: '#ffd43b', stroke: '#1b1b1b', sw: 6 },
      ) +
      text(450, 110, 'VS', { font: 'Anton', size: 110, fill: '#fff', stroke: '#1b1b1b', sw: 10 }),
  }),
  define({
    id: 'who-would-win',
    name: 'Who Would Win?',
    description: 'Two contenders, one question: who would win?',
    keywords: ['who would win', 'versus', 'contest', 'compare', 'fight', 'matchup'],
    width: 900,
    height: 640,
    boxStyle: INK,
    boxes: [
      [30, 470, 390, 140],
      [480, 470, 390, 140],
    ],
    examples: [
      ['a mountain of laundry', 'one sock'],
      ['my alarm clock', 'the snooze button'],
      ['ten browser tabs', 'eight gigabytes of ram'],
    ],
    draw: () =>
      rect(0, 0, 900, 640, { fill: '#fff' }) +
      text(450, 80, 'WHO WOULD WIN?', { font: 'Anton', size: 70, spacing: 2 }) +
      rect(30, 120, 390, 330, { fill: '#fff4e6', stroke: '#1b1b1b', sw: 5 }) +
      rect(480, 120, 390, 330, { fill: '#e7f5ff', stroke: '#1b1b1b', sw: 5 }) +
      emoji('flexed-biceps', 125, 185, 200) +
      emoji('mouse-face', 575, 185, 200) +
      text(450, 320, 'VS', { font: 'Anton', size: 60, fill: '#e03131' }),
  }),
  define({
    id: 'agreement-handshake',
    name: 'Agreement Handshake',
    description: 'Two unlikely sides shaking hands over what they share.',
    keywords: ['handshake', 'agree', 'agreement', 'common ground', 'unity', 'deal', 'epic handshake'],
    width: 900,
    height: 700,
    boxes: [
      [20, 40, 330, 150],
      [550, 40, 330, 150],
      [250, 520, 400, 150],
    ],
    examples: [
      ['cats', 'toddlers', 'knocking things off tables'],
      ['developers', 'designers', 'hating the deadline'],
      ['night owls', 'early birds', 'needing coffee'],
    ],
    draw: () =>
      rect(0, 0, 900, 700, { fill: '#5c4a8c' }) +
      rect(0, 0, 450, 700, { fill: '#2f9e44', opacity: 0.6 }) +
      rect(450, 0, 450, 700, { fill: '#e8590c', opacity: 0.6 }) +
      path('M0 350 C 120 330, 200 330, 250 335', { stroke: '#1b5e20', sw: 110 }) +
      path('M900 350 C 780 330, 700 330, 650 335', { stroke: '#a33a0b', sw: 110 }) +
      path('M240 335 L 360 335', { stroke: '#ffc83d', sw: 70 }) +
      path('M660 335 L 540 335', { stroke: '#ffc83d', sw: 70 }) +
      emoji('handshake', 300, 190, 300),
  }),
  define({
    id: 'is-this-a',
    name: 'Is This a...?',
    description: 'Someone mistaking a fluttering thing for something else entirely.',
    keywords: [
      'is this a pigeon',
      'pigeon',
      'is this',
      'butterfly',
      'confused',
      'mistake',
      'misidentify',
      'question',
      'pointing',
    ],
    width: 900,
    height: 700,
    boxes: [
      [500, 60, 380, 120],
      [30, 430, 400, 120],
      [60, 560, 780, 120],
    ],
    examples: [
      ['a typo', 'my boss', 'is this a feature?'],
      ['one cloud', 'me on holiday', 'is this a storm?'],
      ['a free sample', 'me', 'is this lunch?'],
    ],
    draw: () =>
      rect(0, 0, 900, 700, { fill: '#fff1d6' }) +
      rect(0, 0, 900, 100, { fill: '#e8c28a' }) +
      rect(80, 130, 220, 180, { fill: '#a5d8ff', stroke: '#7a5230', sw: 10 }) +
      emoji('person-raising-hand', 120, 220, 300) +
      emoji('butterfly', 560, 190, 220),
  }),
  define({
    id: 'sudden-exit',
    name: 'Sudden Exit',
    description: 'A car swerving for the exit at the last second.',
    keywords: [
      'left exit 12',
      'highway exit',
      'exit',
      'highway',
      'swerve',
      'car',
      'road sign',
      'choice',
      'sudden change',
    ],
    width: 900,
    height: 700,
    boxStyle: { color: 'white', style: 'upper', font: 'Arial' },
    boxes: [
      [90, 60, 300, 140],
      [500, 60, 300, 140],
      [560, 500, 300, 120],
    ],
    examples: [
      ['finishing the project', 'starting a new project', 'me'],
      ['going to bed', 'one more video', 'me at midnight'],
      ['studying', 'cleaning my whole room', 'me before exams'],
    ],
    draw: () =>
      rect(0, 0, 900, 700, { fill: '#a5d8ff' }) +
      rect(0, 300, 900, 400, { fill: '#69db7c' }) +
      poly(
        [
          [300, 700],
          [430, 300],
          [470, 300],
          [600, 700],
        ],
        { fill: '#555' },
      ) +
      poly(
        [
          [520, 700],
          [470, 300],
          [500, 300],
          [900, 560],
          [900, 700],
        ],
        { fill: '#555' },
      ) +
      path('M450 690 L450 310', { stroke: '#fff', sw: 6, dash: '30 24' }) +
      rect(70, 40, 340, 180, { fill: '#2b8a3e', stroke: '#fff', sw: 6, r: 12 }) +
      rect(480, 40, 340, 180, { fill: '#2b8a3e', stroke: '#fff', sw: 6, r: 12 }) +
      rect(230, 220, 16, 90, { fill: '#888' }) +
      rect(640, 220, 16, 90, { fill: '#888' }) +
      emoji('automobile', 420, 430, 180, { rotate: -25 }),
  }),
];
