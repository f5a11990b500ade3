/** Reaction scenes: one big character on a lively background, captioned top and bottom. */
import { define, type TemplateDefinition } from './define';
import { circle, ellipse, emoji, path, radial, rays, rect, vgradient } from './svg';

const W = 800;
const H = 800;

interface Scene {
  id: string;
  name: string;
  description: string;
  keywords: string[];
  examples: string[][];
  draw: () => string;
}

/**
 * The classic layout: white capitals with a black outline at the top and the bottom of a square picture. Each is a
 * reaction picture ("when you …" on top, the reaction below), which template search and meme topics find by the
 * keyword `reaction` (core/templates/search-terms.ts).
 */
const topBottom = (s: Scene): TemplateDefinition =>
  define({
    ...s,
    keywords: [...s.keywords, 'reaction'],
    width: W,
    height: H,
    boxes: [
      [24, 18, 752, 150],
      [24, 632, 752, 150],
    ],
  });

const stars = (n: number, seed: number) => {
  let out = '';
  for (let i = 0; i < n; i += 1) {
    const x = (i * 137 + seed * 53) % W;
    const y = (i * 89 + seed * 31) % H;
    out += circle(x, y, 1.5 + ((i * 7) % 3), { fill: '#fff', opacity: 0.8 });
  }
  return out;
};

