/** Steps and stories: panels read in order, top to bottom or as a comic, with a drawn character in each. */
import { define, INK, type PixelBox } from './define';
import { emoji, panel, rect } from './svg';

/** Panel outlines are 6 px wide and centred on the panel's edge, so the outer panels start 3 px in. */
const OUTLINE = 6;

/**
 * Rows of two panels filling an 800 × height picture: a white caption panel on the left, a coloured one with a face
 * on the right. Rows share their outlines, and the last row ends 3 px above the bottom so its outline is whole.
 */
const rowPitch = (n: number, height: number) => (height - OUTLINE) / n;

const rows = (faces: string[], colours: string[], height: number) => {
  const h = rowPitch(faces.length, height);
  return faces
    .map(
      (f, i) =>
        panel(3, 3 + i * h, 397, h, '#fff') +
        panel(400, 3 + i * h, 397, h, colours[i % colours.length] ?? '#eee') +
        emoji(f, 400 + (400 - h * 0.8) / 2, 3 + i * h + h * 0.1, h * 0.8),
    )
    .join('');
};

const rowBoxes = (n: number, height: number) =>
  Array.from({ length: n }, (_, i): [number, number, number, number] => {
    const h = rowPitch(n, height);
    return [20, 20 + i * h, 360, h - 34];
  });

/**
 * A 900 × 900 comic of four 450-px cells in reading order (left to right, then down); cell i has its top-left
 * corner at (cellX(i), cellY(i)).
 */
const cellX = (i: number) => (i % 2) * 450;
const cellY = (i: number) => Math.floor(i / 2) * 450;

/** One box per cell, (x, y) from the cell's top-left corner. */
const cellBoxes = (x: number, y: number, w: number, h: number) =>
  [0, 1, 2, 3].map((i): PixelBox => [cellX(i) + x, cellY(i) + y, w, h]);

/** Draws the comic, cell i from `each[i]`. */
const cells = <T>(each: T[], draw: (x: number, y: number, what: T) => string) =>
  each.map((what, i) => draw(cellX(i), cellY(i), what)).join('');

/** A cell's panel, `margin` px inside the cell so that neighbouring outlines leave a gutter. */
const cellPanel = (x: number, y: number, margin: number, fill: string) =>
  panel(x + margin, y + margin, 450 - 2 * margin, 450 - 2 * margin, fill);

export const expandingBrain = define({
  id: 'expanding-brain',
  name: 'Expanding Brain',
  description: 'Four ideas, each brain glowing brighter than the last.',
  keywords: ['galaxy brain', 'brain', 'smart', 'levels', 'enlightened', 'ascending', 'four panel'],
  width: 800,
  height: 960,
  boxStyle: INK,
  boxes: rowBoxes(4, 960),
  examples: [
    ['coffee', 'espresso', 'cold brew', 'just eating the beans'],
    ['saving the file', 'ctrl s', 'autosave', 'git commit every keystroke'],
    ['walking', 'running', 'cycling', 'working from home'],
  ],
  draw: () =>
    rows(['brain', 'brain', 'brain', 'brain'], ['#3d3d5c', '#4b3a8f', '#7b3fd1', '#ffd34d'], 960) +
    emoji('sparkles', 640, 490, 80) +
    emoji('glowing-star', 410, 740, 90) +
    emoji('glowing-star', 690, 740, 90),
});

export const panicCalmPanic = define({
  id: 'panic-calm-panic',
  name: 'Panic, Calm, Panic',
  description: 'Three beats: panic, relief, then worse panic.',
  keywords: ['panik kalm panik', 'panik', 'panic', 'calm', 'relief', 'worry', 'three panel', 'anxiety', 'plot twist'],
  width: 800,
  height: 720,
  boxStyle: INK,
  boxes: rowBoxes(3, 720),
  examples: [
    ['the exam is today', "it's open book", 'the book is in another language'],
    ['the server is down', 'it came back', 'it was the backup server'],
    ['i lost my keys', 'found them', 'in the locked car'],
  ],
  draw: () => rows(['fearful-face', 'relieved-face', 'face-screaming-in-fear'], ['#ff9b9b', '#a8e6b0', '#ff6f6f'], 720),
});

