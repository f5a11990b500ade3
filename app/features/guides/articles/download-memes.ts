import { SHARE_MAX_BYTES, SHARE_MAX_SIDE } from '../../../../core/limits';
import type { GuideArticle } from '../article';

export const downloadMemes: GuideArticle = {
  intro:
    'When your meme is ready, Memeforge makes the file right in your browser from exactly what you see on the canvas, with no watermark, and nothing is sent to our servers. Here is how to pick the right format and size.',
  sections: [
    {
      heading: 'Download in three clicks',
      steps: [
        'Optional: press Auto Crop to trim empty space around your meme; it trims right to the edge of your content.',
        'Press Download Meme. The "Choose Export Format" dialog opens and shows about how large each file will be.',
        `Choose PNG, JPG or WebP, and a size: the share size (at most ${SHARE_MAX_SIDE} px on the long side, and a JPG or WebP kept under ${SHARE_MAX_BYTES / 1_000_000} MB, which every big network accepts) or the original size. Press Download. The file is named after the template or your photo, for example drake-meme.jpg. Cancel closes the dialog without downloading.`,
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
        'When the file is saved you will see "Download started"; check your browser\'s downloads list. If your browser cannot write the format you chose (some cannot write WebP), the dialog says so and saves nothing: pick JPG or PNG instead. On phones, the file usually lands in Downloads or Files rather than the photo gallery; long-press it to save it to your photos.',
      ],
    },
  ],
};