export const reactionScenes: TemplateDefinition[] = [
  topBottom({
    id: 'everything-is-fine',
    name: 'Everything Is Fine',
    description: 'A cheerful face sips coffee while the room burns around it.',
    keywords: ['this is fine', 'fine', 'fire', 'calm', 'denial', 'coffee', 'chaos', 'okay'],
    examples: [
      ['deadline in one hour', 'this is fine'],
      ['prod is down', 'everything is under control'],
      ['my group chat at 3 am', 'totally normal'],
    ],
    draw: () =>
      vgradient('fine-wall', '#f6a45b', '#e07b39') +
      rect(0, 0, W, H, { fill: 'url(#fine-wall)' }) +
      rect(0, 560, W, 240, { fill: '#8a5a3b' }) +
      rect(70, 220, 180, 150, { fill: '#ffe9c7', stroke: '#5b3a22', sw: 10 }) +
      ellipse(400, 180, 420, 90, { fill: '#4a4a4a', opacity: 0.55 }) +
      emoji('fire', 20, 420, 190) +
      emoji('fire', 600, 380, 200) +
      emoji('fire', 520, 180, 130) +
      emoji('fire', 130, 150, 110) +
      rect(260, 560, 300, 24, { fill: '#5b3a22' }) +
      emoji('smiling-face-with-smiling-eyes', 280, 300, 250) +
      emoji('hot-beverage', 470, 470, 110),
  }),
  topBottom({
    id: 'thinking-hard',
    name: 'Thinking Hard',
    description: 'A face deep in thought with an idea on the way.',
    keywords: ['roll safe', 'think', 'hmm', 'idea', 'ponder', 'smart', 'question'],
    examples: [
      ['if i sleep now', 'i get four hours of sleep'],
      ['what if we just', 'turned it off and on again'],
      ["can't lose the argument", 'if you never start it'],
    ],
    draw: () =>
      radial('think-bg', '#7fc4ff', '#2d5fbf') +
      rect(0, 0, W, H, { fill: 'url(#think-bg)' }) +
      circle(620, 200, 90, { fill: '#fff', opacity: 0.25 }) +
      circle(545, 300, 28, { fill: '#fff', opacity: 0.35 }) +
      emoji('thinking-face', 170, 190, 420) +
      emoji('light-bulb', 560, 130, 130),
  }),
  topBottom({
    id: 'screaming-cat',
    name: 'Screaming Cat',
    description: 'A cat screaming in pure panic on a pink burst.',
    keywords: ['woman yelling at cat', 'cat', 'scream', 'panic', 'shock', 'horror', 'aaah'],
    examples: [
      ['when the vet says', "it's bath time"],
      ['me seeing my screen time', 'on a sunday'],
      ['the wifi drops', 'during the final boss'],
    ],
    draw: () => rays(400, 420, 700, 24, '#ff8fb8', '#ff5d98') + emoji('weary-cat', 150, 170, 500),
  }),
  topBottom({
    id: 'im-dead',
    name: "I'm Dead",
    description: 'A skull on a purple glow, for jokes that finished you off.',
    keywords: ['dead', 'skull', 'lol', 'funny', 'laughing', 'dying'],
    examples: [
      ['that joke was so bad', "i'm dead"],
      ['me reading my old tweets', 'rest in peace'],
      ['my last two brain cells', 'after the exam'],
    ],
    draw: () =>
      radial('dead-bg', '#b58cff', '#3d1d7a') +
      rect(0, 0, W, H, { fill: 'url(#dead-bg)' }) +
      stars(40, 3) +
      emoji('skull', 190, 190, 420) +
      emoji('face-with-tears-of-joy', 580, 470, 140, { rotate: 15 }) +
      emoji('face-with-tears-of-joy', 80, 470, 120, { rotate: -15 }),
  }),
  topBottom({
    id: 'facepalm',
    name: 'Facepalm',
    description: 'Someone covering their face in disbelief.',
    keywords: ['facepalm', 'disappointed', 'fail', 'why', 'embarrassed', 'ugh'],
    examples: [
      ['reply all', 'to the whole company'],
      ['me after saying "you too"', 'to the waiter'],
      ['pushed to main', 'on a friday'],
    ],
    draw: () =>
      vgradient('palm-bg', '#cfd8e3', '#7d8ea3') +
      rect(0, 0, W, H, { fill: 'url(#palm-bg)' }) +
      emoji('person-facepalming', 160, 170, 480),
  }),
  topBottom({
    id: 'whatever-shrug',
    name: 'Whatever Shrug',
    description: 'A shrug that says it is not my problem.',
    keywords: ['shrug', 'whatever', 'idk', 'dunno', 'meh', 'indifferent'],
    examples: [
      ['it works on my machine', 'ship it'],
      ["didn't read the terms", 'accepted anyway'],
      ['no idea how it works', 'but it works'],
    ],
    draw: () => rays(400, 440, 700, 20, '#ffe38a', '#ffd23f') + emoji('person-shrugging', 160, 180, 480),
  }),
  topBottom({
    id: 'to-the-moon',
    name: 'To the Moon',
    description: 'A rocket blasting off through a starry sky toward the moon.',
    keywords: ['stonks', 'rocket', 'moon', 'space', 'launch', 'hype', 'crypto', 'success'],
    examples: [
      ['my savings', 'to the moon'],
      ['one more coffee and', 'we have lift off'],
      ['motivation at 11 pm', 'launching'],
    ],
    draw: () =>
      vgradient('moon-sky', '#0b1033', '#3a2a7a') +
      rect(0, 0, W, H, { fill: 'url(#moon-sky)' }) +
      stars(70, 7) +
      emoji('full-moon-face', 540, 150, 200) +
      emoji('rocket', 170, 260, 330) +
      ellipse(240, 640, 90, 30, { fill: '#ffb347', opacity: 0.6 }),
  }),
  topBottom({
    id: 'melting-heat',
    name: 'Melting',
    description: 'A face slowly melting under a blazing sun.',
    keywords: ['melt', 'hot', 'summer', 'heat', 'tired', 'overwhelmed'],
    examples: [
      ['outside: 40 degrees', 'me:'],
      ['when someone says', 'one more meeting'],
      ['my motivation', 'by friday afternoon'],
    ],
    draw: () =>
      rays(400, 300, 800, 28, '#ffcf4d', '#ffb02e') +
      rect(0, 560, W, 240, { fill: '#f0a23a' }) +
      emoji('sun-with-face', 560, 110, 170) +
      emoji('melting-face', 200, 260, 400),
  }),
  topBottom({
    id: 'suspicious-side-eye',
    name: 'Suspicious Side Eye',
    description: 'A raised eyebrow that does not believe a word of it.',
    keywords: ['suspicious', 'side eye', 'doubt', 'sus', 'skeptical', 'really'],
    examples: [
      ['"it\'s just a small change"', 'sure it is'],
      ['free trial', 'no credit card needed?'],
      ['when the bug fixes itself', 'hmm'],
    ],
    draw: () =>
      radial('eye-bg', '#9be3a6', '#2f8f5b') +
      rect(0, 0, W, H, { fill: 'url(#eye-bg)' }) +
      emoji('face-with-raised-eyebrow', 170, 180, 460),
  }),
  topBottom({
    id: 'mind-blown',
    name: 'Mind Blown',
    description: 'A head exploding at a revelation.',
    keywords: ['mind blown', 'wow', 'shock', 'revelation', 'amazing', 'explode'],
    examples: [
      ['wait, the s in https', 'stands for secure?'],
      ['finding out you can', 'ctrl shift t'],
      ['when you realise', 'it was a semicolon'],
    ],
    draw: () =>
      rays(400, 420, 800, 30, '#ff7a45', '#ffd166') +
      emoji('collision', 250, 130, 300) +
      emoji('exploding-head', 180, 200, 440),
  }),
  topBottom({
    id: 'money-rain',
    name: 'Money Rain',
    description: 'A money-eyed face under a shower of flying cash.',
    keywords: ['money', 'rich', 'cash', 'payday', 'salary', 'profit'],
    examples: [
      ['payday', 'for exactly one day'],
      ['me after selling', 'one old sofa'],
      ['found five dollars', 'in my jacket'],
    ],
    draw: () =>
      radial('money-bg', '#b8f0a0', '#3c9a3c') +
      rect(0, 0, W, H, { fill: 'url(#money-bg)' }) +
      emoji('money-with-wings', 60, 150, 110) +
      emoji('money-with-wings', 610, 170, 120, { flip: true }) +
      emoji('money-with-wings', 80, 470, 100) +
      emoji('money-with-wings', 630, 460, 100, { flip: true }) +
      emoji('money-mouth-face', 210, 200, 380),
  }),
  topBottom({
    id: 'monday-zombie',
    name: 'Monday Zombie',
    description: 'A zombie clinging to a coffee at the office.',
    keywords: ['monday', 'zombie', 'tired', 'work', 'coffee', 'sleepy', 'office'],
    examples: [
      ['me at 8 am', 'before coffee'],
      ['monday morning', 'loading'],
      ['after one all-nighter', 'i am fine'],
    ],
    draw: () =>
      vgradient('zombie-bg', '#a9c7b0', '#55735c') +
      rect(0, 0, W, H, { fill: 'url(#zombie-bg)' }) +
      rect(0, 560, W, 240, { fill: '#4b5e50' }) +
      rect(560, 200, 170, 210, { fill: '#e8efe9', stroke: '#2c3a30', sw: 8 }) +
      path('M585 250 h120 M585 290 h120 M585 330 h80', { stroke: '#9fb4a5', sw: 8 }) +
      emoji('person-zombie', 170, 180, 420) +
      emoji('hot-beverage', 470, 470, 130),
  }),
  topBottom({
    id: 'chill-frog',
    name: 'Chill Frog',
    description: 'A relaxed frog on a lily pad in a quiet pond.',
    keywords: ['frog', 'chill', 'relax', 'calm', 'vibes', 'weekend'],
    examples: [
      ['no meetings today', 'pure vibes'],
      ['when the weekend starts', 'and nothing is planned'],
      ['the test passed', 'first try'],
    ],
    draw: () =>
      vgradient('pond', '#8fd3f4', '#2a7fa8') +
      rect(0, 0, W, H, { fill: 'url(#pond)' }) +
      ellipse(120, 650, 90, 30, { fill: '#5db36b' }) +
      ellipse(690, 600, 80, 26, { fill: '#5db36b' }) +
      ellipse(400, 610, 260, 80, { fill: '#4fa35e', stroke: '#2f6b3a', sw: 6 }) +
      emoji('lotus', 620, 520, 90) +
      emoji('frog', 230, 250, 340) +
      emoji('sunglasses', 300, 300, 200),
  }),
];
