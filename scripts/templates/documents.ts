/** Documents and frames: posters, headlines, certificates, chats, posts and dialogs. */
import { define, INK, type TemplateDefinition } from './define';
import { circle, emoji, line, path, poly, radial, rect, text, vgradient } from './svg';

export const documentLayouts: TemplateDefinition[] = [
  define({
    id: 'demotivational-poster',
    name: 'Demotivational Poster',
    description: 'A framed picture over a big serif title and a dry subtitle.',
    keywords: ['demotivational', 'poster', 'motivation', 'inspirational', 'framed', 'serious'],
    width: 800,
    height: 900,
    boxStyle: { color: 'white', style: 'upper', font: 'Times New Roman' },
    boxes: [
      [40, 650, 720, 110],
      [60, 770, 680, 90, { style: 'none', font: 'Georgia' }],
    ],
    examples: [
      ['ambition', "it's the first step toward a nap"],
      ['teamwork', 'because nobody can fail alone'],
      ['success', 'some assembly required'],
    ],
    draw: () =>
      rect(0, 0, 800, 900, { fill: '#000' }) +
      rect(70, 50, 660, 560, { fill: '#000', stroke: '#fff', sw: 4 }) +
      vgradient('demo-sky', '#ff9a5a', '#5b3a8c') +
      rect(82, 62, 636, 536, { fill: 'url(#demo-sky)' }) +
      circle(400, 420, 110, { fill: '#ffd76a' }) +
      poly(
        [
          [82, 598],
          [260, 380],
          [420, 598],
        ],
        { fill: '#2c1f4a' },
      ) +
      poly(
        [
          [300, 598],
          [520, 330],
          [718, 598],
        ],
        { fill: '#3b2a63' },
      ) +
      emoji('person-standing', 360, 440, 100),
  }),
  define({
    id: 'breaking-news',
    name: 'Breaking News',
    description: 'A TV news anchor with a red breaking-news banner and ticker.',
    keywords: ['news', 'breaking news', 'headline', 'tv', 'report', 'anchor', 'announcement'],
    width: 960,
    height: 540,
    boxStyle: { ...INK, font: 'Arial Black', style: 'upper', align: 'left' },
    boxes: [
      [30, 392, 900, 80],
      [160, 488, 790, 44, { color: 'white', font: 'Arial', style: 'none' }],
    ],
    examples: [
      ['local person finishes a book', 'more at eleven: it had pictures'],
      ['man says "quick question"', 'meeting enters its third hour'],
      ['cat knocks cup off table', 'experts say it was on purpose'],
    ],
    draw: () =>
      vgradient('news-bg', '#1c3f8f', '#0b1d45') +
      rect(0, 0, 960, 540, { fill: 'url(#news-bg)' }) +
      Array.from({ length: 6 }, (_, i) =>
        circle(620 + (i % 3) * 110, 90 + Math.floor(i / 3) * 110, 40, { fill: '#2a55b8', opacity: 0.6 }),
      ).join('') +
      rect(300, 250, 360, 140, { fill: '#3d3d3d' }) +
      emoji('man-office-worker', 330, 60, 300) +
      rect(0, 330, 300, 56, { fill: '#d00000' }) +
      text(150, 372, 'BREAKING NEWS', { font: 'Anton', size: 38, fill: '#fff' }) +
      rect(0, 386, 960, 92, { fill: '#fff' }) +
      rect(0, 478, 960, 62, { fill: '#111' }) +
      rect(0, 478, 140, 62, { fill: '#d00000' }) +
      text(70, 520, 'LIVE', { font: 'Anton', size: 34, fill: '#fff' }),
  }),
  define({
    id: 'wanted-poster',
    name: 'Wanted Poster',
    description: 'An old west wanted poster with a mugshot and a reward.',
    keywords: ['wanted', 'poster', 'outlaw', 'reward', 'western', 'cowboy', 'criminal'],
    width: 700,
    height: 900,
    boxStyle: { ...INK, font: 'Georgia', style: 'upper' },
    boxes: [
      [60, 640, 580, 90],
      [60, 740, 580, 120, { style: 'none' }],
    ],
    examples: [
      ['the last cookie thief', 'reward: one slightly used spoon'],
      ['whoever left the meeting on mute', 'reward: eternal gratitude'],
      ['the person who said "quick call"', 'reward: 1 hour of my life back'],
    ],
    draw: () =>
      rect(0, 0, 700, 900, { fill: '#5b3a1e' }) +
      rect(20, 20, 660, 860, { fill: '#f1d9a7', stroke: '#8b5e34', sw: 6 }) +
      text(350, 150, 'WANTED', { font: 'Tinos', weight: 700, size: 120, fill: '#4a2c12', spacing: 6 }) +
      line(80, 180, 620, 180, { stroke: '#4a2c12', sw: 4 }) +
      text(350, 218, 'DEAD OR ALIVE', { font: 'Tinos', weight: 700, size: 30, fill: '#4a2c12', spacing: 8 }) +
      rect(170, 240, 360, 380, { fill: '#e2c48a', stroke: '#4a2c12', sw: 6 }) +
      emoji('cowboy-hat-face', 200, 290, 300),
  }),
  define({
    id: 'certificate',
    name: 'Certificate of Achievement',
    description: 'An official-looking award with a gold seal for any feat.',
    keywords: ['certificate', 'award', 'achievement', 'diploma', 'official', 'congratulations', 'prize'],
    width: 1000,
    height: 700,
    boxStyle: { ...INK, font: 'Georgia' },
    boxes: [
      [150, 290, 700, 90, { font: 'Times New Roman', style: 'none' }],
      [150, 410, 700, 110, { style: 'none' }],
    ],
    examples: [
      ['jamie', 'for surviving 47 meetings that could have been emails'],
      ['the whole team', 'for not touching production on friday'],
      ['my houseplant', 'for staying alive one more month'],
    ],
    draw: () =>
      rect(0, 0, 1000, 700, { fill: '#fffaf0' }) +
      rect(20, 20, 960, 660, { stroke: '#b08d2f', sw: 12 }) +
      rect(45, 45, 910, 610, { stroke: '#d4b25a', sw: 3 }) +
      text(500, 140, 'CERTIFICATE', { font: 'Tinos', weight: 700, size: 76, fill: '#6b4e16', spacing: 6 }) +
      text(500, 195, 'OF ACHIEVEMENT', { font: 'Tinos', size: 34, fill: '#6b4e16', spacing: 10 }) +
      text(500, 265, 'This certificate is proudly presented to', {
        font: 'Tinos',
        italic: true,
        size: 26,
        fill: '#555',
      }) +
      line(200, 382, 800, 382, { stroke: '#b08d2f', sw: 3 }) +
      line(120, 600, 340, 600, { stroke: '#555', sw: 2 }) +
      text(230, 630, 'Signature', { font: 'Tinos', size: 22, fill: '#555' }) +
      line(660, 600, 880, 600, { stroke: '#555', sw: 2 }) +
      text(770, 630, 'Date', { font: 'Tinos', size: 22, fill: '#555' }) +
      emoji('1st-place-medal', 440, 530, 120),
  }),
  define({
    id: 'chat-thread',
    name: 'Chat Thread',
    description: 'A phone chat with four bubbles, two from each side.',
    keywords: ['chat', 'text', 'messages', 'conversation', 'phone', 'dm', 'texting'],
    width: 720,
    height: 960,
    boxStyle: { ...INK, align: 'left' },
    boxes: [
      [70, 200, 400, 110],
      [280, 360, 380, 110, { color: 'white', align: 'right' }],
      [70, 520, 400, 110],
      [280, 680, 380, 110, { color: 'white', align: 'right' }],
    ],
    examples: [
      ['are you awake?', 'no', 'ok good, quick question', 'i said no'],
      ['where are you?', '5 minutes away', 'you said that an hour ago', 'still true'],
      ['did you eat my fries?', 'what fries', 'the ones in your hand', 'these are my fries now'],
    ],
    draw: () =>
      rect(0, 0, 720, 960, { fill: '#222' }) +
      rect(20, 20, 680, 920, { fill: '#f1f3f5', r: 50 }) +
      rect(20, 20, 680, 130, { fill: '#fff', r: 50 }) +
      rect(20, 100, 680, 50, { fill: '#fff' }) +
      line(20, 150, 700, 150, { stroke: '#ddd', sw: 2 }) +
      emoji('smiling-face-with-sunglasses', 60, 50, 70) +
      text(150, 100, 'Best Friend', { font: 'Arimo', weight: 700, size: 30, anchor: 'start' }) +
      [
        [50, 185, '#fff'],
        [260, 345, '#228be6'],
        [50, 505, '#fff'],
        [260, 665, '#228be6'],
      ]
        .map(([x, y, c]) =>
          rect(Number(x), Number(y), 420, 140, {
            fill: String(c),
            r: 34,
            stroke: c === '#fff' ? '#dee2e6' : undefined,
            sw: 2,
          }),
        )
        .join('') +
      rect(50, 850, 540, 60, { fill: '#fff', r: 30, stroke: '#ced4da', sw: 2 }) +
      text(80, 890, 'Message', { size: 24, fill: '#999', anchor: 'start' }) +
      circle(640, 880, 30, { fill: '#228be6' }),
  }),
  define({
    id: 'social-post',
    name: 'Social Post',
    description: 'A short social media post with an avatar, a handle and likes.',
    keywords: ['tweet', 'post', 'social media', 'status', 'timeline', 'thread', 'x'],
    width: 900,
    height: 520,
    boxStyle: { ...INK, align: 'left', font: 'Helvetica' },
    boxes: [[50, 150, 800, 240]],
    examples: [
      ["just saw a dog. that's the update."],
      ["me: i'll sleep early tonight\nalso me at 3 am: how are pyramids built"],
      ['hot take: the best part of the weekend is friday evening'],
    ],
    draw: () =>
      rect(0, 0, 900, 520, { fill: '#fff' }) +
      rect(1, 1, 898, 518, { stroke: '#e1e8ed', sw: 2, r: 24 }) +
      circle(95, 85, 50, { fill: '#e7f5ff' }) +
      emoji('cat-face', 55, 45, 80) +
      text(165, 78, 'Very Serious Cat', { font: 'Arimo', weight: 700, size: 30, anchor: 'start' }) +
      text(165, 115, '@seriouscat · 2h', { font: 'Arimo', size: 24, fill: '#657786', anchor: 'start' }) +
      line(50, 420, 850, 420, { stroke: '#e1e8ed', sw: 2 }) +
      emoji('speech-balloon', 60, 440, 40) +
      text(115, 470, '128', { size: 24, fill: '#657786', anchor: 'start' }) +
      emoji('repeat-button', 290, 440, 40) +
      text(345, 470, '2.4K', { size: 24, fill: '#657786', anchor: 'start' }) +
      emoji('red-heart', 520, 440, 40) +
      text(575, 470, '18K', { size: 24, fill: '#657786', anchor: 'start' }),
  }),
  define({
    id: 'error-dialog',
    name: 'Error Dialog',
    description: 'A retro computer error box with one unhelpful button.',
    keywords: ['error', 'dialog', 'computer', 'warning', 'crash', 'windows', 'bug', 'popup'],
    width: 900,
    height: 560,
    boxStyle: { ...INK, align: 'left' },
    boxes: [
      [210, 140, 640, 220],
      [360, 420, 180, 70, { font: 'Arial', style: 'none' }],
    ],
    examples: [
      ['an unexpected error occurred while expecting an error', 'ok'],
      ['your brain has stopped responding during this meeting', 'wait'],
      ['are you sure you want to be productive today?', 'no'],
    ],
    draw: () =>
      vgradient('err-desk', '#3aa3a3', '#1d7373') +
      rect(0, 0, 900, 560, { fill: 'url(#err-desk)' }) +
      rect(40, 40, 820, 480, { fill: '#d4d0c8', stroke: '#000', sw: 3 }) +
      rect(44, 44, 812, 52, { fill: '#0a246a' }) +
      text(64, 80, 'Error', { font: 'Arimo', weight: 700, size: 28, fill: '#fff', anchor: 'start' }) +
      rect(800, 52, 44, 36, { fill: '#d4d0c8', stroke: '#000', sw: 2 }) +
      text(822, 80, 'x', { font: 'Arimo', weight: 700, size: 28 }) +
      circle(130, 210, 56, { fill: '#e03131', stroke: '#7a1010', sw: 4 }) +
      path('M105 185 L155 235 M155 185 L105 235', { stroke: '#fff', sw: 12 }) +
      rect(350, 410, 200, 90, { fill: '#d4d0c8', stroke: '#000', sw: 3 }) +
      rect(356, 416, 188, 78, { stroke: '#fff', sw: 2 }),
  }),
  define({
    id: 'days-without-incident',
    name: 'Days Without Incident',
    description: 'A workplace safety sign counting days since the last mishap.',
    keywords: ['days since', 'incident', 'sign', 'counter', 'accident', 'safety', 'workplace'],
    width: 800,
    height: 800,
    boxStyle: { ...INK, font: 'Arial Black', style: 'upper' },
    boxes: [
      [250, 290, 300, 190, { color: '#c92a2a' }],
      [90, 560, 620, 150],
    ],
    examples: [
      ['0', 'since someone said "it works on my machine"'],
      ['1', 'since i opened the fridge for no reason'],
      ['0', 'since the last "quick" meeting'],
    ],
    draw: () =>
      radial('incident-bg', '#ffe8a3', '#d9a400') +
      rect(0, 0, 800, 800, { fill: 'url(#incident-bg)' }) +
      rect(60, 60, 680, 680, { fill: '#fff', stroke: '#1b1b1b', sw: 10, r: 20 }) +
      rect(60, 60, 680, 130, { fill: '#2b8a3e', r: 20 }) +
      rect(60, 150, 680, 40, { fill: '#2b8a3e' }) +
      text(400, 148, 'SAFETY FIRST', { font: 'Anton', size: 70, fill: '#fff', spacing: 4 }) +
      rect(240, 280, 320, 210, { fill: '#f8f9fa', stroke: '#1b1b1b', sw: 6, r: 10 }) +
      text(400, 545, 'DAYS', { font: 'Archivo Black', size: 40 }) +
      emoji('warning', 80, 78, 84) +
      emoji('warning', 636, 78, 84),
  }),
  define({
    id: 'sign-holder',
    name: 'Sign Holder',
    description: 'A calm person holding a big blank sign at a table.',
    keywords: ['change my mind', 'sign', 'protest', 'opinion', 'prove me wrong', 'debate', 'table'],
    width: 900,
    height: 700,
    boxStyle: { ...INK, font: 'Arial Black' },
    boxes: [[340, 330, 480, 170, { angle: -3 }]],
    examples: [['cereal is a soup'], ['naps are a form of exercise'], ['the best code is no code']],
    draw: () =>
      vgradient('sign-sky', '#bde0fe', '#e9f5ff') +
      rect(0, 0, 900, 700, { fill: 'url(#sign-sky)' }) +
      rect(0, 470, 900, 230, { fill: '#95d5b2' }) +
      emoji('deciduous-tree', 40, 120, 220) +
      emoji('man-standing', 60, 260, 300) +
      poly(
        [
          [320, 300],
          [850, 290],
          [840, 510],
          [330, 520],
        ],
        { fill: '#fff', stroke: '#1b1b1b', sw: 6 },
      ) +
      rect(300, 520, 580, 30, { fill: '#8d5524', stroke: '#1b1b1b', sw: 4 }) +
      rect(330, 550, 24, 140, { fill: '#6b3e1a' }) +
      rect(820, 550, 24, 140, { fill: '#6b3e1a' }) +
      emoji('hot-beverage', 270, 440, 80),
  }),
];
