/** Multi-panel layouts: comparisons, steps and stories, with a drawn character in each panel. */
import { define, INK, type TemplateDefinition } from './define';
import { emoji, panel, rect, text } from './svg';

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

export const panelLayouts: TemplateDefinition[] = [
  define({
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
    width: 800,
    height: 800,
    boxStyle: INK,
    boxes: [
      [420, 30, 360, 340],
      [420, 430, 360, 340],
    ],
    examples: [
      ['doing the task', 'making a meme about the task'],
      ['reading the docs', 'guessing until it works'],
      ['sleeping early', 'one more episode'],
    ],
    draw: () =>
      panel(3, 3, 397, 397, '#ffcf70') +
      panel(3, 400, 397, 397, '#ffe9a8') +
      panel(400, 3, 397, 397, '#fff') +
      panel(400, 400, 397, 397, '#fff') +
      emoji('person-gesturing-no', 60, 60, 280) +
      emoji('person-gesturing-ok', 60, 460, 280),
  }),
  define({
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
  }),
  define({
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
    draw: () =>
      rows(['fearful-face', 'relieved-face', 'face-screaming-in-fear'], ['#ff9b9b', '#a8e6b0', '#ff6f6f'], 720),
  }),
  define({
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
  }),
  define({
    id: 'expectation-vs-reality',
    name: 'Expectation vs Reality',
    description: 'What you pictured next to what you got.',
    keywords: ['expectation', 'reality', 'comparison', 'versus', 'disappointment', 'side by side'],
    width: 900,
    height: 600,
    boxStyle: INK,
    boxes: [
      [20, 470, 420, 110],
      [460, 470, 420, 110],
    ],
    examples: [
      ['my plans for the weekend', 'my actual weekend'],
      ['the recipe photo', 'my kitchen'],
      ['new year goals', 'january 3rd'],
    ],
    draw: () =>
      panel(3, 3, 447, 594, '#bfe8ff') +
      panel(450, 3, 447, 594, '#d9d2cf') +
      rect(3, 3, 447, 70, { fill: '#1c7ed6' }) +
      rect(450, 3, 447, 70, { fill: '#5f5f5f' }) +
      text(226, 54, 'EXPECTATION', { font: 'Anton', size: 44, fill: '#fff' }) +
      text(673, 54, 'REALITY', { font: 'Anton', size: 44, fill: '#fff' }) +
      emoji('star-struck', 110, 130, 230) +
      emoji('sparkles', 330, 110, 90) +
      emoji('weary-face', 560, 130, 230) +
      emoji('cloud-with-rain', 780, 100, 90),
  }),
  define({
    id: 'before-after',
    name: 'Before / After',
    description: 'A glow-up, or a glow-down, in two panels.',
    keywords: ['before', 'after', 'glow up', 'transformation', 'change', 'comparison'],
    width: 900,
    height: 600,
    boxStyle: INK,
    boxes: [
      [20, 470, 420, 110],
      [460, 470, 420, 110],
    ],
    examples: [
      ['me before coffee', 'me after coffee'],
      ['the code before review', 'the code after review'],
      ['monday me', 'friday me'],
    ],
    draw: () =>
      panel(3, 3, 447, 594, '#e4e4e4') +
      panel(450, 3, 447, 594, '#ffe27a') +
      rect(150, 24, 150, 54, { fill: '#333', r: 27 }) +
      rect(598, 24, 150, 54, { fill: '#e8590c', r: 27 }) +
      text(225, 63, 'BEFORE', { font: 'Anton', size: 34, fill: '#fff' }) +
      text(673, 63, 'AFTER', { font: 'Anton', size: 34, fill: '#fff' }) +
      emoji('tired-face', 110, 140, 230) +
      emoji('smiling-face-with-sunglasses', 560, 140, 230) +
      emoji('sparkles', 770, 110, 90),
  }),
  define({
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
    width: 800,
    height: 800,
    boxStyle: INK,
    boxes: [
      [420, 40, 360, 320],
      [420, 440, 360, 320],
    ],
    examples: [
      ['the dishes in the sink', 'me walking past'],
      ['47 unread emails', 'closing the laptop'],
      ['the bug in my code', 'marking it as a feature'],
    ],
    draw: () =>
      panel(3, 3, 397, 397, '#c9e7c1') +
      panel(3, 400, 397, 397, '#c9e7c1') +
      panel(400, 3, 397, 397, '#fff') +
      panel(400, 400, 397, 397, '#fff') +
      emoji('monkey-face', 70, 70, 260) +
      emoji('see-no-evil-monkey', 70, 470, 260),
  }),
  define({
    id: 'four-panel-comic',
    name: 'Four Panel Comic',
    description: 'A little four-panel story with speech bubbles to fill.',
    keywords: ['comic', 'strip', 'four panel', 'story', 'speech bubble', 'dialogue'],
    width: 900,
    height: 900,
    boxStyle: { ...INK, font: 'Comic Sans MS' },
    // Each bubble is drawn at (x + 26, y + 26), 398 × 178 with 28 px corners; a box 16 px inside its edges keeps
    // the corner letters off the rounded outline.
    boxes: [
      [44, 42, 362, 146],
      [494, 42, 362, 146],
      [44, 492, 362, 146],
      [494, 492, 362, 146],
    ],
    examples: [
      ['i have a great idea', 'what is it?', 'i forgot', 'great idea though'],
      ["let's fix the bug", 'which one?', 'the one we made', "yesterday's fix"],
      ['are we there yet?', 'no', 'are we there yet?', "we haven't left"],
    ],
    draw: () =>
      [
        [0, 0, '#ffe8a3', 'grinning-face'],
        [450, 0, '#cfe8ff', 'face-with-monocle'],
        [0, 450, '#ffd0d0', 'flushed-face'],
        [450, 450, '#d8f5c8', 'upside-down-face'],
      ]
        .map(
          ([x, y, c, f]) =>
            panel(Number(x) + 12, Number(y) + 12, 426, 426, String(c)) +
            rect(Number(x) + 26, Number(y) + 26, 398, 178, { fill: '#fff', stroke: '#1b1b1b', sw: 4, r: 28 }) +
            emoji(String(f), Number(x) + 135, Number(y) + 222, 180),
        )
        .join(''),
  }),
  define({
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
  }),
  define({
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
  }),
  define({
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
  }),
  define({
    id: 'four-step-plan',
    name: 'The Four-Step Plan',
    description: 'A confident plan on a board, until step four.',
    keywords: ["gru's plan", 'gru plan', 'plan', 'presentation', 'board', 'steps', 'backfire', 'four panel', 'scheme'],
    width: 900,
    height: 900,
    boxStyle: INK,
    // Each board is drawn at (x + 24, y + 28), 300 × 240 with an 8 px frame; the presenter stands below and right
    // of it, clear of the board, so a box 12 px inside the frame covers only white board.
    boxes: [
      [40, 44, 268, 208],
      [490, 44, 268, 208],
      [40, 494, 268, 208],
      [490, 494, 268, 208],
    ],
    examples: [
      ['make a plan', 'follow the plan', 'find a flaw', 'the flaw is the plan'],
      ['start a diet', 'buy vegetables', 'vegetables go bad', 'order pizza'],
      ['wake up early', 'go to the gym', 'feel great', 'sleep all afternoon'],
    ],
    draw: () =>
      [
        [0, 0, 'man-teacher'],
        [450, 0, 'man-teacher'],
        [0, 450, 'man-teacher'],
        [450, 450, 'face-with-open-eyes-and-hand-over-mouth'],
      ]
        .map(
          ([x, y, f]) =>
            panel(Number(x) + 10, Number(y) + 10, 430, 430, '#f3e6c8') +
            rect(Number(x) + 24, Number(y) + 28, 300, 240, { fill: '#fff', stroke: '#5b4b32', sw: 8 }) +
            emoji(String(f), Number(x) + 268, Number(y) + 268, 164),
        )
        .join(''),
  }),
  define({
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
  }),
];