export const becomingAClown = define({
  id: 'becoming-a-clown',
  name: 'Becoming a Clown',
  description: 'Four steps of bad decisions, ending in full clown.',
  keywords: ['clown makeup', 'clown', 'steps', 'bad decisions', 'fool', 'makeup', 'four panel', 'self own'],
  width: 800,
  height: 960,
  boxStyle: INK,
  boxes: rowBoxes(4, 960),
  examples: [
    ["it's just a quick fix", 'it will take five minutes', 'no need to test it', 'deploying on friday'],
    ['one cookie', 'two cookies', 'the whole box', 'diet starts monday'],
    ["i'll start early", 'i still have time', 'i work better under pressure', 'all-nighter'],
  ],
  draw: () =>
    rows(
      ['slightly-smiling-face', 'grinning-face-with-sweat', 'zany-face', 'clown-face'],
      ['#d7ecff', '#ffe6a8', '#ffc2e0', '#ff8a8a'],
      960,
    ),
});

export const fourPanelComic = define({
  id: 'four-panel-comic',
  name: 'Four Panel Comic',
  description: 'A little four-panel story with speech bubbles to fill.',
  keywords: ['comic', 'strip', 'four panel', 'story', 'speech bubble', 'dialogue'],
  width: 900,
  height: 900,
  boxStyle: { ...INK, font: 'Comic Sans MS' },
  // Each bubble is drawn at (x + 26, y + 26), 398 × 178 with 28 px corners; a box 16 px inside its edges keeps
  // the corner letters off the rounded outline.
  boxes: cellBoxes(44, 42, 362, 146),
  examples: [
    ['i have a great idea', 'what is it?', 'i forgot', 'great idea though'],
    ["let's fix the bug", 'which one?', 'the one we made', "yesterday's fix"],
    ['are we there yet?', 'no', 'are we there yet?', "we haven't left"],
  ],
  draw: () =>
    cells<[fill: string, face: string]>(
      [
        ['#ffe8a3', 'grinning-face'],
        ['#cfe8ff', 'face-with-monocle'],
        ['#ffd0d0', 'flushed-face'],
        ['#d8f5c8', 'upside-down-face'],
      ],
      (x, y, [fill, face]) =>
        cellPanel(x, y, 12, fill) +
        rect(x + 26, y + 26, 398, 178, { fill: '#fff', stroke: '#1b1b1b', sw: 4, r: 28 }) +
        emoji(face, x + 135, y + 222, 180),
    ),
});

export const nobodyMe = define({
  id: 'nobody-me',
  name: 'Nobody: / Me:',
  description: 'Nobody asked, and yet here we are, dancing.',
  keywords: ['nobody', 'me', 'nobody asked', 'random', 'unprompted', 'dance'],
  width: 800,
  height: 900,
  boxStyle: { ...INK, align: 'left' },
  boxes: [
    [30, 20, 740, 90],
    [30, 120, 740, 110],
  ],
  examples: [
    ['nobody:', 'me at 2 am: learning about ancient rome'],
    ['nobody:', 'my cat: knocking everything off the table'],
    ['nobody:', 'my brain during an exam: song lyrics from 2009'],
  ],
  draw: () =>
    rect(0, 0, 800, 900, { fill: '#fff' }) +
    panel(20, 250, 760, 630, '#2b1f4f') +
    emoji('mirror-ball', 320, 270, 150) +
    emoji('man-dancing', 230, 420, 400) +
    emoji('musical-notes', 100, 500, 110) +
    emoji('musical-notes', 600, 560, 110, { flip: true }),
});

export const fourStepPlan = define({
  id: 'four-step-plan',
  name: 'The Four-Step Plan',
  description: 'A confident plan on a board, until step four.',
  keywords: ["gru's plan", 'gru plan', 'plan', 'presentation', 'board', 'steps', 'backfire', 'four panel', 'scheme'],
  width: 900,
  height: 900,
  boxStyle: INK,
  // Each board is drawn at (x + 24, y + 28), 300 × 240 with an 8 px frame; the presenter stands below and right
  // of it, clear of the board, so a box 12 px inside the frame covers only white board.
  boxes: cellBoxes(40, 44, 268, 208),
  examples: [
    ['make a plan', 'follow the plan', 'find a flaw', 'the flaw is the plan'],
    ['start a diet', 'buy vegetables', 'vegetables go bad', 'order pizza'],
    ['wake up early', 'go to the gym', 'feel great', 'sleep all afternoon'],
  ],
  draw: () =>
    cells(
      ['man-teacher', 'man-teacher', 'man-teacher', 'face-with-open-eyes-and-hand-over-mouth'],
      (x, y, face) =>
        cellPanel(x, y, 10, '#f3e6c8') +
        rect(x + 24, y + 28, 300, 240, { fill: '#fff', stroke: '#5b4b32', sw: 8 }) +
        emoji(face, x + 268, y + 268, 164),
    ),
});
