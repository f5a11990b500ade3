import type { GuideArticle } from '../article';

export const shareMemesOnline: GuideArticle = {
  intro:
    'A meme that looks great on your screen can be cropped, blurred or shrunk when you post it. A few minutes of care keep it sharp everywhere.',
  sections: [
    {
      heading: 'Pick the right shape',
      tips: [
        'Square (1:1) is safe on almost every network and in chat apps.',
        'Portrait (4:5) takes up more of the feed on Instagram and Facebook.',
        'Landscape (16:9) suits X/Twitter cards, YouTube community posts and Discord embeds.',
        'Stories and Reels are 9:16: leave space at the top and bottom, where the app draws its own buttons.',
      ],
      paragraphs: ['Tools › Modify › Resize has quick presets for the common social sizes, so you can make a copy in the right shape after downloading.'],
    },
    {
      heading: 'Keep it sharp',
      paragraphs: [
        'Networks recompress what you upload. Download PNG for text-heavy memes so the letters stay crisp, and JPG for photo memes. If a network says the file is too large, run it through Tools › Optimize › Compress first.',
      ],
    },
    {
      heading: 'Share responsibly',
      steps: [
        'Blur faces of people who did not agree to be in your meme: Tools › Security › Blur faces does it automatically.',
        'Strip hidden metadata such as GPS location from photos with Tools › Security before you post them.',
        'Credit the original creator when you remix someone else\'s picture, and do not post anything hateful or illegal.',
      ],
    },
  ],
};
