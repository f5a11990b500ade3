/** More captioned characters: one figure on a burst or glow, white capitals top and bottom. */
import { define, type TemplateDefinition } from './define';
import { emoji, radial, rays, rect } from './svg';

interface Character {
  id: string;
  name: string;
  description: string;
  keywords: string[];
  examples: string[][];
  art: string;
  bg: [string, string];
  burst?: boolean;
  extra?: string;
}

const character = (c: Character): TemplateDefinition =>
  define({
    id: c.id,
    name: c.name,
    description: c.description,
    keywords: c.keywords,
    examples: c.examples,
    width: 800,
    height: 800,
    boxes: [
      [24, 18, 752, 150],
      [24, 632, 752, 150],
    ],
    draw: () =>
      (c.burst
        ? rays(400, 420, 760, 22, c.bg[0], c.bg[1])
        : radial(`${c.id}-bg`, c.bg[0], c.bg[1]) + rect(0, 0, 800, 800, { fill: `url(#${c.id}-bg)` })) +
      emoji(c.art, 170, 180, 460) +
      (c.extra ?? ''),
  });

export const characterScenes: TemplateDefinition[] = [
  character({
    id: 'good-dog',
    name: 'Good Dog',
    description: 'A happy dog who did its best.',
    art: 'dog-face',
    bg: ['#c9f0ff', '#58a9d6'],
    keywords: ['dog', 'good boy', 'pet', 'happy', 'wholesome', 'puppy'],
    examples: [
      ['ate the homework', 'still a good boy'],
      ['me when someone says', 'walk'],
      ['did nothing all day', 'proud of it'],
    ],
    extra: emoji('bone', 590, 520, 140, { rotate: -20 }),
  }),
  character({
    id: 'robot-overlord',
    name: 'Robot Overlord',
    description: 'A robot announcing that the machines are in charge now.',
    art: 'robot',
    bg: ['#9ff3ff', '#1b4e8c'],
    keywords: ['robot', 'ai', 'machine', 'tech', 'automation', 'future'],
    examples: [
      ['i automated my job', 'now what'],
      ['captcha says', 'prove you are human'],
      ['the ai wrote the code', 'and the bugs'],
    ],
    extra: emoji('sparkles', 600, 150, 120),
  }),
  character({
    id: 'ghosted',
    name: 'Ghosted',
    description: 'A ghost floating away with your unanswered message.',
    art: 'ghost',
    bg: ['#d9d2ff', '#4b3f8f'],
    keywords: ['ghost', 'ghosted', 'no reply', 'seen', 'dating', 'texting'],
    examples: [
      ['sent "hey" three days ago', 'still waiting'],
      ['the recruiter', 'after the final interview'],
      ['my motivation', 'on monday'],
    ],
    extra: emoji('mobile-phone', 590, 470, 130, { rotate: 15 }),
  }),
  character({
    id: 'detective-mode',
    name: 'Detective Mode',
    description: 'A detective with a magnifier, on the case.',
    art: 'detective',
    bg: ['#f4e2b8', '#8a6a3a'],
    keywords: ['detective', 'investigate', 'sus', 'clue', 'mystery', 'search'],
    examples: [
      ['who ate my lunch', 'i will find out'],
      ['searching the logs', 'for the one error'],
      ['me checking', 'who viewed my story'],
    ],
    extra: emoji('magnifying-glass-tilted-left', 560, 420, 170),
  }),
  character({
    id: 'party-mode',
    name: 'Party Mode',
    description: 'A party face with confetti for every tiny win.',
    art: 'partying-face',
    bg: ['#ffd6f5', '#ff73c6'],
    burst: true,
    keywords: ['party', 'celebrate', 'win', 'yay', 'birthday', 'friday'],
    examples: [
      ['the code compiled', 'party time'],
      ['friday 5 pm', "let's go"],
      ['finished one task', 'time to celebrate'],
    ],
    extra: emoji('party-popper', 60, 160, 140) + emoji('confetti-ball', 600, 160, 140),
  }),
  character({
    id: 'crying-laughing',
    name: 'Crying Laughing',
    description: 'Laughing so hard the tears come out.',
    art: 'face-with-tears-of-joy',
    bg: ['#fff3a8', '#ffb830'],
    burst: true,
    keywords: ['lol', 'laugh', 'funny', 'tears', 'lmao', 'joke'],
    examples: [
      ['when the teacher trips', "and you can't laugh"],
      ['dad jokes', 'every single time'],
      ['reading my own code', 'from last year'],
    ],
  }),
  character({
    id: 'pleading-eyes',
    name: 'Pleading Eyes',
    description: 'Big shiny puppy eyes asking for a favour.',
    art: 'pleading-face',
    bg: ['#ffe0ec', '#e56b9c'],
    keywords: ['please', 'puppy eyes', 'beg', 'cute', 'favour', 'pretty please'],
    examples: [
      ['can i have one more', 'episode'],
      ['please approve', 'my pull request'],
      ['when you want', 'the last slice'],
    ],
  }),
  character({
    id: 'cool-sunglasses',
    name: 'Deal With It',
    description: 'Sunglasses on, too cool to care.',
    art: 'smiling-face-with-sunglasses',
    bg: ['#b3f0ff', '#0a8fb0'],
    burst: true,
    keywords: ['cool', 'sunglasses', 'deal with it', 'confident', 'swag'],
    examples: [
      ['fixed the bug', 'deal with it'],
      ['arrived exactly on time', 'as planned'],
      ["didn't study", 'passed anyway'],
    ],
  }),
  character({
    id: 'rage-face',
    name: 'Rage Mode',
    description: 'Steam from the nose, fury at maximum.',
    art: 'face-with-steam-from-nose',
    bg: ['#ffb3a1', '#c2261b'],
    burst: true,
    keywords: ['angry', 'rage', 'mad', 'furious', 'annoyed'],
    examples: [
      ['the printer', 'said no'],
      ['someone took', 'my parking spot'],
      ['the meeting', 'could have been an email'],
    ],
  }),
  character({
    id: 'sleepy-yawn',
    name: 'Sleepy Yawn',
    description: 'A yawn that says it is way past bedtime.',
    art: 'yawning-face',
    bg: ['#c7c9ff', '#2e2f6e'],
    keywords: ['sleepy', 'tired', 'yawn', 'bedtime', 'exhausted', 'night'],
    examples: [
      ['me at 10 am', 'after sleeping 10 hours'],
      ['one more episode', 'at 3 am'],
      ['the meeting', 'after lunch'],
    ],
    extra: emoji('crescent-moon', 600, 120, 130),
  }),
  character({
    id: 'clown-energy',
    name: 'Clown Energy',
    description: 'A clown face for when you played yourself.',
    art: 'clown-face',
    bg: ['#d4ffcf', '#35a34a'],
    burst: true,
    keywords: ['clown', 'fool', 'silly', 'mistake', 'self own', 'circus'],
    examples: [
      ['believed it would be', 'a quick fix'],
      ['me thinking', 'they would text back'],
      ['bought the course', 'never opened it'],
    ],
  }),
  character({
    id: 'hot-take',
    name: 'Hot Take',
    description: 'A sweating face about to say something spicy.',
    art: 'hot-face',
    bg: ['#ffd29b', '#e8561c'],
    burst: true,
    keywords: ['hot take', 'spicy', 'opinion', 'controversial', 'sweating', 'hot'],
    examples: [
      ['pineapple belongs', 'on pizza'],
      ['tabs are better', 'than spaces'],
      ['mondays are', 'actually fine'],
    ],
    extra: emoji('hot-pepper', 600, 480, 140),
  }),
];
