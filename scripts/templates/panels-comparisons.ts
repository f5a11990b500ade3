/** Comparisons and choices: two panels (or two sides of one scene) set against each other, each with its caption. */
import { define, INK, type PixelBox } from './define';
import { emoji, panel, rect, text } from './svg';

/**
 * Two rows filling an 800 × 800 picture: a coloured panel with a face on the left, a white caption panel on the
 * right. Each face sits `faceInset` px inside its panel; each caption box keeps `captionMargin` px from its panel's
 * top and bottom.
 */
const faceBesideCaption = (
  colours: [top: string, bottom: string],
  faces: [top: string, bottom: string],
  o: { faceInset: number; faceSize: number; captionMargin: number },
) => ({
  width: 800,
  height: 800,
  boxStyle: INK,
  boxes: [0, 400].map((y): PixelBox => [420, y + o.captionMargin, 360, 400 - 2 * o.captionMargin]),
  draw: () =>
    panel(3, 3, 397, 397, colours[0]) +
    panel(3, 400, 397, 397, colours[1]) +
    panel(400, 3, 397, 397, '#fff') +
    panel(400, 400, 397, 397, '#fff') +
    emoji(faces[0], o.faceInset, o.faceInset, o.faceSize) +
    emoji(faces[1], o.faceInset, 400 + o.faceInset, o.faceSize),
});

/**
 * The left and right halves of a 900 × 600 picture, each a coloured panel captioned along its foot; `art` draws what
 * goes on top of the two panels.
 */
const halves = (left: string, right: string, art: () => string) => ({
  width: 900,
  height: 600,
  boxStyle: INK,
  boxes: [
    [20, 470, 420, 110],
    [460, 470, 420, 110],
  ] satisfies PixelBox[],
  draw: () => panel(3, 3, 447, 594, left) + panel(450, 3, 447, 594, right) + art(),
});

export const nopeYep = define({
  id: 'nope-yep',
  name: 'Nope / Yep',
  description: 'Turn down one thing, happily point at the better one.',
  keywords: [
    'drake',
    'hotline bling',
    'approve',
    'disapprove',
    'choice',
    'prefer',
    'no yes',
    'comparison',
    'two panel',
  ],
  ...faceBesideCaption(['#ffcf70', '#ffe9a8'], ['person-gesturing-no', 'person-gesturing-ok'], {
    faceInset: 60,
    faceSize: 280,
    captionMargin: 30,
  }),
  examples: [
    ['doing the task', 'making a meme about the task'],
    ['reading the docs', 'guessing until it works'],
    ['sleeping early', 'one more episode'],
  ],
});

export const expectationVsReality = define({
  id: 'expectation-vs-reality',
  name: 'Expectation vs Reality',
  description: 'What you pictured next to what you got.',
  keywords: ['expectation', 'reality', 'comparison', 'versus', 'disappointment', 'side by side'],
  ...halves(
    '#bfe8ff',
    '#d9d2cf',
    () =>
      rect(3, 3, 447, 70, { fill: '#1c7ed6' }) +
      rect(450, 3, 447, 70, { fill: '#5f5f5f' }) +
      text(226, 54, 'EXPECTATION', { font: 'Anton', size: 44, fill: '#fff' }) +
      text(673, 54, 'REALITY', { font: 'Anton', size: 44, fill: '#fff' }) +
      emoji('star-struck', 110, 130, 230) +
      emoji('sparkles', 330, 110, 90) +
      emoji('weary-face', 560, 130, 230) +
      emoji('cloud-with-rain', 780, 100, 90),
  ),
  examples: [
    ['my plans for the weekend', 'my actual weekend'],
    ['the recipe photo', 'my kitchen'],
    ['new year goals', 'january 3rd'],
  ],
});

export const beforeAfter = define({
  id: 'before-after',
  name: 'Before / After',
  description: 'A glow-up, or a glow-down, in two panels.',
  keywords: ['before', 'after', 'glow up', 'transformation', 'change', 'comparison'],
  ...halves(
    '#e4e4e4',
    '#ffe27a',
    () =>
      rect(150, 24, 150, 54, { fill: '#333', r: 27 }) +
      rect(598, 24, 150, 54, { fill: '#e8590c', r: 27 }) +
      text(225, 63, 'BEFORE', { font: 'Anton', size: 34, fill: '#fff' }) +
      text(673, 63, 'AFTER', { font: 'Anton', size: 34, fill: '#fff' }) +
      emoji('tired-face', 110, 140, 230) +
      emoji('smiling-face-with-sunglasses', 560, 140, 230) +
      emoji('sparkles', 770, 110, 90),
  ),
  examples: [
    ['me before coffee', 'me after coffee'],
    ['the code before review', 'the code after review'],
    ['monday me', 'friday me'],
  ],
});

