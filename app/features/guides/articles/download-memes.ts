import type { GuideArticle } from '../article';

export const downloadMemes: GuideArticle = {
  intro:
    'When your meme is ready, Memeforge exports exactly what you see on the canvas at twice the screen size, with no watermark. Here is how to pick the right format.',
  sections: [
    {
      heading: 'Download in three clicks',
      steps: [
        'Optional: press Auto Crop to trim empty space around your meme (a 20 px margin is kept).',
        'Press Download Meme. The "Choose Export Format" dialog opens.',
        'Choose PNG, JPG or WebP. The file is saved as meme-followed-by-a-timestamp, for example meme-1735689600000.png. Cancel closes the dialog without downloading.',
      ],
    },
    {
      heading: 'Which format?',
      tips: [
        'PNG: best quality and sharp text, but larger files. The safest choice for memes that are mostly text.',
        'JPG: good quality and smaller; best for memes built on photos. Every app and site accepts it.',
        'WebP: modern format with the best compression; fine for the web and most chat apps, but some older software cannot open it.',
      ],
    },
    {
      heading: 'If the download does not start',
      paragraphs: [
        'If the server cannot prepare the file, your browser saves a PNG of the canvas directly instead and you will see "Download started". Check your browser\'s downloads list. On phones, the file usually lands in Downloads or Files rather than the photo gallery; long-press it to save it to your photos.',
      ],
    },
  ],
};