export const lookAwayMonkey = define({
  id: 'look-away-monkey',
  name: 'Pretend I Did Not See',
  description: 'A monkey sees something, then very politely does not.',
  keywords: [
    'monkey puppet',
    'awkward monkey',
    'monkey',
    'look away',
    'awkward',
    'ignore',
    'pretend',
    'two panel',
    'nervous',
  ],
  ...faceBesideCaption(['#c9e7c1', '#c9e7c1'], ['monkey-face', 'see-no-evil-monkey'], {
    faceInset: 70,
    faceSize: 260,
    captionMargin: 40,
  }),
  examples: [
    ['the dishes in the sink', 'me walking past'],
    ['47 unread emails', 'closing the laptop'],
    ['the bug in my code', 'marking it as a feature'],
  ],
});

export const twoButtons = define({
  id: 'two-buttons',
  name: 'Two Buttons',
  description: 'A nervous sweater who cannot choose between two buttons.',
  keywords: [
    'daily struggle',
    'sweating buttons',
    'two buttons',
    'choice',
    'decision',
    'dilemma',
    'sweating',
    'hard choice',
  ],
  width: 800,
  height: 900,
  boxStyle: { ...INK, font: 'Arial Black' },
  boxes: [
    [70, 120, 280, 120, { angle: -8 }],
    [450, 90, 280, 120, { angle: -8 }],
    [40, 760, 720, 120, { color: 'white', style: 'upper', font: 'Impact' }],
  ],
  examples: [
    ['sleep', 'one more episode', 'me at midnight'],
    ['save money', 'buy snacks', 'me at the store'],
    ['fix the bug', 'write a new feature', 'every developer'],
  ],
  draw: () =>
    panel(3, 3, 794, 440, '#d8e4f0') +
    panel(3, 443, 794, 454, '#7aa6d6') +
    rect(90, 270, 250, 110, { fill: '#999', r: 20 }) +
    rect(460, 240, 250, 110, { fill: '#999', r: 20 }) +
    rect(110, 250, 210, 90, { fill: '#e63946', r: 45, stroke: '#8b1e28', sw: 6 }) +
    rect(480, 220, 210, 90, { fill: '#e63946', r: 45, stroke: '#8b1e28', sw: 6 }) +
    emoji('anxious-face-with-sweat', 260, 470, 280) +
    emoji('droplet', 560, 500, 60) +
    emoji('droplet', 200, 560, 50),
});

export const distractedByShiny = define({
  id: 'distracted-by-shiny',
  name: 'Distracted by the Shiny',
  description: 'Ignoring the thing you have for the shiny new thing.',
  keywords: [
    'distracted boyfriend',
    'distracted',
    'shiny',
    'new thing',
    'temptation',
    'jealous',
    'choice',
    'three labels',
  ],
  width: 900,
  height: 640,
  boxStyle: { style: 'upper' },
  boxes: [
    [30, 460, 260, 150],
    [320, 460, 260, 150],
    [610, 460, 260, 150],
  ],
  examples: [
    ['a new side project', 'me', 'my unfinished projects'],
    ['a new framework', 'developers', 'the framework we use'],
    ['dessert', 'me', 'my diet'],
  ],
  draw: () =>
    rect(0, 0, 900, 640, { fill: '#8ecae6' }) +
    rect(0, 380, 900, 260, { fill: '#9c8b73' }) +
    emoji('sparkles', 40, 60, 90) +
    emoji('wrapped-gift', 60, 140, 230) +
    emoji('face-with-open-mouth', 350, 140, 230) +
    emoji('backhand-index-pointing-left', 330, 330, 90) +
    emoji('pouting-face', 630, 140, 230),
});

export const pointingAtEachOther = define({
  id: 'pointing-at-each-other',
  name: 'Pointing at Each Other',
  description: 'Two look-alikes accusing each other.',
  keywords: ['spider-man pointing', 'spiderman', 'pointing', 'same', 'twins', 'blame', 'accuse', 'identical', 'you'],
  width: 900,
  height: 600,
  boxStyle: { style: 'upper' },
  boxes: [
    [30, 30, 380, 130],
    [490, 30, 380, 130],
  ],
  examples: [
    ['frontend', 'backend'],
    ['me', 'also me'],
    ['the bug', 'the fix'],
  ],
  draw: () =>
    rect(0, 0, 900, 600, { fill: '#5a7bd6' }) +
    rect(0, 460, 900, 140, { fill: '#3a4f8c' }) +
    emoji('person-tipping-hand', 90, 190, 300) +
    emoji('person-tipping-hand', 510, 190, 300, { flip: true }) +
    emoji('backhand-index-pointing-right', 330, 250, 110) +
    emoji('backhand-index-pointing-left', 460, 250, 110) +
    emoji('exclamation-question-mark', 405, 170, 90),
});
